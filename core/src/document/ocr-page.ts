import type { Page } from '../contracts/document.js';
import type { GrayImage } from './gray-image.js';
import { groupWordsIntoLines, wordsInReadingOrder } from './layout.js';
import type { OcrEngine } from './ocr/pool.js';
import { recognizePage } from './ocr/page-ocr.js';

/**
 * A page of the model from OCR of its image. `width` and `height` are the page's size as given
 * (points for a PDF page, pixels for an image); they are swapped when OCR turned the page a quarter.
 */
export async function ocrPage(engine: OcrEngine, image: GrayImage, number: number, width: number, height: number): Promise<Page> {
  const result = await recognizePage(engine, image);
  const lines = groupWordsIntoLines(result.words);
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
