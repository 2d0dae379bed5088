import type { DocumentModel, FileFormat } from '../contracts/document.js';
import type { DocumentReader, ReadOptions } from '../contracts/services.js';
import type { DocumentReaderOptions } from '../document/reader.js';
import { sniff } from '../document/sniff.js';

/**
 * The built-in reader, loaded on the first document: PDFium, pdf-lib, sharp and tesseract.js cost
 * tens of MB per thread, and a process that only lists types or maps results (the host's API
 * thread) never reads a document. Sniffing needs none of them and stays synchronous.
 */
export class LazyDocumentReader implements DocumentReader {
  #reader: Promise<DocumentReader> | undefined;

  constructor(private readonly options: DocumentReaderOptions) {}

  sniff(bytes: Uint8Array): FileFormat {
    return sniff(bytes);
  }

  async read(bytes: Uint8Array, options?: ReadOptions): Promise<DocumentModel> {
    return (await this.#load()).read(bytes, options);
  }

  async close(): Promise<void> {
    if (this.#reader) await (await this.#reader).close();
  }

  #load(): Promise<DocumentReader> {
    this.#reader ??= import('../document/index.js').then((document) => document.createDocumentReader(this.options));
    return this.#reader;
  }
}
