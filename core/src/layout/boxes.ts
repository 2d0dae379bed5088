import type { BBox, Word } from '../contracts/document.js';
import { median, unionBoxes } from '../document/geometry.js';

export { median };

const round4 = (value: number): number => Math.round(value * 10000) / 10000;

/** The smallest box around the words, rounded to 4 decimals (a tenth of a point on a page); null for none. */
export function wordsBox(words: readonly Word[]): BBox | null {
  if (words.length === 0) return null;
  const [x0, y0, x1, y1] = unionBoxes(words.map((word) => word.bbox));
  return [round4(x0), round4(y0), round4(x1), round4(y1)];
}

export const centreX = (box: BBox): number => (box[0] + box[2]) / 2;
export const centreY = (box: BBox): number => (box[1] + box[3]) / 2;

/** Horizontal overlap of two boxes as a share of the narrower one (0 when apart). */
export function horizontalOverlap(a: BBox, b: BBox): number {
  const overlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const narrower = Math.min(a[2] - a[0], b[2] - b[0]);
  return overlap > 0 && narrower > 0 ? overlap / narrower : 0;
}

/** Vertical overlap of two boxes as a share of the shorter one (0 when apart). */
export function verticalOverlap(a: BBox, b: BBox): number {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const shorter = Math.min(a[3] - a[1], b[3] - b[1]);
  return overlap > 0 && shorter > 0 ? overlap / shorter : 0;
}

/** Whether the box's centre lies inside the region. */
export function centreInside(box: BBox, region: BBox): boolean {
  const x = centreX(box);
  const y = centreY(box);
  return x >= region[0] && x <= region[2] && y >= region[1] && y <= region[3];
}

export const joinWords = (words: readonly Word[]): string => words.map((word) => word.text).join(' ');

/** A word cut into consecutive pieces of its text (read as one word, printed as several), its box shared by character count. */
export function wordPieces(word: Word, pieces: readonly string[]): Word[] {
  const [x0, y0, x1, y1] = word.bbox;
  let consumed = 0;
  return pieces.map((text, index) => {
    const start = x0 + ((x1 - x0) * consumed) / word.text.length;
    consumed += text.length;
    const end = index === pieces.length - 1 ? x1 : x0 + ((x1 - x0) * consumed) / word.text.length;
    return { ...word, text, bbox: [start, y0, end, y1] };
  });
}

/** Words closer than this (in word heights) touch: a reader split one printed word ("Engineer ' s"). */
const TOUCHING_GAP = 0.2;
/**
 * The same gap measured in the mean character width of the words joined: heights are page fractions
 * of the page's height and gaps of its width, so on a wide photo a word space can look narrower than
 * 0.2 of a height; a space is about half a character wide. The mean is the whole text's, as a split
 * piece of one or two characters ("'", "s") has a width of its own that says little.
 */
const TOUCHING_CHARACTERS = 0.3;

/**
 * An OCR word ending in two lower-case letters (and its comma): the number after it is a word of its own
 * however close OCR set their boxes ("and 6", "foundation, 6"), unlike "2x" and "4", or a code a text layer
 * split in runs ("INV" "00123").
 */
const WORD_END = /\p{Ll}{2}[,;:]?$/u;

function characterWidth(words: readonly Word[]): number {
  const width = words.reduce((sum, word) => sum + word.bbox[2] - word.bbox[0], 0);
  return width / Math.max(1, words.reduce((sum, word) => sum + word.text.length, 0));
}

/** Words joined with single spaces; touching pieces of one printed word, and a split-off comma, put back together. */
export function textOf(words: readonly Word[]): string {
  let text = '';
  const height = Math.max(0, ...words.map((word) => word.bbox[3] - word.bbox[1]));
  const touchingGap = Math.min(TOUCHING_GAP * height, TOUCHING_CHARACTERS * characterWidth(words));
  words.forEach((word, index) => {
    const previous = words[index - 1];
    const gap = previous ? word.bbox[0] - previous.bbox[2] : 0;
    const touching = previous && gap < touchingGap && word.bbox[0] > previous.bbox[0] && !(previous.source === 'ocr' && WORD_END.test(previous.text) && /^\d/.test(word.text));
    text += (index === 0 || touching ? '' : ' ') + word.text;
  });
  return text.replace(/\s+([,;:]|\.(?!\d))(?=\s|$)/g, '$1').trim();
}

/** The words with a comma ending the last one dropped ("Kowalczyk Builders Group," before a clause goes on). */
export const withoutTrailingComma = (words: readonly Word[]): Word[] =>
  words.map((word, index) => (index === words.length - 1 ? { ...word, text: word.text.replace(/,$/, '') } : word));

/** Mean confidence of the words (1 for none). */
export function meanConfidence(words: readonly Word[]): number {
  return words.length === 0 ? 1 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}
