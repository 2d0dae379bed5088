import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { cropToInk } from '../../../core/src/document/ocr/crop.js';

function page(width: number, height: number): GrayImage {
  return { data: new Uint8Array(width * height).fill(240), width, height };
}

function ink(image: GrayImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(20, y * image.width + x0, y * image.width + x1);
}

describe('cropToInk', () => {
  it('cuts the page to its ink plus a margin and says where the cut lies on the page', () => {
    const image = page(600, 800);
    ink(image, 100, 200, 400, 220);
    ink(image, 150, 500, 300, 520);
    const { image: cut, crop } = cropToInk(image, { left: 0, top: 0, width: 600, height: 800 });
    expect(crop).to.deep.equal({ left: 68, top: 168, pageWidth: 600, pageHeight: 800 });
    expect({ width: cut.width, height: cut.height }).to.deep.equal({ width: 300 + 64, height: 320 + 64 });
    expect(cut.data[(200 - 168) * cut.width + (100 - 68)]).to.equal(20);
  });

  it('ignores specks of a pixel or two', () => {
    const image = page(600, 800);
    ink(image, 100, 200, 400, 220);
    ink(image, 5, 790, 6, 791);
    expect(cropToInk(image, { left: 0, top: 0, width: 600, height: 800 }).crop).to.include({ left: 68, top: 168 });
  });

  it('looks only inside the window of the page on a larger canvas, and copies even when nothing is cut', () => {
    const canvas = page(700, 900);
    ink(canvas, 0, 0, 700, 30);
    ink(canvas, 60, 60, 640, 840);
    const { image: cut, crop } = cropToInk(canvas, { left: 50, top: 50, width: 600, height: 800 });
    expect(crop).to.deep.equal({ left: 0, top: 0, pageWidth: 600, pageHeight: 800 });
    expect({ width: cut.width, height: cut.height }).to.deep.equal({ width: 600, height: 800 });
    expect(cut.data).to.not.equal(canvas.data);
  });
});
