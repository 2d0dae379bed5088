import type { Page } from '../contracts/document.js';
import { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
import { extractPageWords } from './pdf-text.js';
import { allocate, heap, withPage, type Pdfium, type PdfiumDocument } from './pdfium.js';

const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_ANNOT_WIDGET = 20;

function countWidgets(pdfium: Pdfium, page: number): number {
  let widgets = 0;
  const count = pdfium.FPDFPage_GetAnnotCount(page);
  for (let index = 0; index < count; index += 1) {
    const annot = pdfium.FPDFPage_GetAnnot(page, index);
    if (!annot) continue;
    if (pdfium.FPDFAnnot_GetSubtype(annot) === FPDF_ANNOT_WIDGET) widgets += 1;
    pdfium.FPDFPage_CloseAnnot(annot);
  }
  return widgets;
}

/** A page read from its text layer, with what its images say about it being a scan. */
export interface TextPageResult {
  page: Page;
  /** Sum of the areas of the page's top-level images over the page area, capped at 1. */
  imageCoverage: number;
  /** Resolution (dots per inch) at which the page's largest image is drawn; null without images. */
  largestImageDpi: number | null;
  /** Form-field widgets on the page. */
  widgetCount: number;
}

interface PageImages {
  coverage: number;
  largestImageDpi: number | null;
}

function imageDpi(pdfium: Pdfium, object: number, widthPt: number, out: number): number | null {
  if (!pdfium.FPDFImageObj_GetImagePixelSize(object, out, out + 4) || widthPt <= 0) return null;
  const [pixelWidth] = new Uint32Array(heap(pdfium), out, 2);
  return (pixelWidth / widthPt) * 72;
}

function pageImages(pdfium: Pdfium, page: number): PageImages {
  const pageArea = pdfium.FPDF_GetPageWidthF(page) * pdfium.FPDF_GetPageHeightF(page);
  const count = pdfium.FPDFPage_CountObjects(page);
  const out = allocate(pdfium, 16);
  let area = 0;
  let largest = { area: 0, dpi: null as number | null };
  try {
    for (let index = 0; index < count; index += 1) {
      const object = pdfium.FPDFPage_GetObject(page, index);
      if (pdfium.FPDFPageObj_GetType(object) !== FPDF_PAGEOBJ_IMAGE) continue;
      const p = out.pointer;
      if (!pdfium.FPDFPageObj_GetBounds(object, p, p + 4, p + 8, p + 12)) continue;
      const [left, bottom, right, top] = new Float32Array(heap(pdfium), p, 4);
      const imageArea = Math.abs((right - left) * (top - bottom));
      area += imageArea;
      if (imageArea > largest.area) largest = { area: imageArea, dpi: imageDpi(pdfium, object, Math.abs(right - left), p) };
    }
  } finally {
    out.free();
  }
  return { coverage: pageArea > 0 ? Math.min(1, area / pageArea) : 0, largestImageDpi: largest.dpi };
}

/** Reads one page's text layer into a page of the model (source 'none' when it has no text). */
export function readTextPage(document: PdfiumDocument, pageIndex: number): TextPageResult {
  const { pdfium } = document;
  return withPage(document, pageIndex, (page) => {
    const lines = groupWordsIntoLines(extractPageWords(pdfium, page));
    const images = pageImages(pdfium, page);
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
      imageCoverage: images.coverage,
      largestImageDpi: images.largestImageDpi,
      widgetCount: countWidgets(pdfium, page),
    };
  });
}
