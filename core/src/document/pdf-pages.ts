import type { Page } from '../contracts/document.js';
import { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
import { extractPageWords } from './pdf-text.js';
import { withPage, type PdfiumDocument } from './pdfium.js';

/** Reads one page's text layer into a page of the model (source 'none' when it has no text). */
export function readTextPage(document: PdfiumDocument, pageIndex: number): Page {
  const { pdfium } = document;
  return withPage(document, pageIndex, (page) => {
    const lines = groupWordsIntoLines(extractPageWords(pdfium, page));
    return {
      number: pageIndex + 1,
      width: pdfium.FPDF_GetPageWidthF(page),
      height: pdfium.FPDF_GetPageHeightF(page),
      rotation: 0,
      deskewAngle: 0,
      source: lines.length > 0 ? 'text' : 'none',
      words: wordsInReadingOrder(lines),
      lines,
    };
  });
}
