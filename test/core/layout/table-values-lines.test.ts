import { expect } from 'chai';
import { buildRows, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { DOT, fixed, page, read, tablesOf } from './helpers.js';

/** Items printed as a description across the page's width over a line of their own with the values. */

const values = fixed(30, 12, -6, 6, -12, -12, -12);
const HEADER = page('Item / Description of work', values('', '', 'Qty', '  Unit', 'Material', 'Labor', 'Total'));

const itemsOf = (text: string, source: 'text' | 'ocr' = 'text') =>
  readTables(buildRows(documentFromText(text, { source })), { format: DOT })[0].entries.map((entry) => read(entry));

describe('core layout: an item\'s values on a line under its description', () => {
  it('reads the description over the values as one item, its item number apart', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        'ROOFING',
        '1.01  Tear off one layer of shingles and install architectural shingles',
        values('', '', '27', '  SQ', '4,698.00', '4,563.00', '9,261.00'),
        '1.02  Replace damaged roof decking, 7/16 in. OSB',
        values('', '', '290', '  SF', '406.00', '585.80', '991.80'),
      ),
    );
    expect(tables[0].entries.map((entry) => read(entry))).to.deep.equal([
      { kind: 'heading', description: 'ROOFING' },
      { kind: 'item', itemNumber: '1.01', description: 'Tear off one layer of shingles and install architectural shingles', quantity: '27', unit: 'SQ', material: '4,698.00', labor: '4,563.00', amount: '9,261.00' },
      { kind: 'item', itemNumber: '1.02', description: 'Replace damaged roof decking, 7/16 in. OSB', quantity: '290', unit: 'SF', material: '406.00', labor: '585.80', amount: '991.80' },
    ]);
  });

  it('leaves out a caption printed before the values ("Cost:"), with or without its colon where it is set in', () => {
    const entries = itemsOf(
      page(
        HEADER,
        '1.01  Tear off one layer of shingles and install architectural shingles',
        values('', 'Cost:', '27', '  SQ', '4,698.00', '4,563.00', '9,261.00'),
        '1.02  Replace damaged roof decking, 7/16 in. OSB',
        values('', 'Pricmg', '290', '  SF', '406.00', '585.80', '991.80'),
      ),
    );
    expect(entries.map((entry) => entry.description)).to.deep.equal(['Tear off one layer of shingles and install architectural shingles', 'Replace damaged roof decking, 7/16 in. OSB']);
  });

  it('keeps a title-like line wrapped between an item\'s number and its values in the description, not as a heading', () => {
    const entries = itemsOf(
      page(
        HEADER,
        'KITCHEN',
        '3.03  Kitchen appliance package: range, refrigerator and dishwasher; all to meet HUD Minimum',
        'Property Standards',
        values('', '', '1', '  LS', '4,100.00', '383.00', '4,483.00'),
        '3.04  Kitchen base and wall cabinets, shaker style',
        values('', '', '19', '  LF', '4,313.00', '1,767.00', '6,080.00'),
        'BATH',
        '4.01  Vanity with cultured marble top',
        values('', '', '1', '  EA', '555.00', '238.00', '793.00'),
      ),
    );
    expect(entries.map((entry) => [entry.kind, entry.description])).to.deep.equal([
      ['heading', 'KITCHEN'],
      ['item', 'Kitchen appliance package: range, refrigerator and dishwasher; all to meet HUD Minimum Property Standards'],
      ['item', 'Kitchen base and wall cabinets, shaker style'],
      ['heading', 'BATH'],
      ['item', 'Vanity with cultured marble top'],
    ]);
  });

  it('reads an outline number OCR read with a comma ("1,03") as the item\'s number, its wrapped line no heading (items set apart by padding)', () => {
    const entries = itemsOf(
      page(
        HEADER,
        '1.01  Tear off one layer of shingles',
        values('', '', '27', '  SQ', '4,698.00', '4,563.00', '9,261.00'),
        '',
        '1.02  Replace damaged roof decking',
        values('', '', '290', '  SF', '406.00', '585.80', '991.80'),
        '',
        '1,03  Ice and water shield at eaves and valleys; all work to meet HUD Minimum',
        'Property Standards',
        values('', '', '6', '  SQ', '576.00', '234.00', '810.00'),
      ),
      'ocr',
    );
    expect(entries.map((entry) => [entry.kind, entry.itemNumber, entry.description])).to.deep.equal([
      ['item', '1.01', 'Tear off one layer of shingles'],
      ['item', '1.02', 'Replace damaged roof decking'],
      ['item', '1,03', 'Ice and water shield at eaves and valleys; all work to meet HUD Minimum Property Standards'],
    ]);
  });

  it('reads an OCR description line running across the value columns as text, not as garbled values', () => {
    const entries = itemsOf(
      page(
        HEADER,
        '2.01  Pour new concrete steps with landing at rear entry; color and style to be selected by owner',
        values('', '', '4', '  CY', '664.00', '1,416.00', '2,080.00'),
        '2.02  Concrete front walk, 4 in. broom finish',
        values('', '', '88', '  SF', '469.92', '533.28', '1,003.20'),
      ),
      'ocr',
    );
    expect(entries.map((entry) => [entry.description, entry.quantity, entry.unit, entry.amount])).to.deep.equal([
      ['Pour new concrete steps with landing at rear entry; color and style to be selected by owner', '4', 'CY', '2,080.00'],
      ['Concrete front walk, 4 in. broom finish', '88', 'SF', '1,003.20'],
    ]);
  });
});
