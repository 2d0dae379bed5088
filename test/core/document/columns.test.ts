import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { findGutter, recognizeByColumns } from '../../../core/src/document/ocr/columns.js';
import type { OcrEngine } from '../../../core/src/document/ocr/pool.js';

function page(width: number, height: number): GrayImage {
  return { data: new Uint8Array(width * height).fill(240), width, height };
}

function ink(image: GrayImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(20, y * image.width + x0, y * image.width + x1);
}

/** A landscape page: a line across the top, then two columns of lines, the right one's `shift` pixels lower. */
function twoUp(shift: number): GrayImage {
  const image = page(1200, 900);
  ink(image, 60, 40, 1140, 54);
  for (let y = 100; y < 700; y += 40) {
    ink(image, 60, y, 540, y + 14);
    ink(image, 660, y + shift, 1140, y + shift + 14);
  }
  return image;
}

describe('OCR of a page printed in two columns', () => {
  it('finds the gutter between two columns whose lines do not line up, under the line across the page', () => {
    const gutter = findGutter(twoUp(12));
    expect(gutter).to.not.equal(null);
    expect(gutter!.x).to.be.within(540, 660);
    expect(gutter!.top).to.be.within(55, 100);
    expect(gutter!.bottom).to.be.at.least(700);
  });

  it('finds none where the lines of both sides line up (a table with a wide gap)', () => {
    expect(findGutter(twoUp(0))).to.equal(null);
  });

  it('finds none beside a short box at the foot of one column of text (a form\'s totals beside its list)', () => {
    const image = page(1200, 900);
    for (let y = 60; y < 780; y += 40) ink(image, 60, y, 540, y + 14);
    for (let y = 580; y < 780; y += 40) ink(image, 660, y + 12, 1140, y + 26);
    expect(findGutter(image)).to.equal(null);
  });

  it('recognises each column on its own and the rows above it across the page, words placed back on the page', async () => {
    const seen: Array<[number, number]> = [];
    const engine: OcrEngine = {
      recognize: async (image) => {
        seen.push([image.width, image.height]);
        return [{ text: `w${seen.length}`, bbox: [32, 32, 42, 42], confidence: 0.9 }];
      },
      close: async () => undefined,
    };
    const image = twoUp(12);
    const { x, top } = findGutter(image)!;
    const words = await recognizeByColumns(engine, image, {});
    expect(seen).to.have.length(3);
    expect(words.map((word) => [word.text, word.bbox[0], word.bbox[1]])).to.deep.equal([
      ['w1', 0, 0],
      ['w2', 0, top],
      ['w3', x, top],
    ]);
  });
});
