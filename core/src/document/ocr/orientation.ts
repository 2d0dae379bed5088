import type { GrayImage } from '../gray-image.js';
import { estimateSkew, MAX_SKEW_DEGREES, sampleInk, type InkSample } from './projection.js';
import type { OcrWord } from './tsv.js';

export interface OrientationEstimate {
  /** The text runs top to bottom: the page is turned by 90° or 270°. */
  vertical: boolean;
  /** Skew of horizontal text lines in degrees, clockwise positive; meaningful when not vertical. */
  skew: number;
  /** Clockwise quarter turns most likely to make the page upright: 0, or 1 or 3 for vertical text. */
  quarterTurns: number;
}

/**
 * Text lines project into sharp rows along their direction. When the ink projects more sharply
 * into columns than into rows, the text runs vertically.
 */
export function estimateOrientation(image: GrayImage): OrientationEstimate {
  const ink = sampleInk(image);
  if (ink.xs.length === 0) return { vertical: false, skew: 0, quarterTurns: 0 };
  const rows = estimateSkew(ink, MAX_SKEW_DEGREES);
  const columns = estimateSkew(ink, MAX_SKEW_DEGREES, true);
  if (columns.score <= rows.score) return { vertical: false, skew: rows.degrees, quarterTurns: 0 };
  return { vertical: true, skew: rows.degrees, quarterTurns: ascenderBias(ink, columns.degrees) >= 0 ? 1 : 3 };
}

/** Share of a line's typical (75th percentile) ink count above which a row is in its x-height core. */
const CORE_SHARE = 0.5;
const MIN_LINE_ROWS = 5;

/**
 * Latin text has more ink above its x-height core (capitals, digits, b d f h k l t) than below it
 * (g j p q y). For text running down the page, rows across the lines are the image's columns: the
 * sign says which side of each line is its top, so which quarter turn makes the page upright.
 * Positive when the tops of the letters face the left edge (a clockwise quarter turn rights it).
 */
export function ascenderBias(ink: InkSample, degrees: number): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(slope) * ink.height) + 1;
  const counts = new Float64Array(ink.width + 2 * offset + 1);
  for (let index = 0; index < ink.xs.length; index += 1) counts[Math.round(ink.xs[index] - ink.ys[index] * slope) + offset] += 1;
  let above = 0;
  let below = 0;
  for (let start = 0; start < counts.length; ) {
    if (counts[start] === 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < counts.length && counts[end] > 0) end += 1;
    if (end - start >= MIN_LINE_ROWS) {
      const line = counts.subarray(start, end);
      const sorted = Array.from(line).sort((a, b) => a - b);
      const threshold = CORE_SHARE * sorted[Math.floor(sorted.length * 0.75)];
      const first = line.findIndex((count) => count >= threshold);
      const last = line.length - 1 - [...line].reverse().findIndex((count) => count >= threshold);
      for (let row = 0; row < first; row += 1) above += line[row];
      for (let row = last + 1; row < line.length; row += 1) below += line[row];
    }
    start = end;
  }
  return above + below === 0 ? 0 : (above - below) / (above + below);
}

const ALPHANUMERIC = /[\p{L}\p{N}]/gu;

/**
 * How readable an OCR result is: the confidence-weighted count of words with at least two letters or
 * digits. Text upside down comes out as few, low-confidence fragments.
 */
export function readabilityScore(words: OcrWord[]): number {
  let score = 0;
  for (const word of words) {
    if ((word.text.match(ALPHANUMERIC) ?? []).length >= 2) score += word.confidence;
  }
  return score;
}

/** A page reads well enough that turning it over is not worth a second recognition. */
export function readsUpright(words: OcrWord[]): boolean {
  if (words.length === 0) return false;
  const confident = words.filter((word) => word.confidence >= 0.7).length;
  return confident / words.length >= 0.6 && readabilityScore(words) >= 5;
}
