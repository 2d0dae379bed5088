import type { DocumentModel, FileFormat, Page } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { DocumentReader, ReadOptions } from '../contracts/services.js';
import { DocsiftError, isDocsiftError } from '../contracts/errors.js';
import { readAcroFormFields } from './forms.js';
import { checkPageLimit, throwIfAborted, type ReaderLimits } from './limits.js';
import { readTextPage } from './pdf-pages.js';
import { loadPdfium, openDocument, type PdfiumDocument } from './pdfium.js';
import { sniff } from './sniff.js';

export interface DocumentReaderOptions {
  limits: ReaderLimits;
  ocr: { workers: number };
  logger: Logger;
}

/** Anything PDFium throws while reading one document means the document is malformed. */
function asReadError(error: unknown): DocsiftError {
  if (isDocsiftError(error)) return error;
  return new DocsiftError('corrupt_file', 'The PDF cannot be read: its content is damaged.');
}

export class PdfDocumentReader implements DocumentReader {
  private readonly logger: Logger;

  constructor(private readonly options: DocumentReaderOptions) {
    this.logger = options.logger.child({ component: 'document-reader' });
  }

  sniff(bytes: Uint8Array): FileFormat {
    return sniff(bytes);
  }

  async read(bytes: Uint8Array, options: ReadOptions = {}): Promise<DocumentModel> {
    throwIfAborted(options.signal);
    const format = sniff(bytes);
    if (format !== 'pdf') {
      throw new DocsiftError('invalid_file_format', 'Images are not supported by this reader yet.');
    }
    return this.readPdf(bytes, options);
  }

  async close(): Promise<void> {}

  private async readPdf(bytes: Uint8Array, options: ReadOptions): Promise<DocumentModel> {
    const pdfium = await loadPdfium();
    const document = openDocument(pdfium, bytes);
    try {
      checkPageLimit(document.pageCount, this.options.limits);
      const pages = this.readPdfPages(document, options);
      const formFields = await readAcroFormFields(document, bytes, this.logger);
      this.logger.debug({ pageCount: document.pageCount, encrypted: document.encrypted }, 'read pdf');
      return { format: 'pdf', pageCount: document.pageCount, pages, formFields, encrypted: document.encrypted };
    } catch (error) {
      throw asReadError(error);
    } finally {
      document.close();
    }
  }

  private readPdfPages(document: PdfiumDocument, options: ReadOptions): Page[] {
    const pages: Page[] = [];
    for (let index = 0; index < document.pageCount; index += 1) {
      throwIfAborted(options.signal);
      pages.push(readTextPage(document, index));
      options.onProgress?.((index + 1) / document.pageCount);
    }
    return pages;
  }
}
