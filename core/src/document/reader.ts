import type { DocumentModel, FileFormat } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { DocumentReader, ReadOptions } from '../contracts/services.js';
import { throwIfAborted, type ReaderLimits } from './limits.js';
import { TesseractPool, type OcrEngine } from './ocr/pool.js';
import { Slots } from './ocr/slots.js';
import { readPdf } from './pdf-reader.js';
import { sniff } from './sniff.js';

export interface DocumentReaderOptions {
  limits: ReaderLimits;
  /** OCR worker threads, started on the first page that needs OCR. */
  ocr: { workers: number };
  logger: Logger;
}

/** Bytes to document model: sniffing, limits, PDF text layer and forms, OCR of images and scanned pages. */
export class LocalDocumentReader implements DocumentReader {
  private readonly logger: Logger;
  private readonly ocr: OcrEngine;
  private readonly ocrSlots: Slots;

  constructor(
    private readonly options: DocumentReaderOptions,
    ocr?: OcrEngine,
  ) {
    this.logger = options.logger.child({ component: 'document-reader' });
    this.ocr = ocr ?? new TesseractPool(options.ocr.workers, this.logger);
    this.ocrSlots = new Slots(options.ocr.workers);
  }

  sniff(bytes: Uint8Array): FileFormat {
    return sniff(bytes);
  }

  async read(bytes: Uint8Array, options: ReadOptions = {}): Promise<DocumentModel> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const format = sniff(bytes);
    const model =
      format === 'pdf'
        ? await readPdf(bytes, { limits: this.options.limits, ocr: this.ocr, ocrConcurrency: this.options.ocr.workers, ocrSlots: this.ocrSlots, logger: this.logger }, options)
        : await this.readImage(bytes, format, options);
    this.logger.debug(
      { format, pageCount: model.pageCount, sources: model.pages.map((page) => page.source), ms: Math.round(performance.now() - started) },
      'document read',
    );
    return model;
  }

  async close(): Promise<void> {
    await this.ocr.close();
  }

  private async readImage(bytes: Uint8Array, format: Exclude<FileFormat, 'pdf'>, options: ReadOptions): Promise<DocumentModel> {
    options.onPageCount?.(1);
    const [{ decodeForOcr }, { ocrPage }] = await Promise.all([import('./image.js'), import('./ocr-page.js')]);
    const page = await this.ocrSlots.run(async () => {
      const { image, width, height } = await decodeForOcr(bytes, format, this.options.limits);
      throwIfAborted(options.signal);
      return ocrPage(this.ocr, image, 1, width, height);
    });
    throwIfAborted(options.signal);
    options.onProgress?.(1);
    return { format, pageCount: 1, pages: [page], formFields: [], encrypted: false };
  }
}
