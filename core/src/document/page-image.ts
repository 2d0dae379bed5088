import type { FileFormat } from '../contracts/document.js';
import { DocsiftError } from '../contracts/errors.js';
import { imageSize } from './image-header.js';
import { checkPixelLimit } from './limits.js';
import { heap, loadPdfium, openDocument, withPage } from './pdfium.js';
import { loadSharp } from './sharp.js';

export type PageImageFormat = 'png' | 'webp';

export interface PageImageOptions {
  /** 1-based page number. */
  page: number;
  /** Width of the image in pixels; the height follows the page's proportions. */
  width: number;
  format: PageImageFormat;
  /**
   * How the engine turned (clockwise, a multiple of 90) and then straightened (degrees, clockwise
   * positive) the page it read: the model's `Page.rotation` and `deskewAngle`. Applied here the same
   * way, so a value's page-fraction box falls on the image where it fell on the page read.
   */
  rotation?: number;
  deskewAngle?: number;
  /** The reader's pixel limit for images (default 100 megapixels). */
  maxPixels?: number;
}

export interface PageImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  pageCount: number;
}

/** A page far taller than wide would otherwise make an image of hundreds of megapixels; it is narrowed to fit. */
export const MAX_PAGE_IMAGE_PIXELS = 12_000_000;
const DEFAULT_MAX_PIXELS = 100_000_000;
/** sharp's default effort (4) took 520 ms on a scanned letter page at 1000 px; 2 took 230 ms for a file 1% larger. */
const WEBP_EFFORT = 2;
const FPDF_BITMAP_BGR = 2;
const FPDF_ANNOT = 0x01;
const FPDF_PRINTING = 0x800;
const WHITE = 0xffffffff;
const WHITE_RGB = { r: 255, g: 255, b: 255 };
/** PDFium writes blue, green, red; sharp reads red, green, blue. */
const SWAP_RED_BLUE: [[number, number, number], [number, number, number], [number, number, number]] = [
  [0, 0, 1],
  [0, 1, 0],
  [1, 0, 0],
];

interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * One page of a PDF, JPEG or PNG as a PNG or WebP image of the requested width, turned upright the
 * way the engine read it (EXIF orientation, then `rotation` and `deskewAngle`). Rejects with
 * `invalid_argument` (details.pageCount) for a page the file does not have, and like the reader
 * for a file it cannot open.
 */
export async function renderPageImage(bytes: Uint8Array, fileType: FileFormat, options: PageImageOptions): Promise<PageImage> {
  const sharp = await loadSharp();
  const rotation = (((options.rotation ?? 0) % 360) + 360) % 360;
  const { image, pageCount } = fileType === 'pdf' ? await pdfPage(bytes, options, rotation) : await photoPage(bytes, fileType, options, rotation);
  const straight = await straighten(image, options.deskewAngle ?? 0);
  const encoder = sharp(straight.data, { raw: { width: straight.width, height: straight.height, channels: 3 } });
  const encoded = options.format === 'webp' ? encoder.webp({ quality: 85, effort: WEBP_EFFORT }) : encoder.png({ compressionLevel: 6 });
  const output = await encoded.toBuffer();
  return { bytes: new Uint8Array(output.buffer, output.byteOffset, output.byteLength), width: straight.width, height: straight.height, pageCount };
}

function outOfRange(page: number, pageCount: number): DocsiftError {
  return new DocsiftError('invalid_argument', `Page ${page} is not a page of this ${pageCount}-page document.`, { pageCount });
}

/** The output size for a page of `uprightWidth`×`uprightHeight` (any unit), the requested width unless past the pixel cap. */
function outputSize(uprightWidth: number, uprightHeight: number, requestedWidth: number): { width: number; height: number } {
  const ratio = uprightHeight / Math.max(uprightWidth, 1e-6);
  const width = Math.max(1, Math.min(requestedWidth, Math.floor(Math.sqrt(MAX_PAGE_IMAGE_PIXELS / ratio))));
  return { width, height: Math.max(1, Math.round(width * ratio)) };
}

async function pdfPage(bytes: Uint8Array, options: PageImageOptions, rotation: number): Promise<{ image: RgbImage; pageCount: number }> {
  const [pdfium, sharp] = await Promise.all([loadPdfium(), loadSharp()]);
  const document = openDocument(pdfium, bytes);
  try {
    if (!Number.isInteger(options.page) || options.page < 1 || options.page > document.pageCount) throw outOfRange(options.page, document.pageCount);
    const bgr = withPage(document, options.page - 1, (page) => {
      const quarter = rotation % 180 === 90;
      const widthPt = pdfium.FPDF_GetPageWidthF(page);
      const heightPt = pdfium.FPDF_GetPageHeightF(page);
      const { width, height } = quarter ? outputSize(heightPt, widthPt, options.width) : outputSize(widthPt, heightPt, options.width);
      const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDF_BITMAP_BGR, 0, 0);
      if (!bitmap) throw new RangeError(`PDFium could not allocate a ${width}×${height} bitmap`);
      try {
        pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
        pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, rotation / 90, FPDF_ANNOT | FPDF_PRINTING);
        const stride = pdfium.FPDFBitmap_GetStride(bitmap);
        const source = new Uint8Array(heap(pdfium), pdfium.FPDFBitmap_GetBuffer(bitmap), stride * height);
        const rowBytes = width * 3;
        const data = new Uint8Array(rowBytes * height);
        for (let row = 0; row < height; row += 1) data.set(source.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
        return { data, width, height };
      } finally {
        pdfium.FPDFBitmap_Destroy(bitmap);
      }
    });
    const { data, info } = await sharp(bgr.data, { raw: { width: bgr.width, height: bgr.height, channels: 3 } })
      .recomb(SWAP_RED_BLUE)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { image: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }, pageCount: document.pageCount };
  } finally {
    document.close();
  }
}

async function photoPage(bytes: Uint8Array, format: Exclude<FileFormat, 'pdf'>, options: PageImageOptions, rotation: number): Promise<{ image: RgbImage; pageCount: number }> {
  if (options.page !== 1) throw outOfRange(options.page, 1);
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const header = imageSize(bytes, format);
  checkPixelLimit(header.width, header.height, { maxPixels });
  const sharp = await loadSharp();
  try {
    const decoder = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' });
    const upright = (await decoder.metadata()).autoOrient;
    const quarter = rotation % 180 === 90;
    const { width, height } = quarter ? outputSize(upright.height, upright.width, options.width) : outputSize(upright.width, upright.height, options.width);
    const { data, info } = await decoder
      .autoOrient()
      .rotate(rotation)
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
      .flatten({ background: WHITE_RGB })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { image: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }, pageCount: 1 };
  } catch {
    const kind = format === 'png' ? 'PNG' : 'JPEG';
    throw new DocsiftError('corrupt_file', `The ${kind} image cannot be read: its data is damaged or the file is truncated.`);
  }
}

/** Straightens as the OCR did (ocr/deskew.ts): turned back by the angle on white paper, the page cut out of the centre at its own size. */
async function straighten(image: RgbImage, deskewAngle: number): Promise<RgbImage> {
  if (deskewAngle === 0) return image;
  const sharp = await loadSharp();
  const turned = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .rotate(-deskewAngle, { background: WHITE_RGB })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.floor((turned.info.width - image.width) / 2));
  const top = Math.max(0, Math.floor((turned.info.height - image.height) / 2));
  const { data, info } = await sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels } })
    .extract({ left, top, width: image.width, height: image.height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
