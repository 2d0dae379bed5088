import sharp from 'sharp';
import type { FileFormat } from '../contracts/document.js';
import { DocsiftError } from '../contracts/errors.js';
import type { GrayImage } from './gray-image.js';
import { imageSize } from './image-header.js';
import { checkPixelLimit, type ReaderLimits } from './limits.js';

/**
 * Decodes a JPEG or PNG to gray pixels, upright per its EXIF orientation. The pixel limit is checked
 * on the header first, and again by libvips, so an image bomb is refused before it is decoded.
 */
export async function decodeImage(bytes: Uint8Array, format: Exclude<FileFormat, 'pdf'>, limits: ReaderLimits): Promise<GrayImage> {
  const { width, height } = imageSize(bytes, format);
  checkPixelLimit(width, height, limits);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .grayscale()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch {
    const kind = format === 'png' ? 'PNG' : 'JPEG';
    throw new DocsiftError('corrupt_file', `The ${kind} image cannot be read: its data is damaged or the file is truncated.`);
  }
}

/** Photos and screenshots smaller than this (longer side, pixels) carry text too small for tesseract... */
const MIN_OCR_LONG_SIDE = 1800;
/** ...so they are enlarged towards this size, at most doubled. */
const OCR_TARGET_LONG_SIDE = 2200;
const MAX_UPSCALE = 2;

/**
 * Enlarges a small image before OCR. Measured on the corpus: a 789×557 invoice screenshot gave 39%
 * more characters read with confidence ≥ 0.5 at 1.5×, a 754×1000 form 20% more, a 150-dpi ACORD
 * 25 photo 7% more; a narrow receipt about the same.
 */
export async function enlargeForOcr(image: GrayImage): Promise<GrayImage> {
  const longSide = Math.max(image.width, image.height);
  if (longSide >= MIN_OCR_LONG_SIDE) return image;
  const scale = Math.min(MAX_UPSCALE, OCR_TARGET_LONG_SIDE / longSide);
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(Math.round(image.width * scale), Math.round(image.height * scale), { kernel: 'lanczos3' })
    .grayscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
