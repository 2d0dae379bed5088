import type { GrayImage } from './gray-image.js';
import { heap, withPage, type PdfiumDocument } from './pdfium.js';

const FPDF_BITMAP_GRAY = 1;
const FPDF_ANNOT = 0x01;
const FPDF_GRAYSCALE = 0x08;
const FPDF_PRINTING = 0x800;
const WHITE = 0xffffffff;

export interface RenderOptions {
  dpi: number;
  /** Caps the rendered size of unusually large pages; the dpi is lowered to fit. */
  maxPixels: number;
}

/** Renders a page as displayed (its /Rotate applied) to 8-bit gray pixels. */
export function renderPageGray(document: PdfiumDocument, pageIndex: number, options: RenderOptions): GrayImage {
  const { pdfium } = document;
  return withPage(document, pageIndex, (page) => {
    const widthPt = pdfium.FPDF_GetPageWidthF(page);
    const heightPt = pdfium.FPDF_GetPageHeightF(page);
    const wanted = options.dpi / 72;
    const scale = Math.min(wanted, Math.sqrt(options.maxPixels / Math.max(1, widthPt * heightPt)));
    const width = Math.max(1, Math.round(widthPt * scale));
    const height = Math.max(1, Math.round(heightPt * scale));
    const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDF_BITMAP_GRAY, 0, 0);
    if (!bitmap) throw new RangeError(`PDFium could not allocate a ${width}×${height} bitmap`);
    try {
      pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
      pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_GRAYSCALE | FPDF_PRINTING);
      const stride = pdfium.FPDFBitmap_GetStride(bitmap);
      const source = new Uint8Array(heap(pdfium), pdfium.FPDFBitmap_GetBuffer(bitmap), stride * height);
      const data = new Uint8Array(width * height);
      for (let row = 0; row < height; row += 1) data.set(source.subarray(row * stride, row * stride + width), row * width);
      return { data, width, height };
    } finally {
      pdfium.FPDFBitmap_Destroy(bitmap);
    }
  });
}
