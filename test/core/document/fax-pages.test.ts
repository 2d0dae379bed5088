import { expect } from 'chai';
import type { Word } from '../../../core/src/contracts/document.js';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { isBilevel, repeatsRowsInPairs, softenBilevel } from '../../../core/src/document/ocr/bilevel.js';
import { withoutFaxHeaderLines } from '../../../core/src/document/ocr/fax-header.js';
import { recognizePage } from '../../../core/src/document/ocr/page-ocr.js';
import type { OcrEngine, OcrLayout, OcrPageHints } from '../../../core/src/document/ocr/pool.js';
import type { OcrWord } from '../../../core/src/document/ocr/tsv.js';
import { removeRules } from '../../../core/src/document/ocr/rules.js';

function page(width: number, height: number, level = 255): GrayImage {
  return { data: new Uint8Array(width * height).fill(level), width, height };
}

function fill(image: GrayImage, x0: number, y0: number, x1: number, y1: number, level = 0): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(level, y * image.width + x0, y * image.width + x1);
}

const inkIn = (image: GrayImage, x0: number, y0: number, x1: number, y1: number): number => {
  let ink = 0;
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (image.data[y * image.width + x] < 128) ink += 1;
  return ink;
};

/** Rows of letter-sized blobs of the given height, 12 px apart, one row every `rowStep` px. */
function lettersPage(width: number, height: number, letterHeight: number, rowStep = 40): GrayImage {
  const image = page(width, height);
  for (let top = 20; top + letterHeight < height - 20; top += rowStep) {
    for (let x = 20; x + 8 < width - 20; x += 12) fill(image, x, top, x + 8, top + letterHeight);
  }
  return image;
}

/** A page sampled at half the resolution down, every row then printed twice: a standard fax stretched to square pixels. */
function stretchedFax(width: number, height: number): GrayImage {
  const image = page(width, height);
  for (let top = 20; top + 14 < height - 20; top += 40) {
    for (let x = 20; x + 8 < width - 20; x += 12) fill(image, x, top, x + 7, top + 14);
    fill(image, 20, top + 6, width - 20, top + 8);
  }
  for (let y = 1; y < height; y += 2) image.data.copyWithin(y * width, (y - 1) * width, y * width);
  return image;
}

describe('fax pages before OCR', () => {
  describe('telling a stretched standard-resolution fax', () => {
    it('finds every row repeated in a fax sampled at half the resolution down', () => {
      const fax = stretchedFax(300, 400);
      expect(isBilevel(fax)).to.equal(true);
      expect(repeatsRowsInPairs(fax)).to.equal(true);
    });

    it('finds no repeated rows on a bilevel page printed at full resolution', () => {
      const fine = page(300, 400);
      for (let top = 21; top + 13 < 380; top += 40) for (let x = 20; x < 280; x += 12) fill(fine, x, top, x + 7, top + 13);
      for (let y = 0; y < 400; y += 3) fill(fine, 0, y, 1 + (y % 7), y + 1);
      expect(repeatsRowsInPairs(fine)).to.equal(false);
    });
  });

  describe('softening', () => {
    it('softens a stretched fax more across its rows than down them', async () => {
      const fax = page(200, 200);
      fill(fax, 100, 0, 200, 200); // a vertical edge at x = 100
      fill(fax, 0, 100, 100, 200); // a horizontal edge at y = 100, left half
      const softened = await softenBilevel(fax);
      expect(repeatsRowsInPairs(fax)).to.equal(true);
      expect({ width: softened.width, height: softened.height }).to.deep.equal({ width: 200, height: 200 });
      const besideVerticalEdge = softened.data[50 * 200 + 99];
      const besideHorizontalEdge = softened.data[99 * 200 + 50];
      expect(besideVerticalEdge).to.be.lessThan(besideHorizontalEdge);
      expect(besideHorizontalEdge).to.be.lessThan(255);
      expect(softened.data[20 * 200 + 20]).to.equal(255);
    });

    it('leaves a gray 300-dpi scan as it is', async () => {
      const scan = lettersPage(600, 400, 20);
      for (let index = 0; index < scan.data.length; index += 1) scan.data[index] = Math.min(245, scan.data[index] + (index % 90));
      expect(isBilevel(scan)).to.equal(false);
      expect(await softenBilevel(scan)).to.equal(scan);
    });
  });


  describe('dotted rules', () => {
    it('paints out a table rule a fax broke into short dashes, and keeps the letters and the decimal points', () => {
      const image = lettersPage(1000, 600, 12, 60);
      fill(image, 0, 290, 1000, 330, 255);
      for (let x = 40; x < 900; x += 14) fill(image, x, 305, x + 6, 307); // a dotted rule
      for (let x = 60; x < 900; x += 70) fill(image, x, 320, x + 2, 322); // the 12 decimal points of a row of amounts
      const lettersBefore = inkIn(image, 0, 0, 1000, 290);
      removeRules(image, undefined, { brokenRules: true });
      expect(inkIn(image, 40, 303, 900, 309)).to.equal(0);
      expect(inkIn(image, 0, 318, 1000, 324)).to.equal(12 * 4);
      expect(inkIn(image, 0, 0, 1000, 290)).to.equal(lettersBefore);
    });

    it('looks for dotted rules on bilevel pages only', () => {
      const image = lettersPage(1000, 600, 12, 60);
      fill(image, 0, 290, 1000, 330, 255);
      for (let x = 40; x < 900; x += 14) fill(image, x, 305, x + 6, 307);
      removeRules(image);
      expect(inkIn(image, 40, 303, 900, 309)).to.be.greaterThan(0);
    });
  });

  describe('the fax machine header line', () => {
    const word = (text: string, top: number, left = 0.1): Word => ({ text, bbox: [left, top, left + 0.08, top + 0.01], source: 'ocr', confidence: 0.9 });

    it('drops the line a sending machine prints along the top edge, and one along the foot', () => {
      const words = [word('DEC-01-2026', 0.01), word('16:48', 0.01, 0.2), word('FROM:', 0.01, 0.3), word('Ironwood', 0.06), word('Total', 0.5), word('P.2/3', 0.985, 0.8)];
      expect(withoutFaxHeaderLines(words).map((kept) => kept.text)).to.deep.equal(['Ironwood', 'Total']);
    });

    it('keeps print near the edge that does not read like a fax line', () => {
      const words = [word('Ironwood', 0.015), word('Home', 0.015, 0.2), word('Total', 0.5)];
      expect(withoutFaxHeaderLines(words)).to.deep.equal(words);
    });
  });

  describe('recognising a fax page', () => {
    /** Reads a fax machine's line at the top of whatever it is given, and eight words of body text. */
    class RecordingOcr implements OcrEngine {
      readonly calls: Array<{ layout?: OcrLayout; page?: OcrPageHints }> = [];
      async recognize(image: GrayImage, layout?: OcrLayout, page?: OcrPageHints): Promise<OcrWord[]> {
        this.calls.push({ layout, page });
        const header: OcrWord = { text: '16:48', bbox: [10, 0, 60, 8], confidence: 0.9 };
        const body = Array.from({ length: 8 }, (_, index): OcrWord => ({ text: `word${index}`, bbox: [10 + index * 40, image.height / 2, 40 + index * 40, image.height / 2 + 12], confidence: 0.95 }));
        return [header, ...body];
      }
      async close(): Promise<void> {}
    }

    it('asks for heavy noise removal on a fax and keeps its machine line out of the words', async () => {
      const fax = stretchedFax(400, 600);
      fill(fax, 10, 0, 200, 2);
      const engine = new RecordingOcr();
      const result = await recognizePage(engine, fax);
      expect(engine.calls[0]).to.deep.equal({ layout: 'page', page: { speckled: true } });
      expect(result.words.map((found) => found.text)).to.not.include('16:48');
      expect(result.words).to.have.length(8);
    });

    /** Reads a line of words with an amount it is not sure of on a page, and nothing on a sheet of crops. */
    class AmountOcr implements OcrEngine {
      readonly calls: Array<{ layout?: OcrLayout; page?: OcrPageHints }> = [];
      async recognize(image: GrayImage, layout?: OcrLayout, page?: OcrPageHints): Promise<OcrWord[]> {
        this.calls.push({ layout, page });
        if (layout === 'lines') return [];
        const top = image.height / 2;
        const body = Array.from({ length: 6 }, (_, index): OcrWord => ({ text: `word${index}`, bbox: [10 + index * 40, top, 40 + index * 40, top + 12], confidence: 0.95 }));
        return [...body, { text: '692.50', bbox: [260, top, 300, top + 12], confidence: 0.6 }];
      }
      async close(): Promise<void> {}
    }

    it('reads the doubtful numbers of a fax again with only the characters of numbers, and not those of a gray scan', async () => {
      const scan = lettersPage(400, 600, 14);
      for (let index = 0; index < scan.data.length; index += 1) scan.data[index] = Math.min(245, scan.data[index] + (index % 90));
      const onFax = new AmountOcr();
      const onScan = new AmountOcr();
      await recognizePage(onFax, stretchedFax(400, 600));
      await recognizePage(onScan, scan);
      expect(onFax.calls.filter((call) => call.page?.characters !== undefined)).to.have.length.greaterThan(0);
      expect(onScan.calls.filter((call) => call.page?.characters !== undefined)).to.have.length(0);
    });

    /** Reads a line with a word it doubts and one it all but guessed, as tesseract reads a fax's thin print. */
    class DoubtfulOcr implements OcrEngine {
      async recognize(image: GrayImage, layout?: OcrLayout): Promise<OcrWord[]> {
        if (layout === 'lines') return [];
        const top = Math.round(image.height / 2);
        const word = (text: string, x: number, confidence: number): OcrWord => ({ text, bbox: [x, top, x + 30, top + 12], confidence });
        return [word('cracks;', 10, 0.95), word('protect', 50, 0.4), word('adjacent', 90, 0.95), word('2x4', 130, 0.4), word('EE', 170, 0.2)];
      }
      async close(): Promise<void> {}
    }

    it('keeps the words of a fax read at a confidence a gray scan would drop, but not those all but guessed; a gray scan keeps only doubtful words spelled as words among sure ones', async () => {
      const scan = lettersPage(400, 600, 14);
      for (let index = 0; index < scan.data.length; index += 1) scan.data[index] = Math.min(245, scan.data[index] + (index % 90));
      const onFax = await recognizePage(new DoubtfulOcr(), stretchedFax(400, 600));
      const onScan = await recognizePage(new DoubtfulOcr(), scan);
      expect(onFax.words.map((found) => found.text)).to.deep.equal(['cracks;', 'protect', 'adjacent', '2x4']);
      expect(onScan.words.map((found) => found.text)).to.deep.equal(['cracks;', 'protect', 'adjacent']);
    });

    it('leaves a gray scan to tesseract as before, with every word it read', async () => {
      const scan = lettersPage(400, 600, 14);
      for (let index = 0; index < scan.data.length; index += 1) scan.data[index] = Math.min(245, scan.data[index] + (index % 90));
      const engine = new RecordingOcr();
      const result = await recognizePage(engine, scan);
      expect(engine.calls[0]).to.deep.equal({ layout: 'page', page: { speckled: false } });
      expect(result.words).to.have.length(9);
    });
  });

});
