import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import type { OcrEngine, OcrLayout } from '../../../core/src/document/ocr/pool.js';
import { recheckDoubtfulWords } from '../../../core/src/document/ocr/recheck.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';
import { inkBands, pageWith, type Box } from './helpers.js';

/** Gray paper and ink, as a scan prints them. */
const SCAN_GRAY = { paper: 235, ink: 20 };

/** Reads each ink band of a sheet as the next of `readings`, where the band is. */
class SheetReader implements OcrEngine {
  readonly sheets: GrayImage[] = [];
  constructor(private readonly readings: Array<{ text: string; confidence: number }>) {}
  async recognize(image: GrayImage, layout?: OcrLayout): Promise<OcrWord[]> {
    expect(layout).to.equal('lines');
    this.sheets.push(image);
    return inkBands(image).map((bbox, index) => ({ ...this.readings[index], bbox }));
  }
  async close(): Promise<void> {}
}

const word = (text: string, bbox: Box, confidence: number): OcrWord => ({ text, bbox, confidence });

describe('re-reading doubtful OCR words', () => {
  // "Total" read well; a quantity "1" and a unit "LS" two cells apart fused into "10S" at confidence 0.1.
  const image = pageWith([
    [10, 20, 60, 40],
    [200, 20, 210, 40],
    [240, 20, 262, 40],
  ], SCAN_GRAY);
  const pageWords = [word('Total', [10, 20, 60, 40], 0.96), word('10S', [200, 20, 262, 40], 0.1)];

  it('reads each cell of a doubtful word on its own line and puts the words back where they were', async () => {
    const engine = new SheetReader([
      { text: '1', confidence: 0.97 },
      { text: 'LS', confidence: 0.91 },
    ]);
    const words = await recheckDoubtfulWords(engine, image, pageWords);
    expect(engine.sheets).to.have.length(1);
    expect(words.map((found) => found.text)).to.deep.equal(['Total', '1', 'LS']);
    expect(words[1].bbox).to.deep.equal([200, 20, 210, 40]);
    expect(words[2].bbox).to.deep.equal([240, 20, 262, 40]);
  });

  it('keeps the first reading when the second is no more confident', async () => {
    const engine = new SheetReader([
      { text: 'l', confidence: 0.05 },
      { text: 'IS', confidence: 0.05 },
    ]);
    expect(await recheckDoubtfulWords(engine, image, pageWords)).to.deep.equal(pageWords);
  });

  it('drops strokes shorter than text that a crop of a form rule reads as I or 1', async () => {
    const ruled = pageWith([
      [10, 20, 60, 40],
      [200, 24, 203, 36],
    ], SCAN_GRAY);
    const engine = new SheetReader([{ text: 'I', confidence: 0.74 }]);
    const doubtful = [pageWords[0], word('|', [200, 24, 203, 36], 0.3)];
    expect(await recheckDoubtfulWords(engine, ruled, doubtful)).to.deep.equal(doubtful);
    expect(engine.sheets).to.have.length(1);
  });

  it('reads nothing again when every word is confident, or when a doubtful box is far taller than text', async () => {
    const engine = new SheetReader([]);
    expect(await recheckDoubtfulWords(engine, image, [pageWords[0]])).to.deep.equal([pageWords[0]]);
    const picture = [pageWords[0], word('RRR', [100, 0, 180, 60], 0.2)];
    expect(await recheckDoubtfulWords(engine, image, picture)).to.deep.equal(picture);
    expect(engine.sheets).to.have.length(0);
  });

  it('reads a long doubtful line again on a fax only', async () => {
    // A line of words 20 px high, 300 px wide: fifteen word heights, more than a table cell.
    const line = pageWith([[20, 20, 320, 40]], SCAN_GRAY);
    const doubtful = [word('Tota1', [10, 0, 30, 15], 0.95), word('Ramove exlsting flxtures', [20, 20, 320, 40], 0.3)];
    const onScan = new SheetReader([{ text: 'Remove existing fixtures', confidence: 0.8 }]);
    expect(await recheckDoubtfulWords(onScan, line, doubtful)).to.deep.equal(doubtful);
    const onFax = new SheetReader([{ text: 'Remove existing fixtures', confidence: 0.8 }]);
    const words = await recheckDoubtfulWords(onFax, line, doubtful, { bilevel: true });
    expect(words.map((found) => found.text)).to.deep.equal(['Tota1', 'Remove existing fixtures']);
  });

  describe('on lines of a wrapped description', () => {
    it('keeps only the words of the line read again, not those of the next line the crop caught the top of', async () => {
      const lines = pageWith([
        [20, 20, 120, 40],
        [20, 46, 120, 66],
      ], { ...SCAN_GRAY, height: 100 });
      const engine = new SheetReader([
        { text: 'Remove', confidence: 0.9 },
        { text: 'fixtures', confidence: 0.6 },
      ]);
      const words = await recheckDoubtfulWords(engine, lines, [word('Ramove', [20, 20, 120, 40], 0.3), word('fixtures', [20, 46, 120, 66], 0.95)]);
      expect(words.map((found) => found.text)).to.deep.equal(['Remove', 'fixtures']);
      expect(words[1].bbox).to.deep.equal([20, 46, 120, 66]);
    });

    it('reads doubtful words of two lines whose boxes touch as two lines, not one', async () => {
      const lines = pageWith([
        [20, 20, 120, 42],
        [130, 38, 230, 58],
        [300, 75, 350, 95],
      ], { ...SCAN_GRAY, height: 100 });
      const engine = new SheetReader([
        { text: 'Remove', confidence: 0.9 },
        { text: 'fixtures', confidence: 0.9 },
      ]);
      const page = [word('Ramove', [20, 20, 120, 42], 0.3), word('flxtures', [130, 38, 230, 58], 0.3), word('Total', [300, 75, 350, 95], 0.95)];
      const words = await recheckDoubtfulWords(engine, lines, page);
      expect(words.map((found) => [found.text, found.bbox[1]])).to.deep.equal([
        ['Remove', 20],
        ['fixtures', 38],
        ['Total', 75],
      ]);
    });
  });
});
