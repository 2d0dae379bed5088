import { expect } from 'chai';
import { keepReadWords } from '../../../core/src/document/ocr/doubtful-words.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';

const word = (text: string, x0: number, x1: number, confidence: number, y0 = 100, y1 = 120): OcrWord => ({ text, bbox: [x0, y0, x1, y1], confidence });
const texts = (words: OcrWord[]): string => words.map((kept) => kept.text).join(' ');

describe('doubtful OCR words', () => {
  it('keeps a doubtful word spelled as a word between sure words of its line', () => {
    const line = [word('GFCI', 10, 60, 0.73), word('receptacles', 68, 190, 0.38), word('at', 198, 220, 0.92), word('kitchen', 228, 300, 0.95)];
    expect(texts(keepReadWords(line, 0.5))).to.equal('GFCI receptacles at kitchen');
  });

  it('keeps the first word of a cell doubted by tesseract, hyphenated or not', () => {
    const cell = [word('Chain-link', 100, 200, 0.3), word('fence,', 208, 262, 0.91), word('4', 270, 280, 0.9)];
    expect(texts(keepReadWords(cell, 0.5))).to.equal('Chain-link fence, 4');
    expect(texts(keepReadWords([word('Insulated', 100, 190, 0.01), word('steel', 198, 250, 0.75)], 0.5))).to.equal('Insulated steel');
  });

  it('drops doubtful noise: short marks, words among noise, a word far from the sure ones or of another height', () => {
    expect(texts(keepReadWords([word('ta', 10, 30, 0.17), word('work', 38, 90, 0.8)], 0.5))).to.equal('work');
    expect(texts(keepReadWords([word('domme', 10, 70, 0.04), word('ni', 78, 96, 0.29), word('tm', 104, 124, 0.37)], 0.5))).to.equal('');
    expect(texts(keepReadWords([word('Sennen', 10, 80, 0.2), word('Total', 200, 250, 0.9)], 0.5))).to.equal('Total');
    expect(texts(keepReadWords([word('oooo', 10, 80, 0.2, 100, 160), word('Total', 88, 140, 0.9)], 0.5))).to.equal('Total');
    expect(texts(keepReadWords([word('RR|', 10, 40, 0.2), word('Total', 48, 100, 0.9)], 0.5))).to.equal('Total');
    expect(texts(keepReadWords([word('LTO', 10, 40, 0.06), word('ft.)', 48, 80, 0.9)], 0.5))).to.equal('ft.)');
  });

  it('keeps a doubtful word only beside a sure word of its own line', () => {
    const upper = word('Vinyl', 10, 60, 0.3, 100, 120);
    const lower = word('window', 10, 80, 0.9, 124, 144);
    expect(texts(keepReadWords([upper, lower], 0.5))).to.equal('window');
  });

  it('keeps doubtful words of any lexicon language, accented or not', () => {
    const line = [word('Instalación', 10, 120, 0.3), word('eléctrica', 128, 220, 0.92), word('Außenwand', 228, 320, 0.2), word('dämmen', 328, 400, 0.9)];
    expect(texts(keepReadWords(line, 0.5))).to.equal('Instalación eléctrica Außenwand dämmen');
  });

  it('keeps a doubtful word only beside a sure word, not beside a table rule read as a bar', () => {
    expect(texts(keepReadWords([word('|', 10, 14, 0.95, 96, 124), word('mmnm', 22, 80, 0.2), word('|', 88, 92, 0.9, 96, 124)], 0.5))).to.equal('| |');
  });
});
