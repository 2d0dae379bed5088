import { expect } from 'chai';
import { normaliseOcrWord } from '../../../core/src/document/ocr/normalise.js';

describe('normaliseOcrWord', () => {
  it('repairs the P0O- misreading of PO numbers', () => {
    expect(normaliseOcrWord('P0O-123456')).to.equal('PO-123456');
  });

  it('turns letters misread inside numbers, amounts and dates into digits', () => {
    expect(normaliseOcrWord('1O0,000')).to.equal('100,000');
    expect(normaliseOcrWord('$2,5OO.00')).to.equal('$2,500.00');
    expect(normaliseOcrWord('O8/14/2024')).to.equal('08/14/2024');
    expect(normaliseOcrWord('2O25')).to.equal('2025');
  });

  it('leaves words, codes and already clean numbers alone', () => {
    for (const word of ['BOOK', 'SOLD', 'ZOO', 'OIL', 'IS', 'CL255382254', '1,000', 'PO-123456', 'I0I']) {
      expect(normaliseOcrWord(word)).to.equal(word);
    }
  });
});
