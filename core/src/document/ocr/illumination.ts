import type { GrayImage } from '../gray-image.js';

/**
 * Flattens uneven lighting (a phone photo's shadow, a scanner's dim edge, a desk around a receipt)
 * before OCR: the paper's brightness is estimated block by block (a high percentile of each block,
 * spread over the neighbouring blocks so a block of dense text still sees paper) and every pixel is
 * divided by it. Text keeps its contrast with its own paper; a shadow or a dark background becomes
 * white paper. On an evenly lit scan the paper is near 255 everywhere and the image barely changes.
 */

/** Block side in pixels: several text lines tall at the sizes the readers produce. */
const BLOCK = 48;
/** The paper's level is this percentile of a block's pixels (text covers less than a fifth of most blocks). */
const PAPER_PERCENTILE = 0.9;
/** A background darker than this is no paper at all (a desk, a photo's border): it turns white. */
const MIN_PAPER = 48;
/** Below this spread of paper levels the page is evenly lit and left as it is. */
const EVEN_LIGHTING = 24;

function blockLevels(image: GrayImage, columns: number, rows: number): Float32Array {
  const { data, width, height } = image;
  const levels = new Float32Array(columns * rows);
  const histogram = new Uint32Array(256);
  for (let blockY = 0; blockY < rows; blockY += 1) {
    for (let blockX = 0; blockX < columns; blockX += 1) {
      histogram.fill(0);
      const x0 = blockX * BLOCK;
      const y0 = blockY * BLOCK;
      const x1 = Math.min(width, x0 + BLOCK);
      const y1 = Math.min(height, y0 + BLOCK);
      for (let y = y0; y < y1; y += 2) {
        for (let x = x0; x < x1; x += 2) histogram[data[y * width + x]] += 1;
      }
      const wanted = Math.ceil(((x1 - x0) * (y1 - y0) * PAPER_PERCENTILE) / 4);
      let seen = 0;
      let level = 255;
      for (let value = 0; value < 256; value += 1) {
        seen += histogram[value];
        if (seen >= wanted) {
          level = value;
          break;
        }
      }
      levels[blockY * columns + blockX] = level;
    }
  }
  return levels;
}

/** Each block's level becomes the brightest of its 3×3 neighbourhood (dense text or a logo still sees its paper), then smoothed. */
function spread(levels: Float32Array, columns: number, rows: number): Float32Array {
  const widened = new Float32Array(levels.length);
  const smoothed = new Float32Array(levels.length);
  const around = (source: Float32Array, x: number, y: number, pick: (a: number, b: number) => number, start: number): number => {
    let value = start;
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const nx = Math.min(columns - 1, Math.max(0, x + dx));
        const ny = Math.min(rows - 1, Math.max(0, y + dy));
        value = pick(value, source[ny * columns + nx]);
      }
    }
    return value;
  };
  for (let y = 0; y < rows; y += 1) for (let x = 0; x < columns; x += 1) widened[y * columns + x] = around(levels, x, y, Math.max, 0);
  for (let y = 0; y < rows; y += 1) for (let x = 0; x < columns; x += 1) smoothed[y * columns + x] = around(widened, x, y, (a, b) => a + b, 0) / 9;
  return smoothed;
}

/** The paper level at a pixel, interpolated between block centres. */
function levelAt(levels: Float32Array, columns: number, rows: number, x: number, y: number): number {
  const fx = Math.min(columns - 1, Math.max(0, x / BLOCK - 0.5));
  const fy = Math.min(rows - 1, Math.max(0, y / BLOCK - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(columns - 1, x0 + 1);
  const y1 = Math.min(rows - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const top = levels[y0 * columns + x0] * (1 - tx) + levels[y0 * columns + x1] * tx;
  const bottom = levels[y1 * columns + x0] * (1 - tx) + levels[y1 * columns + x1] * tx;
  return top * (1 - ty) + bottom * ty;
}

export function flattenIllumination(image: GrayImage): GrayImage {
  const columns = Math.ceil(image.width / BLOCK);
  const rows = Math.ceil(image.height / BLOCK);
  if (columns < 3 || rows < 3) return image;
  const levels = spread(blockLevels(image, columns, rows), columns, rows);
  let lowest = 255;
  let highest = 0;
  for (const level of levels) {
    lowest = Math.min(lowest, level);
    highest = Math.max(highest, level);
  }
  if (highest - lowest < EVEN_LIGHTING) return image;
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const paper = levelAt(levels, columns, rows, x, y);
      const index = y * width + x;
      out[index] = paper < MIN_PAPER ? 255 : Math.min(255, Math.round((255 * data[index]) / paper));
    }
  }
  return { data: out, width, height };
}
