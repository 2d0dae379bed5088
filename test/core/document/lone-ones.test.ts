import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { findLoneOnes } from '../../../core/src/document/ocr/lone-ones.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';

/** A white page with dark boxes painted on it (x, y, width, height in pixels). */
function page(boxes: Array<[number, number, number, number]>): GrayImage {
  const width = 400;
  const height = 100;
  const data = new Uint8Array(width * height).fill(255);
  for (const [x, y, w, h] of boxes) for (let row = y; row < y + h; row += 1) data.fill(0, row * width + x, row * width + x + w);
  return { data, width, height };
}

const word = (text: string, bbox: OcrWord['bbox'], confidence = 0.95): OcrWord => ({ text, bbox, confidence });
/** A description on the line, its letters as one block of ink, and the unit far to the right. */
const LINE: Array<[number, number, number, number]> = [[10, 40, 150, 20], [300, 40, 30, 20]];
const WORDS = [word('countertops', [10, 40, 160, 60]), word('LS', [300, 40, 330, 60])];

describe('core document: a lone "1" OCR left out', () => {
  it('reads a narrow solid stroke as tall as the text, alone on a line of words, as a "1"', () => {
    const ones = findLoneOnes(page([...LINE, [240, 41, 7, 19]]), WORDS);
    expect(ones.map((one) => [one.text, ...one.bbox])).to.deep.equal([['1', 240, 41, 247, 60]]);
  });

  it('also where tesseract read the stroke as a doubtful word of its size ("fa"), not where it read it surely', () => {
    const stroke = page([...LINE, [240, 41, 7, 19]]);
    expect(findLoneOnes(stroke, [...WORDS, word('fa', [240, 41, 247, 60], 0.3)])).to.have.length(1);
    expect(findLoneOnes(stroke, [...WORDS, word('l', [240, 41, 247, 60], 0.9)])).to.deep.equal([]);
  });

  it('leaves a stroke with ink beside it (a digit of a number), a short mark and one off the lines of text', () => {
    expect(findLoneOnes(page([...LINE, [240, 41, 7, 19], [251, 41, 10, 19]]), WORDS)).to.deep.equal([]);
    expect(findLoneOnes(page([...LINE, [240, 52, 5, 8]]), WORDS)).to.deep.equal([]);
    expect(findLoneOnes(page([...LINE, [240, 75, 7, 19]]), WORDS)).to.deep.equal([]);
  });
});
