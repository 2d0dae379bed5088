import type { DocumentReader } from '../contracts/services.js';
import { LocalDocumentReader, type DocumentReaderOptions } from './reader.js';

export { LocalDocumentReader, type DocumentReaderOptions } from './reader.js';
export type { OcrEngine } from './ocr/pool.js';
export type { OcrWord } from './ocr/tsv.js';
export type { ReaderLimits } from './limits.js';
export { sniff } from './sniff.js';
export { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
export { documentText, pageText } from './text.js';

/** The reader the container registers: sniffing, limits, PDF text layer, form fields and OCR. */
export function createDocumentReader(options: DocumentReaderOptions): DocumentReader {
  return new LocalDocumentReader(options);
}
