import { expect } from 'chai';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { letterUpscale } from '../../../core/src/document/image.js';
import { inkComponents } from '../../../core/src/document/ocr/components.js';
import { edgeWidth } from '../../../core/src/document/ocr/sharpness.js';
import { capitalHeight, typicalGlyphHeight } from '../../../core/src/document/ocr/text-height.js';

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

/**
 * Rows of running text: letter-sized blobs on a common baseline, 12 px apart, one row every `rowStep`
 * px; `capitalShare` of them as tall as capitals (each given height in turn), the others x-height tall.
 */
function textPage(width: number, height: number, xHeight: number, capitals: number | number[], capitalShare: number, rowStep: number): GrayImage {
  const image = page(width, height);
  const tall = [capitals].flat();
  let capital = 0;
  for (let baseline = 20 + Math.max(...tall); baseline < height - 20; baseline += rowStep) {
    for (let x = 20, index = 0; x + 8 < width - 20; x += 12, index += 1) {
      const isCapital = Math.floor((index + 1) * capitalShare) > Math.floor(index * capitalShare);
      const letterHeight = isCapital ? tall[capital++ % tall.length] : xHeight;
      fill(image, x, baseline - letterHeight, x + 8, baseline);
    }
  }
  return image;
}

/** The page softened as a phone's lens and JPEG soften print: a [1 2 1] kernel across and down. */
function softened(image: GrayImage): GrayImage {
  const { width, height } = image;
  const across = new Uint8Array(image.data);
  for (let y = 0; y < height; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = y * width + x;
      across[at] = (image.data[at - 1] + 2 * image.data[at] + image.data[at + 1] + 2) >> 2;
    }
  }
  const data = new Uint8Array(across);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      data[at] = (across[at - width] + 2 * across[at] + across[at + width] + 2) >> 2;
    }
  }
  return { data, width, height };
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

  describe('the height of capitals and digits', () => {
    it('is the taller of the two peaks of running text, whichever of them holds more letters', () => {
      for (const [xHeight, capitals] of [
        [7, 10],
        [9, 13],
        [12, 17],
        [16, 22],
      ]) {
        const text = textPage(800, 600, xHeight, capitals, 0.3, capitals * 3);
        expect(capitalHeight(inkComponents(text, 127), text.height)).to.be.closeTo(capitals, 0.5);
        expect(typicalGlyphHeight(inkComponents(text, 127), text.height)).to.be.closeTo(xHeight, 0.5);
        const figures = textPage(800, 600, xHeight, capitals, 0.7, capitals * 3);
        expect(capitalHeight(inkComponents(figures, 127), figures.height)).to.be.closeTo(capitals, 0.5);
      }
    });

    it('is the one peak of a page of figures or capitals only, and not a few headings above it', () => {
      const image = lettersPage(800, 600, 13, 39);
      for (let x = 20; x + 12 < 400; x += 18) fill(image, x, 560, x + 12, 580);
      expect(capitalHeight(inkComponents(image, 127), image.height)).to.be.closeTo(13, 0.5);
    });

    it('takes capitals cut one pixel taller or shorter by the threshold as one height', () => {
      const image = textPage(800, 600, 12, [16, 17], 0.3, 51);
      expect(capitalHeight(inkComponents(image, 127), image.height)).to.be.closeTo(16.5, 0.5);
    });

    it('is unknown on a page with too few letters', () => {
      expect(capitalHeight(inkComponents(page(100, 100), 127), 100)).to.equal(undefined);
    });
  });

  describe('the sharpness of the print', () => {
    it('measures the edges of a rendered page under a pixel wide and those of a softened one about two', () => {
      const rendered = lettersPage(800, 600, 12, 36);
      expect(edgeWidth(rendered, 127)).to.be.below(1.15);
      expect(edgeWidth(softened(rendered), 127)).to.be.closeTo(2, 0.1);
      expect(edgeWidth(page(50, 50), 127)).to.equal(undefined);
    });
  });

  describe('the print size of images', () => {
    const grayed = (image: GrayImage): GrayImage => {
      for (let index = 0; index < image.data.length; index += 1) image.data[index] = Math.min(235, image.data[index] + 20 + (index % 50));
      return image;
    };

    it('enlarges a photo (soft print) until its letters are 18 pixels tall, at most twice', () => {
      const photographed = (image: GrayImage): GrayImage => grayed(softened(softened(image)));
      // Softened twice, a letter's blob is a pixel or so taller than the letter (10 → 11.25).
      expect(letterUpscale(photographed(lettersPage(800, 600, 10, 36)))).to.be.closeTo(18 / 11.25, 0.05);
      expect(letterUpscale(photographed(lettersPage(800, 600, 6, 21)))).to.equal(2);
    });

    it('enlarges sharp print only until its capitals, not its more numerous lowercase letters, are 16 pixels tall', () => {
      expect(letterUpscale(grayed(textPage(800, 600, 8, 11, 0.3, 36)))).to.be.closeTo(16 / 11, 0.05);
      expect(letterUpscale(grayed(textPage(800, 600, 9, 12, 0.7, 36)))).to.be.closeTo(16 / 12, 0.05);
      expect(letterUpscale(grayed(textPage(800, 600, 9, 13, 0.3, 40)))).to.equal(1);
      expect(letterUpscale(grayed(lettersPage(800, 600, 13, 39)))).to.equal(1);
    });

    it('leaves print of a 300-dpi scan, and a black-and-white fax, at their size', () => {
      expect(letterUpscale(grayed(lettersPage(800, 600, 22, 66)))).to.equal(1);
      expect(letterUpscale(grayed(softened(lettersPage(800, 600, 16, 48))))).to.equal(1);
      expect(letterUpscale(lettersPage(800, 600, 9, 27))).to.equal(1);
    });
  });
});
