import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { removeRules } from '../../../core/src/document/ocr/rules.js';

function blankPage(width: number, height: number): GrayImage {
  return { data: new Uint8Array(width * height).fill(250), width, height };
}

function fill(image: GrayImage, x0: number, y0: number, x1: number, y1: number, level = 0): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(level, y * image.width + x0, y * image.width + x1);
}

const inkIn = (image: GrayImage, x0: number, y0: number, x1: number, y1: number): number => {
  let ink = 0;
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (image.data[y * image.width + x] < 128) ink += 1;
  return ink;
};

describe('removeRules', () => {
  it('paints out long horizontal and vertical rules and keeps glyph-sized marks', () => {
    const page = blankPage(1000, 1300);
    fill(page, 50, 400, 950, 403); // a table rule across the page
    fill(page, 500, 100, 502, 1200); // a column rule down it
    fill(page, 100, 300, 120, 330); // a glyph-sized mark inside a cell
    removeRules(page);
    expect(inkIn(page, 50, 399, 950, 404)).to.equal(0);
    expect(inkIn(page, 499, 100, 503, 1200)).to.equal(0);
    expect(inkIn(page, 100, 300, 120, 330)).to.equal(20 * 30);
  });

  it('finds a vertical rule whole where a horizontal one crosses it', () => {
    const page = blankPage(400, 400);
    fill(page, 10, 200, 390, 203);
    fill(page, 100, 180, 102, 230);
    removeRules(page);
    expect(inkIn(page, 0, 0, 400, 400)).to.equal(0);
  });

  it('paints out a rule broken by dropouts and stepping down a row, as a fax prints it', () => {
    const page = blankPage(1000, 1300);
    fill(page, 50, 400, 500, 402);
    fill(page, 500, 401, 950, 403);
    for (let x = 80; x < 950; x += 37) fill(page, x, 400, x + 2, 403, 250);
    removeRules(page, undefined, { brokenRules: true });
    expect(inkIn(page, 50, 398, 950, 405)).to.equal(0);
  });

  it('keeps a line of bold letters set close together, whose tops cover a band as densely as a rule', () => {
    const page = blankPage(1000, 1300);
    for (let x = 100; x < 900; x += 15) fill(page, x, 500, x + 14, 520);
    const before = inkIn(page, 0, 0, 1000, 1300);
    removeRules(page, undefined, { brokenRules: true });
    expect(inkIn(page, 0, 0, 1000, 1300)).to.equal(before);
  });
});
