import type { Page } from '../contracts/document.js';
import { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
import { extractPageWords } from './pdf-text.js';
import { allocate, heap, withPage, type Pdfium, type PdfiumDocument } from './pdfium.js';

const FPDF_PAGEOBJ_IMAGE = 3;

/** A page read from its text layer, with how much of it is covered by images (a scan is one big image). */
export interface TextPageResult {
  page: Page;
  /** Sum of the areas of the page's top-level images over the page area, capped at 1. */
  imageCoverage: number;
}

function imageCoverage(pdfium: Pdfium, page: number): number {
  const pageArea = pdfium.FPDF_GetPageWidthF(page) * pdfium.FPDF_GetPageHeightF(page);
  if (pageArea <= 0) return 0;
  const count = pdfium.FPDFPage_CountObjects(page);
  const bounds = allocate(pdfium, 16);
  let area = 0;
  try {
    for (let index = 0; index < count; index += 1) {
      const object = pdfium.FPDFPage_GetObject(page, index);
      if (pdfium.FPDFPageObj_GetType(object) !== FPDF_PAGEOBJ_IMAGE) continue;
      const p = bounds.pointer;
      if (!pdfium.FPDFPageObj_GetBounds(object, p, p + 4, p + 8, p + 12)) continue;
      const [left, bottom, right, top] = new Float32Array(heap(pdfium), p, 4);
      area += Math.abs((right - left) * (top - bottom));
    }
  } finally {
    bounds.free();
  }
  return Math.min(1, area / pageArea);
}

/** Reads one page's text layer into a page of the model (source 'none' when it has no text). */
export function readTextPage(document: PdfiumDocument, pageIndex: number): TextPageResult {
  const { pdfium } = document;
  return withPage(document, pageIndex, (page) => {
    const lines = groupWordsIntoLines(extractPageWords(pdfium, page));
    return {
      page: {
        number: pageIndex + 1,
        width: pdfium.FPDF_GetPageWidthF(page),
        height: pdfium.FPDF_GetPageHeightF(page),
        rotation: 0,
        deskewAngle: 0,
        source: lines.length > 0 ? 'text' : 'none',
        words: wordsInReadingOrder(lines),
        lines,
      },
      imageCoverage: imageCoverage(pdfium, page),
    };
  });
}
