import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { findDarkBands, invertDarkBands, whitenGrayBands } from '../../../core/src/document/ocr/dark-bands.js';

function blankPage(width: number, height: number): GrayImage {
  return { data: new Uint8Array(width * height).fill(250), width, height };
}

function fill(image: GrayImage, x0: number, y0: number, x1: number, y1: number, level: number): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(level, y * image.width + x0, y * image.width + x1);
}

const at = (image: GrayImage, x: number, y: number): number => image.data[y * image.width + x];

/** A page with a caption band (gray 60) holding white letters, a rule, a picture, a line of bold text. */
function form(): GrayImage {
  const page = blankPage(1000, 1300);
  fill(page, 100, 200, 500, 240, 60);
  for (let x = 110; x < 200; x += 15) fill(page, x, 210, x + 8, 230, 245);
  fill(page, 100, 400, 900, 403, 0);
  fill(page, 600, 600, 900, 900, 40);
  for (let x = 100; x < 700; x += 22) fill(page, x, 1000, x + 14, 1024, 0);
  return page;
}

describe('core OCR: captions printed white on a dark band', () => {
  it('finds the band and none of the rule, the picture or the bold text', () => {
    expect(findDarkBands(form()).map(({ x0, x1, y0, y1 }) => ({ x0, x1, y0, y1 }))).to.deep.equal([{ x0: 100, x1: 499, y0: 200, y1: 239 }]);
  });

  it('leaves a shaded band printed with black letters (a table header) as it is', () => {
    const page = blankPage(1000, 400);
    fill(page, 100, 200, 900, 240, 110);
    for (let x = 110; x < 880; x += 15) fill(page, x, 210, x + 8, 230, 10);
    const before = Uint8Array.from(page.data);
    invertDarkBands(page);
    expect(page.data).to.deep.equal(before);
  });

  it('turns the band to paper and its white letters to ink, leaving the rest of the page as it was', () => {
    const page = form();
    const before = Uint8Array.from(page.data);
    invertDarkBands(page);
    expect(at(page, 300, 220)).to.equal(255);
    expect(at(page, 112, 220)).to.be.below(40);
    const outside = page.data.every((value, index) => {
      const [x, y] = [index % page.width, Math.floor(index / page.width)];
      return (x >= 100 && x < 500 && y >= 200 && y < 240) || value === before[index];
    });
    expect(outside).to.equal(true);
  });
});

describe('core OCR: dark letters on a mid-gray band', () => {
  /** A header band (gray 205) with black letters, a light tint (gray 235) with black letters, a line of text on paper. */
  function sheet(): GrayImage {
    const page = blankPage(1000, 1300);
    fill(page, 100, 200, 900, 240, 205);
    for (let x = 110; x < 880; x += 15) fill(page, x, 210, x + 8, 230, 30);
    fill(page, 100, 500, 900, 530, 235);
    for (let x = 110; x < 880; x += 15) fill(page, x, 505, x + 8, 525, 30);
    for (let x = 100; x < 700; x += 22) fill(page, x, 1000, x + 14, 1024, 0);
    return page;
  }

  it('stretches the band to paper, its letters kept dark, and leaves the tint and the rest of the page as they were', () => {
    const page = sheet();
    const before = Uint8Array.from(page.data);
    whitenGrayBands(page);
    expect(at(page, 512, 220)).to.equal(255);
    expect(at(page, 112, 220)).to.be.below(50);
    const outside = page.data.every((value, index) => {
      const [x, y] = [index % page.width, Math.floor(index / page.width)];
      return (x >= 100 && x < 900 && y >= 200 && y < 240) || value === before[index];
    });
    expect(outside).to.equal(true);
  });

  it('whitens a tall band of stacked header lines on a light tint, its cell walls painted out white', () => {
    const page = blankPage(1000, 1000);
    fill(page, 100, 400, 900, 450, 219);
    for (let x = 160; x < 900; x += 60) fill(page, x, 400, x + 4, 450, 255);
    for (let x = 110; x < 880; x += 30) fill(page, x, 412, x + 3, 420, 30);
    whitenGrayBands(page);
    expect(at(page, 130, 430)).to.equal(255);
    expect(at(page, 111, 415)).to.be.below(50);
  });

  it('leaves a band of one line on that light tint as it is', () => {
    const page = blankPage(1000, 1000);
    fill(page, 100, 400, 900, 430, 219);
    for (let x = 110; x < 880; x += 30) fill(page, x, 410, x + 3, 420, 30);
    const before = Uint8Array.from(page.data);
    whitenGrayBands(page);
    expect(page.data).to.deep.equal(before);
  });

  it('leaves a line of bold print, blurred into one dark run, as it is: its pixels spread from ink to paper', () => {
    const page = blankPage(1000, 1300);
    const shades = [60, 120, 175, 200, 220];
    for (let y = 600; y < 615; y += 1) for (let x = 100; x < 900; x += 1) page.data[y * page.width + x] = shades[(x + y) % shades.length];
    const before = Uint8Array.from(page.data);
    whitenGrayBands(page);
    expect(page.data).to.deep.equal(before);
  });
});
