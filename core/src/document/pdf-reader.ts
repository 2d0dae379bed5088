import type { DocumentModel, Page } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { ReadOptions } from '../contracts/services.js';
import { DocsiftError, isDocsiftError } from '../contracts/errors.js';
import { checkPageLimit, throwIfAborted, type ReaderLimits } from './limits.js';
import type { OcrEngine } from './ocr/pool.js';
import type { Slots } from './ocr/slots.js';
import { readTextPage, type TextPageResult } from './pdf-pages.js';
import { loadPdfium, openDocument, type PdfiumDocument } from './pdfium.js';
import { renderPageGray } from './render.js';
import { hasUsableText } from './text-quality.js';

/** Pages without usable text are rendered at this resolution for OCR (see MAX_OCR_PIXELS in image.ts)... */
const OCR_DPI = 240;
/**
 * ...unless the page is a scan of lower resolution: rendering a 200-dpi scan at 240 dpi adds no
 * detail, only pixels for tesseract to process. Never below this, where small print breaks up.
 */
const MIN_OCR_DPI = 200;

/** A poster-sized page is rendered smaller rather than handing tesseract hundreds of megapixels. */
const MAX_OCR_PIXELS = 35_000_000;

/**
 * Not rounded: a fax of 1728 pixels across a letter page is 203.3 dpi, and rendered at 203 its
 * black and white pixels would be resampled into gray ones, and the page no longer read as a fax.
 */
function ocrDpi({ imageCoverage, largestImageDpi }: TextPageResult): number {
  if (imageCoverage < 0.5 || largestImageDpi === null) return OCR_DPI;
  return Math.min(OCR_DPI, Math.max(MIN_OCR_DPI, largestImageDpi));
}

export interface PdfReadContext {
  limits: ReaderLimits;
  ocr: OcrEngine;
  /** How many pages are recognised at once (one per OCR worker). */
  ocrConcurrency: number;
  /** Shared by all documents the reader reads at once: a page is rendered only when it has a slot. */
  ocrSlots: Slots;
  logger: Logger;
}

/** A WebAssembly trap inside PDFium (out-of-bounds access, abort) means the document is malformed. */
function asReadError(error: unknown): unknown {
  if (isDocsiftError(error) || !(error instanceof Error) || error.name !== 'RuntimeError') return error;
  return new DocsiftError('corrupt_file', 'The PDF cannot be read: its content is damaged.');
}

interface OcrTask {
  index: number;
  dpi: number;
}

class PdfPageReader {
  private readonly pages: Page[] = [];
  private done = 0;
  /** Form-field widgets seen on all pages. */
  widgetCount = 0;

  constructor(
    private readonly document: PdfiumDocument,
    private readonly context: PdfReadContext,
    private readonly options: ReadOptions,
  ) {}

  async readAll(): Promise<Page[]> {
    const needOcr: OcrTask[] = [];
    for (let index = 0; index < this.document.pageCount; index += 1) {
      throwIfAborted(this.options.signal);
      const textPage = readTextPage(this.document, index);
      this.pages[index] = textPage.page;
      this.widgetCount += textPage.widgetCount;
      if (hasUsableText(textPage)) this.pageDone();
      else needOcr.push({ index, dpi: ocrDpi(textPage) });
    }
    await this.recognize(needOcr);
    return this.pages;
  }

  /**
   * OCR with one page per worker in flight; a page is rendered only when a worker is free, to bound
   * memory. Rendering is the only use of the document, and it is guarded: once a page fails or the
   * signal aborts, no run renders again, so the caller may close the document at once while pages
   * already handed to tesseract finish on their own.
   */
  private async recognize(queue: OcrTask[]): Promise<void> {
    let failed = false;
    const next = async (): Promise<void> => {
      for (let task = queue.shift(); task !== undefined && !failed; task = queue.shift()) {
        throwIfAborted(this.options.signal);
        await this.recognizePage(task);
        if (failed) return;
        throwIfAborted(this.options.signal);
        this.pageDone();
      }
    };
    const runs = Array.from({ length: Math.max(1, this.context.ocrConcurrency) }, () =>
      next().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
    await Promise.all(runs);
  }

  private async recognizePage({ index, dpi }: OcrTask): Promise<void> {
    const started = performance.now();
    const { width, height } = this.pages[index];
    const maxPixels = Math.min(MAX_OCR_PIXELS, this.context.limits.maxPixels);
    // The OCR stages load with the first page that needs them: a digital PDF never does.
    const { ocrPage } = await import('./ocr-page.js');
    const page = await this.context.ocrSlots.run(() => ocrPage(this.context.ocr, renderPageGray(this.document, index, { dpi, maxPixels }), index + 1, width, height));
    this.pages[index] = page;
    const ms = Math.round(performance.now() - started);
    this.context.logger.debug(
      { page: index + 1, dpi, rotation: page.rotation, deskewAngle: page.deskewAngle, words: page.words.length, ms },
      'page recognised',
    );
  }

  private pageDone(): void {
    this.done += 1;
    this.options.onProgress?.(this.done / this.document.pageCount);
  }
}

function openChecked(pdfium: Awaited<ReturnType<typeof loadPdfium>>, bytes: Uint8Array, limits: ReaderLimits): PdfiumDocument {
  const document = openDocument(pdfium, bytes);
  try {
    if (document.pageCount <= 0) throw new DocsiftError('corrupt_file', 'The PDF cannot be read: it has no pages.');
    checkPageLimit(document.pageCount, limits);
    return document;
  } catch (error) {
    document.close();
    throw error;
  }
}

/** The form reader (pdf-lib) loads with the first PDF that has form widgets. */
async function readForm(document: PdfiumDocument, bytes: Uint8Array, logger: Logger): Promise<DocumentModel['formFields']> {
  const { readAcroFormFields } = await import('./forms.js');
  return readAcroFormFields(document, bytes, logger);
}

/** Reads a PDF: text layer per page, OCR for pages without usable text, and AcroForm fields. */
export async function readPdf(bytes: Uint8Array, context: PdfReadContext, options: ReadOptions): Promise<DocumentModel> {
  const pdfium = await loadPdfium();
  let document: PdfiumDocument | undefined;
  try {
    document = openChecked(pdfium, bytes, context.limits);
    options.onPageCount?.(document.pageCount);
    const pageReader = new PdfPageReader(document, context, options);
    const pages = await pageReader.readAll();
    const formFields = pageReader.widgetCount > 0 ? await readForm(document, bytes, context.logger) : [];
    return { format: 'pdf', pageCount: document.pageCount, pages, formFields, encrypted: document.encrypted };
  } catch (error) {
    throw asReadError(error);
  } finally {
    document?.close();
  }
}
