import { expect } from 'chai';
import {
  detectDateOrder,
  detectNumberFormat,
  findDateInText,
  parseAmount,
  parseDate,
  parsePercent,
  parseQuantity,
  misreadSquared,
  parseUnit,
  quantityInText,
  readQuantityBeforeUnit,
  snapUnit,
  spelledUnitCode,
} from '../../../core/src/layout/index.js';
import { word } from './helpers.js';

const COMMA = { decimal: ',' } as const;

describe('core layout: numbers, dates and units as printed', () => {
  describe('parseAmount', () => {
    it('gives each caller an amount of its own (a text is read once per decimal convention)', () => {
      const first = parseAmount('1.455,00', { decimal: ',' })!;
      first.value = 0;
      expect(parseAmount('1.455,00', { decimal: ',' })?.value).to.equal(1455);
    });

    it('reads printed money with currency sign, thousands separators and cents', () => {
      expect(parseAmount('$1,455.00')?.value).to.equal(1455);
      expect(parseAmount('2,178.00')?.value).to.equal(2178);
      expect(parseAmount('0.78')?.value).to.equal(0.78);
      expect(parseAmount('$12,000')?.value).to.equal(12000);
      expect(parseAmount('(250.00)')?.value).to.equal(-250);
      expect(parseAmount('<250.00>')?.value, 'a credit in angle brackets').to.equal(-250);
    });

    it('reads an amount followed by a comma or a full stop after its cents, in both conventions', () => {
      expect(parseAmount('$40,374.75,')).to.include({ value: 40374.75, currency: '$' });
      expect(parseAmount('1,250.00.')?.value).to.equal(1250);
      expect(parseAmount('1.234,56,', COMMA)?.value).to.equal(1234.56);
      expect(parseAmount('12,')).to.equal(null);
    });

    it('reads the comma-decimal convention, spaces and apostrophes as thousands separators, and signs after the number', () => {
      expect(parseAmount('1.234,56 €', COMMA)).to.include({ value: 1234.56, currency: 'EUR', repaired: false });
      expect(parseAmount('41,1765 €', COMMA)?.value).to.equal(41.1765);
      expect(parseAmount('1 234,56', COMMA)?.value).to.equal(1234.56);
      expect(parseAmount("1'234.50")?.value).to.equal(1234.5);
      expect(parseAmount('12,50-', COMMA)?.value).to.equal(-12.5);
      expect(parseAmount('-0,25', COMMA)?.value).to.equal(-0.25);
      expect(parseAmount('EUR 13,05', COMMA)).to.include({ value: 13.05, currency: 'EUR' });
      expect(parseAmount('£7.00')?.currency).to.equal('GBP');
    });

    it('reads both separators whatever the document convention, and a lone separator by it', () => {
      expect(parseAmount('1,234.56', COMMA)?.value).to.equal(1234.56);
      expect(parseAmount('1.234,56')?.value).to.equal(1234.56);
      expect(parseAmount('1,200')?.value).to.equal(1200);
      expect(parseAmount('1,200', COMMA)?.value).to.equal(1.2);
      expect(parseAmount('1.000', COMMA)?.value).to.equal(1000);
    });

    it('repairs OCR look-alikes and marks the value as repaired', () => {
      expect(parseAmount('S1,455.0O')).to.deep.equal({ value: 1455, repaired: true, moneyLike: true, currency: '$', decimals: 2 });
      expect(parseAmount('1.455.00')).to.include({ value: 1455, repaired: true });
      expect(parseAmount('455,00')).to.include({ value: 455, repaired: true });
      expect(parseAmount('$l,2O0.00')?.value).to.equal(1200);
    });

    it('tells money formatting from a bare integer', () => {
      expect(parseAmount('4')?.moneyLike).to.equal(false);
      expect(parseAmount('$4')?.moneyLike).to.equal(true);
    });

    it('refuses words, dates, percentages, IP addresses and malformed groups', () => {
      expect(parseAmount('SF')).to.equal(null);
      expect(parseAmount('02/06/2026')).to.equal(null);
      expect(parseAmount('19.01.2016')).to.equal(null);
      expect(parseAmount('19.01.2016', COMMA)).to.equal(null);
      expect(parseAmount('78.46.77.79')).to.equal(null);
      expect(parseAmount('8.0%')).to.equal(null);
      expect(parseAmount('1,45,5')).to.equal(null);
    });
  });

  it('parseQuantity reads quantities in both conventions and repairs OCR marks', () => {
    expect(parseQuantity('1,772')?.value).to.equal(1772);
    expect(parseQuantity('13.5')?.value).to.equal(13.5);
    expect(parseQuantity('0,792', COMMA)?.value).to.equal(0.792);
    expect(parseQuantity('3:5')).to.deep.equal({ value: 3.5, repaired: true });
    expect(parseQuantity('15"')?.value).to.equal(15);
    expect(parseQuantity('EA')).to.equal(null);
  });

  it('parsePercent reads rates in both conventions', () => {
    expect(parsePercent('19 %')).to.equal(19);
    expect(parsePercent('5,5%', COMMA)).to.equal(5.5);
    expect(parsePercent('(10%)')).to.equal(10);
    expect(parsePercent('10')).to.equal(null);
  });

  it('detectNumberFormat decides by amounts, not dates', () => {
    expect(detectNumberFormat(['1.420,00', '269,80', '31.01.2014'])).to.deep.equal({ decimal: ',' });
    expect(detectNumberFormat(['$1,455.00', '0.78', '02/06/2026'])).to.deep.equal({ decimal: '.' });
    expect(detectNumberFormat(['19.01.2016', 'Kette'])).to.deep.equal({ decimal: '.' });
  });

  it('parseUnit accepts unit codes and unit words of several languages, not other words', () => {
    expect(parseUnit('SF')).to.equal('SF');
    expect(parseUnit('LS')).to.equal('LS');
    expect(parseUnit('Stück')).to.equal('Stück');
    expect(parseUnit('Unit(s)')).to.equal('Unit(s)');
    expect(parseUnit('hours')).to.equal('hours');
    expect(parseUnit('Replace')).to.equal(null);
    expect(parseUnit('EA.')).to.equal('EA');
    expect(parseUnit('A-1'), 'an item code').to.equal(null);
    expect(parseUnit('B3'), 'a cost code').to.equal(null);
    expect(snapUnit('kS')).to.equal('LS');
    expect(snapUnit('ES')).to.equal(null);
  });

  it('spelledUnitCode reads the units each language of the lexicon writes out or abbreviates as the construction codes', () => {
    const codes = (units: string[]) => units.map((unit) => spelledUnitCode(unit));
    expect(codes(['lin. ft.', 'sq. yd.', 'lump sum', 'yd³']), 'English').to.deep.equal(['LF', 'SY', 'LS', 'CY']);
    expect(codes(['pie²', 'pie lin.', 'pza', 'global', 'yd²', 'cuadros', 'horas']), 'Spanish').to.deep.equal(['SF', 'LF', 'EA', 'LS', 'SY', 'SQ', 'HR']);
    expect(codes(['pi²', 'pi lin.', 'forfait', 'pièce']), 'French').to.deep.equal(['SF', 'LF', 'LS', 'EA']);
    expect(codes(['Stück', 'pauschal', 'Std.']), 'German').to.deep.equal(['EA', 'LS', 'HR']);
    expect(codes(['stuks', 'uur']), 'Dutch').to.deep.equal(['EA', 'HR']);
    expect(codes(['pie', 'Replace']), 'no unit').to.deep.equal([null, null]);
  });

  it('spelledUnitCode reads the hour\'s symbol "h" as HR', () => {
    expect(spelledUnitCode('h')).to.equal('HR');
  });

  it('misreadSquared reads a superscript two OCR read as a question mark after a unit ("pie?") as the unit printed', () => {
    expect(misreadSquared('pie?')).to.equal('pie²');
    expect(misreadSquared('m?')).to.equal('m²');
    expect(misreadSquared('what?')).to.equal(null);
    expect(misreadSquared('pie')).to.equal(null);
  });

  it('misreadSquared reads a superscript OCR set on the line as a digit ("pi2", "vg3") as the unit printed', () => {
    expect(misreadSquared('pi2')).to.equal('pi²');
    expect(misreadSquared('vg3')).to.equal('vg³');
    expect(misreadSquared('ft2')).to.equal('ft²');
    expect(misreadSquared('A2')).to.equal(null);
    expect(misreadSquared('pie4')).to.equal(null);
  });

  it('readQuantityBeforeUnit reads a count OCR glued to the unit in one cell ("1EA") where no quantity cell is read', () => {
    const ocr = (text: string) => word(text, [0.7, 0.3, 0.74, 0.31], { source: 'ocr' });
    expect(readQuantityBeforeUnit([ocr('1EA')], { decimal: '.' })?.value).to.equal(1);
    expect(readQuantityBeforeUnit([ocr('12SF')], { decimal: '.' })?.value).to.equal(12);
    expect(readQuantityBeforeUnit([ocr('EA')], { decimal: '.' })).to.equal(null);
    expect(readQuantityBeforeUnit([word('1EA', [0.7, 0.3, 0.74, 0.31])], { decimal: '.' }), 'a text layer never glues them').to.equal(null);
  });

  it('quantityInText finds the one number followed by a construction unit in capitals in running text', () => {
    const words = (text: string) => text.split(' ').map((entry, index) => word(entry, [index * 0.05, 0, index * 0.05 + 0.04, 0.01]));
    const found = (text: string) => {
      const quantity = quantityInText(words(text));
      return quantity && [quantity.quantity, quantity.unit, quantity.words.map((entry) => entry.text).join(' ')];
    };
    expect(found('Remove 21 SY carpet and pad')).to.deep.equal([21, 'SY', '21 SY']);
    expect(found('Prime and paint walls – 3,230 SF; color by owner')).to.deep.equal([3230, 'SF', '3,230 SF;']);
    expect(found('Electrician labor – 15 HR')).to.deep.equal([15, 'HR', '15 HR']);
    expect(found('Carpet and 6 lb pad, 3 ton unit')).to.equal(null);
    expect(found('Install 2 EA doors and 40 LF trim')).to.equal(null);
    expect(found('Garage door 16x7 with opener')).to.equal(null);
  });

  it('quantityInText reads a quantity in brackets with its unit written out, and prefers it to a size in the text', () => {
    const words = (text: string) => text.split(' ').map((entry, index) => word(entry, [index * 0.05, 0, index * 0.05 + 0.04, 0.01]));
    const found = (text: string) => {
      const quantity = quantityInText(words(text));
      return quantity && [quantity.quantity, quantity.unit, quantity.words.map((entry) => entry.text).join(' ')];
    };
    expect(found('Repoint brick walls (1,340 sq. ft.); match existing')).to.deep.equal([1340, 'SF', '(1,340 sq. ft.);']);
    expect(found('Sewer camera inspection (1 lump sum)')).to.deep.equal([1, 'LS', '(1 lump sum)']);
    expect(found('Storm door with closer (2 each), rear')).to.deep.equal([2, 'EA', '(2 each),']);
    expect(found('Dumpster, 30 CY, haul and disposal (4 each)')).to.deep.equal([4, 'EA', '(4 each)']);
    expect(found('Rental (per month) (5 each)')).to.deep.equal([5, 'EA', '(5 each)']);
    expect(found('Carpet on 6 lb pad (with 2 coats)')).to.equal(null);
    expect(found('Install 12 sq. ft. of tile')).to.equal(null);
  });

  it('quantityInText reads a bare lower-case code in brackets as a size, and a count in brackets beside another count or a length as one of two', () => {
    const words = (text: string) => text.split(' ').map((entry, index) => word(entry, [index * 0.05, 0, index * 0.05 + 0.04, 0.01]));
    const found = (text: string) => quantityInText(words(text));
    for (const text of ['Install water heater (50 gal)', 'New AC condenser (3 ton)', 'Sliding patio door (6 ft)', 'Workmanship warranty (12 mo)', 'Vanity (1 unit)'])
      expect(found(text), text).to.equal(null);
    expect(found('Replace 3 EA windows, (1 set) of screens')).to.equal(null);
    expect(found('Replace 4 LF trim and (2 each) doors')).to.equal(null);
    expect(found('Baseboard (120 l.f.)')).to.deep.include({ quantity: 120, unit: 'LF' });
  });

  describe('parseDate', () => {
    const cases: Array<[string, string | null]> = [
      ['2024-03-15', '2024-03-15'],
      ['2024/3/5', '2024-03-05'],
      ['20240315', '2024-03-15'],
      ['03/15/2024', '2024-03-15'],
      ['15/03/2024', '2024-03-15'],
      ['15.03.2024', '2024-03-15'],
      ['3-15-24', '2024-03-15'],
      ['March 15, 2024', '2024-03-15'],
      ['15 Mar 2024', '2024-03-15'],
      ['15-Mar-2024', '2024-03-15'],
      ['Sept. 1st, 2023', '2023-09-01'],
      ['Sept. 9, 2025', '2025-09-09'],
      ['19 april 2014', '2014-04-19'],
      ['3 maart 2024', '2024-03-03'],
      ['1. März 2024', '2024-03-01'],
      ['12 décembre 2023', '2023-12-12'],
      ['15 de marzo de 2024', '2024-03-15'],
      ['02/30/2024', null],
      ['13/13/2024', null],
      ['Marching 15 2024', null],
      ['hello', null],
    ];
    for (const [text, expected] of cases) {
      it(`${JSON.stringify(text)} → ${String(expected)}`, () => expect(parseDate(text)).to.equal(expected));
    }

    it('follows the document order for numeric dates', () => {
      expect(parseDate('04/05/2024', 'dmy')).to.equal('2024-05-04');
      expect(parseDate('04/05/2024', 'mdy')).to.equal('2024-04-05');
      expect(parseDate('8.11.21', 'mdy')).to.equal('2021-08-11');
      expect(parseDate('21/09/2022', 'mdy')).to.equal('2022-09-21');
    });
  });

  it('findDateInText finds the first date in running text', () => {
    expect(findDateInText('Inspection Date: March 3, 2026 (revised)')).to.equal('2026-03-03');
    expect(findDateInText('Bid Date: 8.11.21', 'mdy')).to.equal('2021-08-11');
    expect(findDateInText('no date here')).to.equal(null);
  });

  it('detectDateOrder reads the order from dates that can only be read one way', () => {
    expect(detectDateOrder(['21/09/2022', '05/10/2022'], 'mdy')).to.equal('dmy');
    expect(detectDateOrder(['11/15/2019', '12/01/2019'], 'dmy')).to.equal('mdy');
    expect(detectDateOrder(['01/02/2020'], 'mdy')).to.equal('mdy');
  });
});
