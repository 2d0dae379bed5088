import { expect } from 'chai';
import { bulletMarks } from '../../../core/src/document/ocr/bullets.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';

const word = (text: string, x0: number, x1: number, confidence: number, y0 = 100, y1 = 130): OcrWord => ({ text, bbox: [x0, y0, x1, y1], confidence });
const marks = (words: OcrWord[]): string[] => [...bulletMarks(words, 0.5)].map((mark) => mark.text);

describe('bullets read by OCR', () => {
  it('takes a small mark read as *, ¢, © or « opening a line of sure words for a bullet, however doubtful', () => {
    for (const text of ['*', '¢', '©', '«']) {
      expect(marks([word('3', 10, 20, 0.97), word(text, 150, 159, 0.13, 110, 119), word('Recover', 175, 260, 0.97)])).to.deep.equal([text]);
    }
  });

  it('leaves a mark inside a line, as tall as the letters, far from the next word or before a doubtful one', () => {
    expect(marks([word('walls', 100, 150, 0.97), word('*', 160, 169, 0.4, 110, 119), word('Match', 175, 240, 0.97)])).to.deep.equal([]);
    expect(marks([word('*', 150, 170, 0.9, 100, 130), word('Recover', 175, 260, 0.97)])).to.deep.equal([]);
    expect(marks([word('*', 150, 159, 0.9, 110, 119), word('Recover', 300, 380, 0.97)])).to.deep.equal([]);
    expect(marks([word('*', 150, 159, 0.9, 110, 119), word('Recover', 175, 260, 0.3)])).to.deep.equal([]);
    expect(marks([word('x', 150, 159, 0.9, 110, 119), word('Recover', 175, 260, 0.97)])).to.deep.equal([]);
  });
});
