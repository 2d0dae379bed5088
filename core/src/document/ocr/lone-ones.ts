import type { GrayImage } from '../gray-image.js';
import { inkComponents, type InkComponents } from './components.js';
import { otsuThreshold } from './projection.js';
import type { OcrWord } from './tsv.js';

/**
 * Tesseract drops a "1" standing alone (a quantity of one in its own column: "1  LS"): the glyph is
 * a bare stroke it will not call a word. A blob of ink on a line of text, as tall as the line's
 * digits, narrow and solid, with no other ink beside it and no word over it (or only a doubtful one
 * of its own size), is read as that "1".
 */

/** Words this long or longer give the page's text height. */
const MIN_LETTERS_FOR_HEIGHT = 3;
/** A "1" is this tall against the text height... */
const MIN_HEIGHT = 0.6;
const MAX_HEIGHT = 1.15;
/** ...at most this wide against its own height, and fills this much of its box (a stem, a flag, a foot). */
const MAX_WIDTH = 0.5;
const MIN_FILL = 0.35;
/** No other ink this close beside it (in text heights): a stroke of a word or a number is no lone "1". */
const CLEAR = 0.9;
/** A word read with less confidence than this over the stroke is a misreading of it, dropped by the floor anyway. */
const DOUBTFUL = 0.5;
/** Confidence of a recovered "1": a guess from the glyph's shape alone. */
const RECOVERED_CONFIDENCE = 0.5;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const overlapsY = (a0: number, a1: number, b0: number, b1: number): number => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

function isolated(components: InkComponents, index: number, height: number): boolean {
  const { x0, y0, x1, y1 } = components;
  for (let other = 0; other < components.count; other += 1) {
    if (other === index || y1[other] - y0[other] < 0.2 * height) continue;
    if (overlapsY(y0[index], y1[index], y0[other], y1[other]) === 0) continue;
    const gap = Math.max(x0[other] - x1[index], x0[index] - x1[other]);
    if (gap < CLEAR * height) return false;
  }
  return true;
}

/** The lone "1"s OCR left out of a page's words, as words of their own. */
export function findLoneOnes(image: GrayImage, words: OcrWord[]): OcrWord[] {
  const height = median(words.filter((word) => word.text.length >= MIN_LETTERS_FOR_HEIGHT).map((word) => word.bbox[3] - word.bbox[1]));
  if (height <= 0) return [];
  const components = inkComponents(image, otsuThreshold(image.data));
  const { x0, y0, x1, y1, area } = components;
  const found: OcrWord[] = [];
  for (let index = 0; index < components.count; index += 1) {
    const w = x1[index] - x0[index];
    const h = y1[index] - y0[index];
    if (h < MIN_HEIGHT * height || h > MAX_HEIGHT * height || w > MAX_WIDTH * h || area[index] < MIN_FILL * w * h) continue;
    const over = words.filter((word) => word.bbox[0] <= x1[index] && word.bbox[2] >= x0[index] && overlapsY(word.bbox[1], word.bbox[3], y0[index], y1[index]) > 0);
    // Tesseract may read the stroke as a doubtful word of its own size ("fa"), which the confidence floor drops.
    if (over.some((word) => word.confidence >= DOUBTFUL || word.bbox[2] - word.bbox[0] > 2 * w)) continue;
    // On a line of text: a word beside it on the same line, not a rule's fragment in a margin.
    const onLine = words.some((word) => overlapsY(word.bbox[1], word.bbox[3], y0[index], y1[index]) >= 0.5 * h);
    if (!onLine || !isolated(components, index, height)) continue;
    found.push({ text: '1', bbox: [x0[index], y0[index], x1[index], y1[index]], confidence: RECOVERED_CONFIDENCE });
  }
  return found;
}
