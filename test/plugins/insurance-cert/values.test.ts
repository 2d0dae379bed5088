import { expect } from 'chai';
import { findPhone, isPhone, isPlaceholder, parseDate, parseMoney, parsePolicyNumber } from '../../../plugins/insurance-cert/src/parse/values.js';

describe('insurance-cert value parsers', () => {
  describe('parseDate', () => {
    it('reads US dates with one- or two-digit parts and two- or four-digit years', () => {
      expect(parseDate('07/19/2025')?.value).to.equal('2025-07-19');
      expect(parseDate('1/7/2025')?.value).to.equal('2025-01-07');
      expect(parseDate('02-09-27')?.value).to.equal('2027-02-09');
      expect(parseDate('12.08.2025')?.value).to.equal('2025-12-08');
    });

    it('reads ISO dates and month names', () => {
      expect(parseDate('2026-04-24')?.value).to.equal('2026-04-24');
      expect(parseDate('Jan 7, 2025')?.value).to.equal('2025-01-07');
      expect(parseDate('September 30 2024')?.value).to.equal('2024-09-30');
    });

    it('corrects OCR look-alikes and says so', () => {
      expect(parseDate('O7/l9/2O25')).to.deep.equal({ value: '2025-07-19', corrected: true });
      expect(parseDate('07/19/ 2025')?.value).to.equal('2025-07-19');
      expect(parseDate('07/19/2025')?.corrected).to.equal(false);
    });

    it('refuses impossible dates, placeholders and words', () => {
      expect(parseDate('02/30/2025')).to.equal(null);
      expect(parseDate('13/01/2025')).to.equal(null);
      expect(parseDate('MM/DD/YYYY')).to.equal(null);
      expect(parseDate('OCCUR')).to.equal(null);
    });
  });

  describe('parseMoney', () => {
    it('reads amounts with or without dollar sign and separators, to the cent', () => {
      expect(parseMoney('$1,000,000')?.value).to.equal(1_000_000);
      expect(parseMoney('1,000,000')?.value).to.equal(1_000_000);
      expect(parseMoney('1000000')?.value).to.equal(1_000_000);
      expect(parseMoney('$ 5,000.50')?.value).to.equal(5000.5);
      expect(parseMoney('1.000.000')?.value).to.equal(1_000_000);
    });

    it('corrects OCR look-alikes in mostly numeric text', () => {
      expect(parseMoney('1,OOO,000')).to.deep.equal({ value: 1_000_000, corrected: true });
      expect(parseMoney('$2,000,0O0')?.value).to.equal(2_000_000);
    });

    it('refuses words and malformed groups', () => {
      expect(parseMoney('Included')).to.equal(null);
      expect(parseMoney('EXCLUDED')).to.equal(null);
      expect(parseMoney('$')).to.equal(null);
      expect(parseMoney('1,00,0')).to.equal(null);
    });
  });

  describe('phones, placeholders and policy numbers', () => {
    it('recognises phone numbers as printed', () => {
      expect(isPhone('(615)324-0500')).to.equal(true);
      expect(isPhone('629.384.1568')).to.equal(true);
      expect(isPhone('(313)559-5145 x346')).to.equal(true);
      expect(isPhone('37027')).to.equal(false);
      expect(findPhone('PHONE (A/C, No, Ext): 888-333-4949 FAX')).to.equal('888-333-4949');
    });

    it('treats template placeholders as missing', () => {
      for (const text of ['MM/DD/YYYY', 'NAME', 'ADDRESS', 'STATE, CITY ZIP CODE', '  ']) expect(isPlaceholder(text), text).to.equal(true);
      expect(isPlaceholder('Butler Homes')).to.equal(false);
    });

    it('accepts policy numbers with spaces and dashes, refuses words and dates', () => {
      expect(parsePolicyNumber('ENP 92698736')).to.equal('ENP 92698736');
      expect(parsePolicyNumber('WC307-0131699-2025A')).to.equal('WC307-0131699-2025A');
      expect(parsePolicyNumber('N/A')).to.equal(null);
      expect(parsePolicyNumber('12/08/2025')).to.equal(null);
    });
  });
});
