import type { GrayImage } from '../gray-image.js';
import { otsuThreshold } from './projection.js';

/** Where a page lies on a larger canvas, in pixels. */
export interface PageWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a cut-out lies on its page, and the page's size, in pixels. */
export interface InkCrop {
  left: number;
  top: number;
  pageWidth: number;
  pageHeight: number;
}

/** A row or column with fewer ink pixels than this is paper (a speck of scan noise does not count). */
const MIN_INK_PIXELS = 3;
/** White kept around the ink: tesseract finds no text lines touching the image's edge. */
const MARGIN = 32;

/** First and last index with at least MIN_INK_PIXELS, or undefined for none. */
function inkedRange(counts: Uint32Array): [number, number] | undefined {
  const first = counts.findIndex((count) => count >= MIN_INK_PIXELS);
  return first < 0 ? undefined : [first, counts.findLastIndex((count) => count >= MIN_INK_PIXELS)];
}

/**
 * A copy of the window's inked area plus a margin (the whole window when it has no ink). Margins are
 * a fifth or more of a letter page; tesseract's time and memory (which its WASM heap never gives
 * back) grow with the pixels it is given. The copy is the caller's to paint on.
 */
export function cropToInk(canvas: GrayImage, window: PageWindow): { image: GrayImage; crop: InkCrop } {
  const { data, width: stride } = canvas;
  const width = Math.min(window.width, canvas.width - window.left);
  const height = Math.min(window.height, canvas.height - window.top);
  const threshold = otsuThreshold(data);
  const rows = new Uint32Array(height);
  const columns = new Uint32Array(width);
  for (let y = 0; y < height; y += 1) {
    const row = (window.top + y) * stride + window.left;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x] <= threshold) {
        rows[y] += 1;
        columns[x] += 1;
      }
    }
  }
  const [top, bottom] = inkedRange(rows) ?? [0, height - 1];
  const [left, right] = inkedRange(columns) ?? [0, width - 1];
  const x0 = Math.max(0, left - MARGIN);
  const y0 = Math.max(0, top - MARGIN);
  const cropWidth = Math.min(width, right + 1 + MARGIN) - x0;
  const cropHeight = Math.min(height, bottom + 1 + MARGIN) - y0;
  const out = new Uint8Array(cropWidth * cropHeight);
  for (let y = 0; y < cropHeight; y += 1) {
    const start = (window.top + y0 + y) * stride + window.left + x0;
    out.set(data.subarray(start, start + cropWidth), y * cropWidth);
  }
  return { image: { data: out, width: cropWidth, height: cropHeight }, crop: { left: x0, top: y0, pageWidth: window.width, pageHeight: window.height } };
}
