import type { GrayImage } from '../gray-image.js';
import { estimateSkew, MAX_SKEW_DEGREES, sampleInk } from './projection.js';
import type { OcrWord } from './tsv.js';

export interface OrientationEstimate {
  /** The text runs top to bottom: the page is turned by 90° or 270°. */
  vertical: boolean;
  /** Skew of horizontal text lines in degrees, clockwise positive; meaningful when not vertical. */
  skew: number;
}

/**
 * Text lines project into sharp rows along their direction. When the ink projects more sharply
 * into columns than into rows, the text runs vertically.
 */
export function estimateOrientation(image: GrayImage): OrientationEstimate {
  const ink = sampleInk(image);
  if (ink.xs.length === 0) return { vertical: false, skew: 0 };
  const rows = estimateSkew(ink, MAX_SKEW_DEGREES);
  const columns = estimateSkew(ink, MAX_SKEW_DEGREES, true);
  return { vertical: columns.score > rows.score, skew: rows.degrees };
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
