import type { FileFormat } from '../contracts/document.js';
import { DocsiftError } from '../contracts/errors.js';
import type { GrayImage } from './gray-image.js';
import { imageSize } from './image-header.js';
import { checkPixelLimit, type ReaderLimits } from './limits.js';
import { loadSharp, scaleGray } from './sharp.js';
import { isBilevel } from './ocr/bilevel.js';
import { inkComponents } from './ocr/components.js';
import { flattenIllumination } from './ocr/illumination.js';
import { otsuThreshold } from './ocr/projection.js';
import { edgeWidth } from './ocr/sharpness.js';
import { capitalHeight, typicalGlyphHeight } from './ocr/text-height.js';

/** Photos and screenshots smaller than this (longer side, pixels) carry text too small for tesseract... */
const MIN_OCR_LONG_SIDE = 1800;
/** ...so they are enlarged towards this size, at most doubled. */
const OCR_TARGET_LONG_SIDE = 2200;
const MAX_UPSCALE = 2;
/**
 * Larger images are shrunk to this many pixels, a letter page at 240 dpi (PDF scans are rendered at
 * 240 dpi too). Every copy of the page and tesseract's WASM heap, which never shrinks, grow with
 * the pixels: the engine bench's peak RSS with two OCR workers was about 90 MB lower at 240 than at
 * 300 dpi.
 */
const MAX_OCR_PIXELS = 8.5 * 11 * 240 * 240;
/**
 * A photo (soft print, see MAX_SHARP_EDGE_WIDTH) whose letters (their most frequent height, see
 * text-height.ts) are shorter than this many pixels is enlarged until they are this tall, at most
 * MAX_UPSCALE times... A phone photo of a letter page at 130-170 dpi has letters 8-13 pixels tall:
 * enlarged, the tuning families' photos read 94.9% of their words right instead of 92.0%, their
 * figures 95.5% instead of 88.7%.
 */
const OCR_LETTER_HEIGHT = 18;
/**
 * ...but sharp print is enlarged only until its capitals and digits (see capitalHeight) are this tall:
 * a resampled sharp image holds nothing more for tesseract, and its paper grain grows with it. The
 * corpus's page images at 150 and 200 dpi (capitals 12.5 and 16.6 px) read fewer fields and line
 * items enlarged to 18-pixel letters (1.4-1.9 times) than at their size.
 */
const OCR_CAPITAL_HEIGHT = 16;
/**
 * Print whose edges (see edgeWidth in sharpness.ts) are at most this many pixels wide is sharp. The
 * corpus's page images at 150 dpi and its 200-dpi statement measure 0.8-1.1 px (its 200-dpi JPEG
 * certificate 1.2 px); the tuning families' photos, and 42 more made of them with other seeds, all
 * 1.2-1.8 px, so they are enlarged as before.
 */
const MAX_SHARP_EDGE_WIDTH = 1.15;
/** ...when that enlarges it by this much at least (a smaller step costs time and changes little)... */
const MIN_LETTER_UPSCALE = 1.25;
/** ...and never beyond this many pixels, for tesseract's heap (a letter page at about 340 dpi). */
const MAX_ENLARGED_PIXELS = 2 * MAX_OCR_PIXELS;
/**
 * Letters measured blob by blob and weighted by their height differ by a third to a half (x-height
 * and capitals); when they differ more than this, the most frequent small blobs are paper grain or
 * JPEG blotches around a few large letters (a receipt photographed close), and the image is left as
 * it is.
 */
const MAX_LETTER_HEIGHT_DISAGREEMENT = 2;

/**
 * Decodes a JPEG or PNG to gray pixels, upright per its EXIF orientation and sized for OCR, with the
 * upright size of the image as given. Large images are shrunk in the decoding pass, so the full-size
 * pixels never exist as one buffer. The pixel limit is checked on the header first, and again by
 * libvips, so an image bomb is refused before it is decoded.
 */
export async function decodeForOcr(
  bytes: Uint8Array,
  format: Exclude<FileFormat, 'pdf'>,
  limits: ReaderLimits,
): Promise<{ image: GrayImage; width: number; height: number }> {
  const header = imageSize(bytes, format);
  checkPixelLimit(header.width, header.height, limits);
  const shrink = Math.min(1, Math.sqrt(MAX_OCR_PIXELS / (header.width * header.height)));
  const sharp = await loadSharp();
  let decoded: { image: GrayImage; width: number; height: number };
  try {
    const decoder = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated' });
    const { width, height } = (await decoder.metadata()).autoOrient;
    let pipeline = decoder.rotate().flatten({ background: '#ffffff' }).grayscale();
    if (shrink < 1) pipeline = pipeline.resize(Math.round(width * shrink), Math.round(height * shrink), { kernel: 'lanczos3' });
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    decoded = { image: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }, width, height };
  } catch {
    const kind = format === 'png' ? 'PNG' : 'JPEG';
    throw new DocsiftError('corrupt_file', `The ${kind} image cannot be read: its data is damaged or the file is truncated.`);
  }
  // Letters are measured only on images not shrunk: a shrunk one is a letter page at 240 dpi or more.
  return { ...decoded, image: await enlargeForOcr(decoded.image, shrink >= 1) };
}

/**
 * How much to enlarge an image so that its letters are OCR_LETTER_HEIGHT tall, or its capitals
 * OCR_CAPITAL_HEIGHT tall when its print is sharp: 1 when they are, when it has too few letters to
 * tell or its small blobs are no letters, or when it is black and white (a fax reads worse
 * enlarged, see bilevel.ts).
 */
export function letterUpscale(image: GrayImage): number {
  if (isBilevel(image)) return 1;
  const flat = flattenIllumination(image);
  const threshold = otsuThreshold(flat.data);
  const components = inkComponents(flat, threshold);
  const letters = typicalGlyphHeight(components, flat.height);
  const byHeight = typicalGlyphHeight(components, flat.height, 'height');
  const capitals = capitalHeight(components, flat.height);
  if (letters === undefined || byHeight === undefined || capitals === undefined || byHeight > MAX_LETTER_HEIGHT_DISAGREEMENT * letters) return 1;
  const sharpPrint = (edgeWidth(flat, threshold) ?? Infinity) <= MAX_SHARP_EDGE_WIDTH;
  const scale = Math.min(MAX_UPSCALE, sharpPrint ? OCR_CAPITAL_HEIGHT / capitals : OCR_LETTER_HEIGHT / letters, Math.sqrt(MAX_ENLARGED_PIXELS / (image.width * image.height)));
  return scale >= MIN_LETTER_UPSCALE ? scale : 1;
}

/**
 * Enlarges a small image, or one of small print (see OCR_LETTER_HEIGHT), before OCR. Measured on the
 * corpus: a 789×557 invoice screenshot gave 39% more characters read with confidence ≥ 0.5 at 1.5×,
 * a 754×1000 form 20% more, a 150-dpi ACORD 25 photo 7% more; a narrow receipt about the same.
 */
async function enlargeForOcr(image: GrayImage, measureLetters: boolean): Promise<GrayImage> {
  const longSide = Math.max(image.width, image.height);
  const bySize = longSide >= MIN_OCR_LONG_SIDE ? 1 : Math.min(MAX_UPSCALE, OCR_TARGET_LONG_SIDE / longSide);
  const scale = Math.max(bySize, measureLetters ? letterUpscale(image) : 1);
  return scale === 1 ? image : scaleGray(image, scale, 'lanczos3');
}
