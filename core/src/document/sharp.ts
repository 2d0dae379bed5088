import type Sharp from 'sharp';
import type { GrayImage } from './gray-image.js';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first image or scanned page: a digital PDF never needs it, and
 * loading it costs a command-line run more than reading such a PDF. libvips keeps recent
 * operations' images for reuse; the reader never repeats one, and the cache held about 60 MB after
 * a few scanned pages, so it is off.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** A gray image resized `scale` times with the given kernel (cubic or lanczos3). */
export async function scaleGray(image: GrayImage, scale: number, kernel: 'cubic' | 'lanczos3'): Promise<GrayImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(Math.round(image.width * scale), Math.round(image.height * scale), { kernel })
    .grayscale()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
