import { expect } from 'chai';
import sharp from 'sharp';
import type { GrayImage } from '../../../core/src/document/gray-image.js';
import { rotateQuarterTurns } from '../../../core/src/document/gray-image.js';
import { estimateOrientation } from '../../../core/src/document/ocr/orientation.js';
import { makeTextImage, paragraph } from '../../support/fixtures.js';

async function grayImage(bytes: Uint8Array): Promise<GrayImage> {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const LINES = paragraph(['A paragraph of several lines of text', 'so that the ink falls into clear rows', 'when the projection runs along them', 'and blurs when it does not.']);

describe('orientation and skew estimates', () => {
  it('finds text running across an upright page and measures its skew', async () => {
    for (const skewDegrees of [0, 2.5, -4]) {
      const estimate = estimateOrientation(await grayImage(await makeTextImage(LINES, { skewDegrees })));
      expect(estimate.vertical, `skew ${skewDegrees}`).to.equal(false);
      expect(estimate.skew, `skew ${skewDegrees}`).to.be.closeTo(skewDegrees, 0.4);
    }
  });

  it('finds text running down a page turned by a quarter, and which quarter turn rights it', async () => {
    for (const quarterTurns of [1, 3]) {
      const estimate = estimateOrientation(await grayImage(await makeTextImage(LINES, { quarterTurns })));
      expect(estimate.vertical, `turned ${quarterTurns}`).to.equal(true);
      // Ascenders (capitals, b d f h k l t) outweigh descenders on the side of the lines' tops.
      expect(estimate.quarterTurns, `turned ${quarterTurns}`).to.equal(4 - quarterTurns);
    }
  });

  it('says nothing is vertical or skewed on a blank page', () => {
    const blank = { data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 };
    expect(estimateOrientation(blank)).to.deep.equal({ vertical: false, skew: 0, quarterTurns: 0 });
  });
});

describe('gray image helpers', () => {
  const image: GrayImage = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };

  it('turns pixels clockwise by quarter turns', () => {
    expect(rotateQuarterTurns(image, 1)).to.deep.equal({ data: Uint8Array.from([4, 1, 5, 2, 6, 3]), width: 2, height: 3 });
    expect(rotateQuarterTurns(image, 2)).to.deep.equal({ data: Uint8Array.from([6, 5, 4, 3, 2, 1]), width: 3, height: 2 });
    expect(rotateQuarterTurns(rotateQuarterTurns(image, 3), 1)).to.deep.equal(image);
  });
});
