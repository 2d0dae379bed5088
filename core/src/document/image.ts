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
