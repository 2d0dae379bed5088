import { expect } from 'chai';
import { parseQuantity, readAmountCell, readPercentCell, readQuantityBeforeUnit, readQuantityCell, readRomanNumeral, readTables, readUnitCell, lowerCaseMisreading } from '../../../core/src/layout/index.js';
import { COMMA, DOT, fixed, page, rowsOf, word } from './helpers.js';

const ocr = (text: string) => word(text, [0, 0, 0.1, 0.01], { source: 'ocr' });
const printed = (text: string) => word(text, [0, 0, 0.1, 0.01]);

describe('core layout: numbers in OCR text and table cells', () => {
  describe('parseQuantity repairs OCR artefacts around a count', () => {
    const cases: Array<[string, number]> = [
      ['221)', 221],
      ['221|', 221],
      ['18°', 18],
      ["12'", 12],
      ['3;', 3],
      ['40.', 40],
      ['x3', 3],
      ['l2', 12],
      ['1O', 10],
    ];
    for (const [text, value] of cases) {
      it(`${JSON.stringify(text)} → ${value}, marked repaired`, () => expect(parseQuantity(text)).to.deep.equal({ value, repaired: true }));
    }

    it('reads clean counts unrepaired and refuses words and signs', () => {
      expect(parseQuantity('221')).to.deep.equal({ value: 221, repaired: false });
      expect(parseQuantity('1,5', COMMA)).to.deep.equal({ value: 1.5, repaired: false });
      expect(parseQuantity('abc')).to.equal(null);
      expect(parseQuantity('-3')).to.equal(null);
      expect(parseQuantity('1.5.2')).to.equal(null);
    });
  });

  describe('cells', () => {
    it('reads a quantity cell with a lower quality where OCR marks had to go', () => {
      expect(readQuantityCell([ocr('221)')], DOT)).to.include({ value: 221, quality: 0.8 });
      expect(readQuantityCell([ocr('15.00'), ocr('Units')], DOT)).to.include({ value: 15, quality: 1 });
    });

    it('reads an amount cell: a dash as zero, a currency sign set apart, a till\'s tax class after it', () => {
      expect(readAmountCell([ocr('-')], DOT)).to.include({ value: 0, quality: 0.9 });
      expect(readAmountCell([ocr('$'), ocr('99.99')], DOT)?.value).to.equal(99.99);
      expect(readAmountCell([printed('0,89'), printed('B')], COMMA)?.value).to.equal(0.89);
      expect(readAmountCell([printed('SF')], DOT)).to.equal(null);
    });

    it('keeps the cents of an OCR amount whose ruling was read as a third decimal', () => {
      expect(readAmountCell([ocr('$180.001')], DOT)).to.include({ value: 180, quality: 0.8 });
      expect(readAmountCell([printed('$180.001')], DOT)?.value).to.equal(180.001);
    });

    it('reads a percentage cell with or without a tax name', () => {
      expect(readPercentCell([printed('TVA'), printed('20%')], DOT)?.value).to.equal(20);
      expect(readPercentCell([printed('19'), printed('%')], DOT)?.value).to.equal(19);
      expect(readPercentCell([printed('19')], DOT)).to.equal(null);
    });

    it('snaps a garbled OCR unit to the one known unit a letter away, and leaves an ambiguous one unsure', () => {
      expect(readUnitCell([ocr('EX')])).to.include({ value: 'EA', quality: 0.8 });
      expect(readUnitCell([ocr('ES')])).to.include({ value: 'ES', quality: 0.5 });
      expect(readUnitCell([printed('SF')])).to.include({ value: 'SF', quality: 1 });
    });

    it('reads a count OCR set into the unit cell before the unit ("I LS" for 1 LS), and nothing from a printed cell or a lone unit', () => {
      expect(readQuantityBeforeUnit([ocr('I'), ocr('LS')], DOT)).to.include({ value: 1, quality: 0.8 });
      expect(readQuantityBeforeUnit([ocr('12'), ocr('SF')], DOT)).to.include({ value: 12 });
      expect(readQuantityBeforeUnit([ocr('LS')], DOT)).to.equal(null);
      expect(readQuantityBeforeUnit([printed('I'), printed('LS')], DOT)).to.equal(null);
      expect(readQuantityBeforeUnit([ocr('I'), ocr('am')], DOT)).to.equal(null);
    });
  });

  it('reads OCR quantities with artefacts in a table\'s quantity column', () => {
    const line = fixed(40, -6, 2, 5, -12, -12);
    const rows = rowsOf(
      page(
        line('Description', 'Qty', '', 'Unit', 'Unit Price', 'Amount'),
        line('Drywall patch', '221)', '', 'SF', '4.00', '884.00'),
        line('Paint walls', '18°', '', 'SF', '1.50', '27.00'),
        line('Trim', 'l2', '', 'LF', '2.00', '24.00'),
      ),
      { source: 'ocr' },
    );
    const [table] = readTables(rows, { format: DOT });
    const quantity = table.header.columns.findIndex((column) => column.role === 'quantity');
    expect(table.entries.map((entry) => readQuantityCell(entry.cells[quantity], DOT)?.value)).to.deep.equal([221, 18, 12]);
  });

  it('reads a Roman numeral as printed, and where OCR read its I as l, i, 1 or a bar; digits alone and words are none', () => {
    expect(['III', 'XIV', 'Ill', 'Vil', 'Vill', 'll', 'i', 'I|'].map(readRomanNumeral)).to.deep.equal(['III', 'XIV', 'III', 'VII', 'VIII', 'II', 'I', 'II']);
    expect(['1', '11', 'IIII', 'VX', 'Il1l1', 'Roof', 'A'].map(readRomanNumeral)).to.deep.equal([null, null, null, null, null, null, null]);
  });

  it('reads a unit of no construction trade printed in lower case with a t for the f of a construction unit the document uses ("st" for sf) as that unit', () => {
    expect(lowerCaseMisreading('st', new Map([['SF', 4], ['ST', 2]]))).to.equal('SF');
    expect(lowerCaseMisreading('st', new Map([['SF', 1]]))).to.equal(null);
    expect(lowerCaseMisreading('ST', new Map([['SF', 4]]))).to.equal(null);
    expect(lowerCaseMisreading('ls', new Map([['LF', 4]]))).to.equal(null);
  });
});
