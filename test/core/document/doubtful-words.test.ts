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

  it('keeps a doubtful heading of a header row whose words stand a column apart, within the span of the sure words', () => {
    const header = [word('item', 100, 140, 0.36), word('Description', 220, 330, 0.53), word('Labor', 600, 650, 0.97), word('Total', 800, 850, 0.9)];
    const firstRow = word('1-1', 100, 130, 0.95, 140, 160);
    expect(texts(keepReadWords([...header, firstRow], 0.5))).to.equal('item Description Labor Total 1-1');
    // One sure word on the line is no header row, and a word outside the sure words' span is the desk.
    expect(texts(keepReadWords([word('item', 100, 140, 0.36), word('Total', 800, 850, 0.9)], 0.5))).to.equal('Total');
    expect(texts(keepReadWords([word('Sennen', 10, 80, 0.2), ...header.slice(1)], 0.5))).to.equal('Description Labor Total');
    // An item's line carries numbers: noise at its edge stays out.
    const item = [word('Sty', 100, 140, 0.32), word('Temporary', 220, 320, 0.97), word('electric', 328, 400, 0.97), word('433.00', 800, 860, 0.96)];
    expect(texts(keepReadWords([...item, firstRow], 0.5))).to.equal('Temporary electric 433.00 1-1');
  });

  it('keeps a doubtful amount right-aligned under a sure one, with the group of digits set before it', () => {
    const above = word('1,320.37', 600, 680, 0.96, 60, 80);
    const doubtful = [word('47.00', 630, 680, 0.46), word('4', 700, 712, 0.34), word('029,84', 720, 790, 0.34)];
    const below = word('3,150.99', 710, 790, 0.9, 140, 160);
    expect(texts(keepReadWords([above, ...doubtful, below], 0.5))).to.equal('1,320.37 47.00 4 029,84 3,150.99');
    // An amount that ends nowhere near a sure one is noise, and so are its digits.
    expect(texts(keepReadWords([above, word('4', 400, 412, 0.34), word('029,84', 420, 490, 0.34)], 0.5))).to.equal('1,320.37');
  });
});
