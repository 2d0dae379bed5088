import type Sharp from 'sharp';

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
