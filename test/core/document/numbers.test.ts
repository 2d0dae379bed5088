import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { rereadNumbers } from '../../../core/src/document/ocr/numbers.js';
import type { OcrEngine, OcrLayout, OcrPageHints } from '../../../core/src/document/ocr/pool.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';
import { inkBands, pageWith, type Box } from './helpers.js';

/** Reads the ink bands of the n-th sheet it is given as the n-th list of `readings`, where the bands are. */
class SheetReader implements OcrEngine {
  readonly calls: Array<{ image: GrayImage; layout?: OcrLayout; page?: OcrPageHints }> = [];
  constructor(private readonly readings: Array<Array<{ text: string; confidence: number }>>) {}
  async recognize(image: GrayImage, layout?: OcrLayout, page?: OcrPageHints): Promise<OcrWord[]> {
    const sheet = this.readings[this.calls.length] ?? [];
    this.calls.push({ image, layout, page });
    return inkBands(image).flatMap((bbox, index) => (sheet[index] ? [{ ...sheet[index], bbox }] : []));
  }
  async close(): Promise<void> {}
}

const word = (text: string, bbox: Box, confidence: number): OcrWord => ({ text, bbox, confidence });

describe('re-reading the numbers of a fax page', () => {
  // A description, then two amounts on one line.
  const image = pageWith([
    [10, 20, 90, 34],
    [200, 20, 260, 34],
    [300, 20, 360, 34],
  ]);
  const pageWords = [word('Permit', [10, 20, 90, 34], 0.9), word('692.50', [200, 20, 260, 34], 0.67), word('41,995.00', [300, 20, 360, 34], 0.71)];

  it('reads only the numbers again, enlarged, with only the characters of numbers allowed', async () => {
    const engine = new SheetReader([]);
    await rereadNumbers(engine, image, pageWords);
    expect(engine.calls).to.have.length(2);
    for (const { image: sheet, layout, page } of engine.calls) {
      expect(layout).to.equal('lines');
      expect(page?.characters).to.match(/^[0-9,.$()-]+$/);
      expect(inkBands(sheet)).to.have.length(2);
    }
    const sheetHeights = engine.calls.map(({ image: sheet }) => sheet.height);
    expect(Math.max(...sheetHeights)).to.be.greaterThan(Math.min(...sheetHeights));
  });

  it('takes the reading both re-reads agree on, and keeps a more confident page reading the re-reads disagree on', async () => {
    const engine = new SheetReader([
      [
        { text: '892.50', confidence: 0.8 },
        { text: '1,995.00', confidence: 0.6 },
      ],
      [
        { text: '892.50', confidence: 0.75 },
        { text: '11,995.00', confidence: 0.5 },
      ],
    ]);
    const words = await rereadNumbers(engine, image, pageWords);
    expect(words.map((found) => found.text)).to.deep.equal(['Permit', '892.50', '41,995.00']);
    expect(words[1].bbox).to.deep.equal(pageWords[1].bbox);
    expect(words[1].confidence).to.equal(0.8);
  });

  it('gives a doubtful page reading the re-reads confirm their confidence', async () => {
    const doubtful = [pageWords[0], word('692.50', [200, 20, 260, 34], 0.3), word('41,995.00', [300, 20, 360, 34], 0.4)];
    const engine = new SheetReader([
      [
        { text: '692.50', confidence: 0.85 },
        { text: '1,995.00', confidence: 0.6 },
      ],
      [
        { text: '692.50', confidence: 0.8 },
        { text: '11,995.00', confidence: 0.5 },
      ],
    ]);
    const words = await rereadNumbers(engine, image, doubtful);
    expect(words.map((found) => [found.text, found.confidence])).to.deep.equal([
      ['Permit', 0.9],
      ['692.50', 0.85],
      ['1,995.00', 0.6],
    ]);
  });

  it('takes the most confident reading when no two readings agree', async () => {
    const engine = new SheetReader([
      [
        { text: '692.50', confidence: 0.9 },
        { text: '1,995.00', confidence: 0.93 },
      ],
      [
        { text: '892.50', confidence: 0.6 },
        { text: '11,995.00', confidence: 0.5 },
      ],
    ]);
    const words = await rereadNumbers(engine, image, pageWords);
    expect(words.map((found) => found.text)).to.deep.equal(['Permit', '692.50', '1,995.00']);
  });

  it('does not take re-reads that are not written as numbers are, even when they agree', async () => {
    const engine = new SheetReader([
      [
        { text: '692.508', confidence: 0.9 },
        { text: '$01,995.00', confidence: 0.9 },
      ],
      [
        { text: '692.508', confidence: 0.9 },
        { text: '$01,995.00', confidence: 0.9 },
      ],
    ]);
    const words = await rereadNumbers(engine, image, pageWords);
    expect(words.map((found) => found.text)).to.deep.equal(['Permit', '692.50', '41,995.00']);
  });

  it('asks for nothing on a page without numbers', async () => {
    const engine = new SheetReader([]);
    const words = await rereadNumbers(engine, image, [word('Permit', [10, 20, 90, 34], 0.9)]);
    expect(engine.calls).to.have.length(0);
    expect(words.map((found) => found.text)).to.deep.equal(['Permit']);
  });
});
