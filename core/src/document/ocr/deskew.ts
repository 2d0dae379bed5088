import type { GrayImage } from '../gray-image.js';
import type { PageWindow } from './crop.js';
import { estimateSkew, MAX_SKEW_DEGREES, sampleInk } from './projection.js';
import { loadSharp } from '../sharp.js';

/** Below this, tesseract copes on its own and a resample would only blur. */
const MIN_CORRECTED_SKEW = 0.3;

/** Skew of the text lines in degrees, clockwise positive (sharp's convention); 0 when too small to matter. */
export function measureSkew(image: GrayImage): number {
  return skewWorthCorrecting(estimateSkew(sampleInk(image), MAX_SKEW_DEGREES).degrees);
}

export function skewWorthCorrecting(degrees: number): number {
  return Math.abs(degrees) < MIN_CORRECTED_SKEW ? 0 : degrees;
}

/**
 * Rotates the image back by `skew` degrees on white paper. The rotated canvas is larger than the
 * page; the window is where the page, at its own size, sits centred on it (it is not cut out here:
 * the crop to the inked area copies from the canvas once).
 */
export async function deskew(image: GrayImage, skew: number): Promise<{ canvas: GrayImage; window: PageWindow }> {
  const window = { left: 0, top: 0, width: image.width, height: image.height };
  if (skew === 0) return { canvas: image, window };
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(-skew, { background: { r: 255, g: 255, b: 255 } })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas = { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  return { canvas, window: { ...window, left: Math.max(0, Math.floor((info.width - image.width) / 2)), top: Math.max(0, Math.floor((info.height - image.height) / 2)) } };
}
