import type { Page, Word } from '../contracts/document.js';
import type { GrayImage } from './gray-image.js';
import { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
import type { OcrEngine } from './ocr/pool.js';
import { recognizePage } from './ocr/page-ocr.js';

/**
 * At the edges of a deskewed photo (the desk, the white fill the rotation brings in) tesseract reads
 * marks a row tall as letters and bars ("i", "1", "E", "a", "|"): 129 such words on the 33 tuning
 * photos, 63 of them bars or brackets. A word of at most MAX_EDGE_WORD_LENGTH characters lying
 * wholly within this share of the page's width or height from its edge is such a mark, not print,
 * which keeps a margin: left in, it joined a table's rows as a last cell ("Doors & Windows a", a
 * line total of 3) or bridged two rows into one.
 */
const EDGE_BAND = 0.015;
const MAX_EDGE_WORD_LENGTH = 2;

export function isEdgeSpeck(word: Word): boolean {
  const [x0, y0, x1, y1] = word.bbox;
  const atEdge = x1 < EDGE_BAND || x0 > 1 - EDGE_BAND || y1 < EDGE_BAND || y0 > 1 - EDGE_BAND;
  return atEdge && word.text.trim().length <= MAX_EDGE_WORD_LENGTH;
}

/**
 * A page of the model from OCR of its image. `width` and `height` are the page's size as given
 * (points for a PDF page, pixels for an image); they are swapped when OCR turned the page a quarter.
 */
export async function ocrPage(engine: OcrEngine, image: GrayImage, number: number, width: number, height: number): Promise<Page> {
  const result = await recognizePage(engine, image);
  const lines = groupWordsIntoLines(result.words.filter((word) => !isEdgeSpeck(word)));
  const quarter = result.rotation % 180 === 90;
  return {
    number,
    width: quarter ? height : width,
    height: quarter ? width : height,
    rotation: result.rotation,
    deskewAngle: result.deskewAngle,
    source: lines.length > 0 ? 'ocr' : 'none',
    words: wordsInReadingOrder(lines),
    lines,
  };
}
