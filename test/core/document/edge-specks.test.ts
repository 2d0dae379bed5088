import { expect } from 'chai';
import type { BBox, Word } from '../../../core/src/contracts/document.js';
import { isEdgeSpeck } from '../../../core/src/document/ocr-page.js';

const ocrWord = (text: string, bbox: BBox): Word => ({ text, bbox, source: 'ocr', confidence: 0.8 });

describe('OCR edge specks', () => {
  it('takes a letter or two lying wholly at any edge of the image for the slanted edge of a deskewed photo', () => {
    expect(isEdgeSpeck(ocrWord('i', [0.995, 0.389, 1, 0.42]))).to.equal(true);
    expect(isEdgeSpeck(ocrWord('E', [0.988, 0.454, 0.993, 0.466]))).to.equal(true);
    expect(isEdgeSpeck(ocrWord('1', [0.007, 0.848, 0.01, 0.858]))).to.equal(true);
    expect(isEdgeSpeck(ocrWord('a', [0.4, 0, 0.41, 0.008]))).to.equal(true);
    expect(isEdgeSpeck(ocrWord('od', [0.5, 0.99, 0.52, 1]))).to.equal(true);
  });

  it('keeps longer words, and short ones that reach in from the edge band', () => {
    expect(isEdgeSpeck(ocrWord('wore', [0.948, 0.99, 0.966, 0.994]))).to.equal(false);
    expect(isEdgeSpeck(ocrWord('Total', [0.99, 0.5, 0.999, 0.51]))).to.equal(false);
    expect(isEdgeSpeck(ocrWord('3', [0.97, 0.33, 0.994, 0.34]))).to.equal(false);
    expect(isEdgeSpeck(ocrWord('EA', [0.6, 0.33, 0.62, 0.34]))).to.equal(false);
  });
});
