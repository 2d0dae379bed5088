import type { BBox, Word } from '../contracts/document.js';

/** Affine map (a b c d e f) from PDF user space to page fractions, origin top-left. */
export interface Transform {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export function applyTransform(t: Transform, x: number, y: number): [number, number] {
  return [t.a * x + t.c * y + t.e, t.b * x + t.d * y + t.f];
}

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/** Maps a user-space rectangle to a page-fraction box (any rotation), clamped to the page. */
export function transformRect(t: Transform, left: number, bottom: number, right: number, top: number): BBox {
  const [x0, y0] = applyTransform(t, left, bottom);
  const [x1, y1] = applyTransform(t, right, top);
  return [clamp01(Math.min(x0, x1)), clamp01(Math.min(y0, y1)), clamp01(Math.max(x0, x1)), clamp01(Math.max(y0, y1))];
}

export function unionBoxes(boxes: BBox[]): BBox {
  let [x0, y0, x1, y1] = boxes[0];
  for (const box of boxes) {
    x0 = Math.min(x0, box[0]);
    y0 = Math.min(y0, box[1]);
    x1 = Math.max(x1, box[2]);
    y1 = Math.max(y1, box[3]);
  }
  return [x0, y0, x1, y1];
}

export const boxHeight = (box: BBox): number => box[3] - box[1];

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Rounds a box to 6 decimals so models stay small and stable across runs. */
export function roundBox(box: BBox): BBox {
  const round = (value: number): number => Math.round(value * 1e6) / 1e6;
  return [round(box[0]), round(box[1]), round(box[2]), round(box[3])];
}

/**
 * Turns a box in fractions of the unrotated page into fractions of the page as displayed
 * after a clockwise /Rotate of `rotation` degrees.
 */
export function rotateFractionBox(box: BBox, rotation: number): BBox {
  const [x0, y0, x1, y1] = box;
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [1 - y1, x0, 1 - y0, x1];
    case 180:
      return [1 - x1, 1 - y1, 1 - x0, 1 - y0];
    case 270:
      return [y0, 1 - x1, y1, 1 - x0];
    default:
      return box;
  }
}

/** Words that share a vertical band (a row of print). */
export interface Band {
  top: number;
  bottom: number;
  words: Word[];
}

/** Two words share a band when their vertical overlap is at least this share of the shorter one. */
const BAND_OVERLAP = 0.5;

function overlapShare(band: Band, word: Word): number {
  const overlap = Math.min(band.bottom, word.bbox[3]) - Math.max(band.top, word.bbox[1]);
  const shorter = Math.min(band.bottom - band.top, boxHeight(word.bbox));
  return shorter > 0 ? overlap / shorter : 0;
}

/**
 * Groups words into bands top to bottom: each word joins the band among the last `lookback` that it
 * overlaps most (at least half the shorter height), else starts a band. Only recent bands can still
 * overlap a word that comes later in top-to-bottom order.
 */
export function groupIntoBands(words: Word[], lookback: number): Band[] {
  const sorted = [...words].sort((a, b) => (a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2 || a.bbox[0] - b.bbox[0]);
  const bands: Band[] = [];
  for (const word of sorted) {
    let best: Band | undefined;
    let bestShare = BAND_OVERLAP;
    for (let index = bands.length - 1; index >= Math.max(0, bands.length - lookback); index -= 1) {
      const share = overlapShare(bands[index], word);
      if (share >= bestShare) [best, bestShare] = [bands[index], share];
    }
    if (best) {
      best.words.push(word);
      best.top = Math.min(best.top, word.bbox[1]);
      best.bottom = Math.max(best.bottom, word.bbox[3]);
    } else {
      bands.push({ top: word.bbox[1], bottom: word.bbox[3], words: [word] });
    }
  }
  return bands;
}
