import { expect } from 'chai';
import { parseAmount, parseDate, parseQuantity, parseUnit } from '../../../plugins/sor/src/parse.js';

describe('plugin-sor value parsers', () => {
  describe('parseAmount', () => {
    it('reads printed money with currency sign, thousands separators and cents', () => {
      expect(parseAmount('$1,455.00')?.value).to.equal(1455);
      expect(parseAmount('2,178.00')?.value).to.equal(2178);
      expect(parseAmount('0.78')?.value).to.equal(0.78);
      expect(parseAmount('$12,000')?.value).to.equal(12000);
      expect(parseAmount('(250.00)')?.value).to.equal(-250);
    });

    it('repairs OCR look-alikes and marks the value as repaired', () => {
      expect(parseAmount('S1,455.0O')).to.deep.equal({ value: 1455, repaired: true, moneyLike: true });
      expect(parseAmount('1.455.00')?.value).to.equal(1455);
      expect(parseAmount('455,00')?.value).to.equal(455);
      expect(parseAmount('$l,2O0.00')?.value).to.equal(1200);
    });

    it('tells money formatting from a bare integer', () => {
      expect(parseAmount('4')?.moneyLike).to.equal(false);
      expect(parseAmount('$4')?.moneyLike).to.equal(true);
    });

    it('refuses words, dates and percentages', () => {
      expect(parseAmount('SF')).to.equal(null);
      expect(parseAmount('02/06/2026')).to.equal(null);
      expect(parseAmount('8.0%')).to.equal(null);
      expect(parseAmount('1,45,5')).to.equal(null);
    });
  });

  it('parseQuantity reads quantities with separators and decimals', () => {
    expect(parseQuantity('1,772')?.value).to.equal(1772);
    expect(parseQuantity('13.5')?.value).to.equal(13.5);
    expect(parseQuantity('EA')).to.equal(null);
  });

  it('parseUnit accepts short unit codes only', () => {
    expect(parseUnit('SF')).to.equal('SF');
    expect(parseUnit('LS')).to.equal('LS');
    expect(parseUnit('Replace')).to.equal(null);
  });

  it('parseDate turns the printed forms into ISO dates', () => {
    expect(parseDate('04/27/2025')).to.equal('2025-04-27');
    expect(parseDate('February 4, 2026')).to.equal('2026-02-04');
    expect(parseDate('Sept. 9, 2025')).to.equal('2025-09-09');
    expect(parseDate('4 March 2026')).to.equal('2026-03-04');
    expect(parseDate('8.11.21')).to.equal('2021-08-11');
    expect(parseDate('2025-12-11')).to.equal('2025-12-11');
    expect(parseDate('13/45/2025')).to.equal(null);
    expect(parseDate('no date')).to.equal(null);
  });
});
