import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { isBilevel, softenBilevel } from '../../../core/src/document/ocr/bilevel.js';

function faxLikePage(width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 40; y < 44; y += 1) data.fill(0, y * width + 20, y * width + 180);
  return { data, width, height };
}

function grayScan(width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let index = 0; index < data.length; index += 1) data[index] = 120 + (index % 100);
  return { data, width, height };
}

describe('bilevel pages before OCR', () => {
  it('tells a black-and-white page from a gray scan', () => {
    expect(isBilevel(faxLikePage(200, 100))).to.equal(true);
    expect(isBilevel(grayScan(200, 100))).to.equal(false);
  });

  it('softens the edges of a bilevel page and keeps its size', async () => {
    const page = faxLikePage(200, 100);
    const softened = await softenBilevel(page);
    expect({ width: softened.width, height: softened.height }).to.deep.equal({ width: 200, height: 100 });
    const justAbove = softened.data[39 * 200 + 100];
    expect(justAbove).to.be.greaterThan(0).and.lessThan(255);
    expect(softened.data[42 * 200 + 100]).to.be.lessThan(64);
    expect(softened.data[10 * 200 + 100]).to.equal(255);
  });

  it('leaves a gray page untouched', async () => {
    const page = grayScan(200, 100);
    expect(await softenBilevel(page)).to.equal(page);
  });
});
