import { expect } from 'chai';
import { isMisreadDollarSign, normaliseOcrWord } from '../../../core/src/document/ocr/normalise.js';

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

  it('reads the pound unit misread with a capital I ("6 Ib pad")', () => {
    expect(normaliseOcrWord('Ib')).to.equal('lb');
    expect(normaliseOcrWord('Ibs.')).to.equal('lbs.');
    expect(normaliseOcrWord('Ibis')).to.equal('Ibis');
  });

  it('leaves words, codes and already clean numbers alone', () => {
    for (const word of ['BOOK', 'SOLD', 'ZOO', 'OIL', 'IS', 'CL255382254', '1,000', 'PO-123456', 'I0I']) {
      expect(normaliseOcrWord(word)).to.equal(word);
    }
  });
});

describe('isMisreadDollarSign', () => {
  it('takes a lone s, S or § right before an amount for a dollar sign', () => {
    expect(isMisreadDollarSign('s', '1,000,000', 0.5)).to.equal(true);
    expect(isMisreadDollarSign('§', '2,500.00', 1)).to.equal(true);
  });

  it('leaves other words, and sign-like words far from or not before an amount, alone', () => {
    expect(isMisreadDollarSign('is', '1,000', 0.5)).to.equal(false);
    expect(isMisreadDollarSign('s', 'Total', 0.5)).to.equal(false);
    expect(isMisreadDollarSign('s', '1,000', 5)).to.equal(false);
    expect(isMisreadDollarSign('s', undefined, 0)).to.equal(false);
  });
});
