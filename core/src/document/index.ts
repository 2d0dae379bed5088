// PLACEHOLDER (reader helper replaces this file)
import type { DocumentReader } from '../contracts/services.js';
import type { Logger } from '../contracts/logger.js';
export interface DocumentReaderOptions {
  limits: { maxPages: number; maxPixels: number };
  ocr: { workers: number };
  logger: Logger;
}
export function createDocumentReader(_options: DocumentReaderOptions): DocumentReader {
  throw new Error('not yet');
}
