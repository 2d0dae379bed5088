import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import type { OcrEngine, OcrLayout } from '../../../core/src/document/ocr/pool.js';
import { recheckDoubtfulWords } from '../../../core/src/document/ocr/recheck.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';

type Box = [number, number, number, number];

function pageWith(inkBoxes: Box[], width = 400, height = 60): GrayImage {
  const data = new Uint8Array(width * height).fill(235);
  for (const [x0, y0, x1, y1] of inkBoxes) {
    for (let y = y0; y < y1; y += 1) data.fill(20, y * width + x0, y * width + x1);
  }
  return { data, width, height };
}

/** Ink bands (rows of the sheet with dark pixels) and their horizontal extent. */
function inkBands(image: GrayImage): Box[] {
  const bands: Box[] = [];
  for (let y = 0; y < image.height; y += 1) {
    const row = image.data.subarray(y * image.width, (y + 1) * image.width);
    const first = row.findIndex((value) => value < 128);
    if (first < 0) continue;
    const last = image.width - 1 - [...row].reverse().findIndex((value) => value < 128);
    const band = bands[bands.length - 1];
    if (band && band[3] === y) {
      band[3] = y + 1;
      band[0] = Math.min(band[0], first);
      band[2] = Math.max(band[2], last + 1);
    } else bands.push([first, y, last + 1, y + 1]);
  }
  return bands;
}

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
  ]);
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
    ]);
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
    const line = pageWith([[20, 20, 320, 40]]);
    const doubtful = [word('Tota1', [10, 0, 30, 15], 0.95), word('Ramove exlsting flxtures', [20, 20, 320, 40], 0.3)];
    const onScan = new SheetReader([{ text: 'Remove existing fixtures', confidence: 0.8 }]);
    expect(await recheckDoubtfulWords(onScan, line, doubtful)).to.deep.equal(doubtful);
    const onFax = new SheetReader([{ text: 'Remove existing fixtures', confidence: 0.8 }]);
    const words = await recheckDoubtfulWords(onFax, line, doubtful, { bilevel: true });
    expect(words.map((found) => found.text)).to.deep.equal(['Tota1', 'Remove existing fixtures']);
  });
});
