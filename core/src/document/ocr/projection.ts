import type { GrayImage } from '../gray-image.js';

/** Ink pixels of a downscaled, binarised copy of a page: the input to skew and orientation estimates. */
export interface InkSample {
  xs: Int32Array;
  ys: Int32Array;
  width: number;
  height: number;
}

/** Analysis works on roughly this width: enough for line structure, cheap to project many times. */
const ANALYSIS_WIDTH = 1000;
/** A sample of this many ink points measures skew to 0.1° as well as all of them, at a third of the cost. */
const MAX_INK_POINTS = 60_000;
/** Scans are searched for skew within this range (degrees). */
export const MAX_SKEW_DEGREES = 7;

/** Block-average downscale by an integer factor. */
function downscale(image: GrayImage, factor: number): GrayImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height);
  const area = factor * factor;
  const sums = new Uint32Array(width);
  for (let y = 0; y < height; y += 1) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy += 1) {
      const row = (y * factor + dy) * image.width;
      for (let x = 0; x < width; x += 1) {
        const start = row + x * factor;
        let sum = 0;
        for (let dx = 0; dx < factor; dx += 1) sum += image.data[start + dx];
        sums[x] += sum;
      }
    }
    for (let x = 0; x < width; x += 1) data[y * width + x] = sums[x] / area;
  }
  return { data, width, height };
}

/**
 * grayHistogram counts pixel after pixel into this many histograms in turn, then adds them up: most
 * pixels of a page are white, and a single counter bumped for each would wait on its own last bump.
 */
const HISTOGRAM_LANES = 4;

/** How many pixels there are of each gray level. */
export function grayHistogram(data: Uint8Array): Uint32Array {
  const lanes = new Uint32Array(256 * HISTOGRAM_LANES);
  const whole = data.length - (data.length % HISTOGRAM_LANES);
  for (let index = 0; index < whole; index += HISTOGRAM_LANES) {
    lanes[data[index]] += 1;
    lanes[256 + data[index + 1]] += 1;
    lanes[512 + data[index + 2]] += 1;
    lanes[768 + data[index + 3]] += 1;
  }
  for (let index = whole; index < data.length; index += 1) lanes[data[index]] += 1;
  const histogram = new Uint32Array(256);
  for (let level = 0; level < 256; level += 1) histogram[level] = lanes[level] + lanes[256 + level] + lanes[512 + level] + lanes[768 + level];
  return histogram;
}

/** Otsu's threshold: the gray level that best separates ink from paper. */
export function otsuThreshold(data: Uint8Array): number {
  return otsuThresholdOf(grayHistogram(data));
}

/** Otsu's threshold of an image given as its gray histogram (see grayHistogram). */
export function otsuThresholdOf(histogram: Uint32Array): number {
  let pixels = 0;
  let total = 0;
  for (let level = 0; level < 256; level += 1) {
    pixels += histogram[level];
    total += level * histogram[level];
  }
  let background = 0;
  let backgroundSum = 0;
  let best = 127;
  let bestVariance = -1;
  for (let level = 0; level < 256; level += 1) {
    background += histogram[level];
    if (background === 0 || background === pixels) continue;
    backgroundSum += level * histogram[level];
    const foreground = pixels - background;
    const meanBack = backgroundSum / background;
    const meanFore = (total - backgroundSum) / foreground;
    const variance = background * foreground * (meanBack - meanFore) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = level;
    }
  }
  return best;
}

export function sampleInk(image: GrayImage): InkSample {
  const small = downscale(image, Math.max(1, Math.floor(image.width / ANALYSIS_WIDTH)));
  const { data, width, height } = small;
  const threshold = otsuThreshold(data);
  let count = 0;
  for (let index = 0; index < data.length; index += 1) if (data[index] <= threshold) count += 1;
  const stride = Math.max(1, Math.ceil(count / MAX_INK_POINTS));
  const xs = new Int32Array(Math.ceil(count / stride));
  const ys = new Int32Array(xs.length);
  let seen = 0;
  let kept = 0;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x] > threshold) continue;
      if (seen++ % stride !== 0) continue;
      xs[kept] = x;
      ys[kept] = y;
      kept += 1;
    }
  }
  return { xs, ys, width, height };
}

/**
 * How sharply the ink falls into rows when sheared by `degrees` (sum of squared row counts):
 * highest when the projection direction runs along the text lines.
 */
export function projectionScore(ink: InkSample, degrees: number, vertical = false): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const [along, across] = vertical ? [ink.ys, ink.xs] : [ink.xs, ink.ys];
  const extent = vertical ? ink.height : ink.width;
  const offset = Math.ceil(Math.abs(slope) * extent) + 1;
  const rows = new Float64Array((vertical ? ink.width : ink.height) + 2 * offset + 1);
  for (let index = 0; index < along.length; index += 1) {
    rows[Math.round(across[index] - along[index] * slope) + offset] += 1;
  }
  let score = 0;
  for (const count of rows) score += count * count;
  return score;
}

export interface SkewEstimate {
  /** Angle in degrees that the text lines are rotated by (counter-clockwise positive in image coordinates). */
  degrees: number;
  score: number;
}

/** Coarse-to-fine search for the shear that best aligns the ink into rows, within ±maxDegrees. */
export function estimateSkew(ink: InkSample, maxDegrees: number, vertical = false): SkewEstimate {
  let best: SkewEstimate = { degrees: 0, score: projectionScore(ink, 0, vertical) };
  const search = (from: number, to: number, step: number): void => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = projectionScore(ink, degrees, vertical);
      if (score > best.score) best = { degrees, score };
    }
  };
  search(-maxDegrees, maxDegrees, 0.5);
  const coarse = best.degrees;
  search(coarse - 0.5, coarse + 0.5, 0.1);
  return { degrees: Math.round(best.degrees * 10) / 10, score: best.score };
}
