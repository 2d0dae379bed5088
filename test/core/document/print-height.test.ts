import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { letterUpscale } from '../../../core/src/document/image.js';
import { inkComponents } from '../../../core/src/document/ocr/components.js';
import { typicalGlyphHeight } from '../../../core/src/document/ocr/text-height.js';

function page(width: number, height: number, level = 255): GrayImage {
  return { data: new Uint8Array(width * height).fill(level), width, height };
}

function fill(image: GrayImage, x0: number, y0: number, x1: number, y1: number, level = 0): void {
  for (let y = y0; y < y1; y += 1) image.data.fill(level, y * image.width + x0, y * image.width + x1);
}

/** Rows of letter-sized blobs of the given height, 12 px apart, one row every `rowStep` px. */
function lettersPage(width: number, height: number, letterHeight: number, rowStep = 40): GrayImage {
  const image = page(width, height);
  for (let top = 20; top + letterHeight < height - 20; top += rowStep) {
    for (let x = 20; x + 8 < width - 20; x += 12) fill(image, x, top, x + 8, top + letterHeight);
  }
  return image;
}

describe('the height of the print', () => {
  describe('ink blobs and the height of the print', () => {
    it('labels blobs joined through a diagonal as one, with their boxes and areas', () => {
      const image = page(20, 10);
      fill(image, 2, 2, 4, 4);
      fill(image, 4, 4, 5, 6); // touches the first only at a corner
      fill(image, 10, 1, 15, 2);
      const components = inkComponents(image, 127);
      expect(components.count).to.equal(2);
      const boxes = Array.from({ length: components.count }, (_, index) => [components.x0[index], components.y0[index], components.x1[index], components.y1[index], components.area[index]]);
      expect(boxes).to.have.deep.members([
        [2, 2, 5, 6, 6],
        [10, 1, 15, 2, 5],
      ]);
    });

    it('measures the height most letters have, whatever the resolution', () => {
      for (const letterHeight of [9, 14, 24]) {
        const image = lettersPage(800, 600, letterHeight, letterHeight * 3);
        const height = typicalGlyphHeight(inkComponents(image, 127), image.height);
        expect(height).to.be.closeTo(letterHeight, 0.5);
      }
      expect(typicalGlyphHeight(inkComponents(page(100, 100), 127), 100)).to.equal(undefined);
    });

    it('tells the letters of a receipt photographed large from the more numerous specks of its paper grain, and does not enlarge it', () => {
      const image = page(1200, 1600);
      for (let index = 0; index < 60; index += 1) fill(image, 40 + (index % 20) * 50, 100 + Math.floor(index / 20) * 80, 70 + (index % 20) * 50, 140 + Math.floor(index / 20) * 80);
      for (let index = 0; index < 200; index += 1) fill(image, 20 + (index % 40) * 29, 600 + Math.floor(index / 40) * 150, 23 + (index % 40) * 29, 604 + Math.floor(index / 40) * 150);
      expect(typicalGlyphHeight(inkComponents(image, 127), image.height, 'height')).to.be.closeTo(40, 0.5);
      expect(typicalGlyphHeight(inkComponents(image, 127), image.height)).to.be.closeTo(4, 0.5);
      for (let index = 0; index < image.data.length; index += 1) image.data[index] = Math.min(235, image.data[index] + 20 + (index % 50));
      expect(letterUpscale(image)).to.equal(1);
    });
  });

  describe('the print size of images', () => {
    const grayed = (image: GrayImage): GrayImage => {
      for (let index = 0; index < image.data.length; index += 1) image.data[index] = Math.min(235, image.data[index] + 20 + (index % 50));
      return image;
    };

    it('enlarges a photo of small print until its letters are 18 pixels tall, at most twice', () => {
      expect(letterUpscale(grayed(lettersPage(800, 600, 12, 36)))).to.be.closeTo(1.5, 0.05);
      expect(letterUpscale(grayed(lettersPage(800, 600, 7, 21)))).to.equal(2);
    });

    it('leaves print of a 300-dpi scan, and a black-and-white fax, at their size', () => {
      expect(letterUpscale(grayed(lettersPage(800, 600, 22, 66)))).to.equal(1);
      expect(letterUpscale(lettersPage(800, 600, 9, 27))).to.equal(1);
    });
  });
});
