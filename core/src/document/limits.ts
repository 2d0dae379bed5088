import { DocsiftError } from '../contracts/errors.js';

export interface ReaderLimits {
  /** PDFs with more pages are refused. */
  maxPages: number;
  /** Images with more pixels (width × height) are refused before they are decoded. */
  maxPixels: number;
}

export function checkPageLimit(pageCount: number, limits: ReaderLimits): void {
  if (pageCount > limits.maxPages) {
    throw new DocsiftError(
      'page_limit_exceeded',
      `The PDF has ${pageCount} pages; at most ${limits.maxPages} pages are accepted.`,
      { pageCount, maxPages: limits.maxPages },
    );
  }
}

export function checkPixelLimit(width: number, height: number, limits: Pick<ReaderLimits, 'maxPixels'>): void {
  if (width * height > limits.maxPixels) {
    throw new DocsiftError(
      'pixel_limit_exceeded',
      `The image is ${width}×${height} pixels; at most ${limits.maxPixels} pixels are accepted.`,
      { width, height, maxPixels: limits.maxPixels },
    );
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocsiftError('aborted', 'Reading the document was cancelled.');
}
