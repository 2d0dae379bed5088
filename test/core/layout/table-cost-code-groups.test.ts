import { expect } from 'chai';
import { namesHeading, textOf, type Table } from '../../../core/src/layout/index.js';
import { cellOf, fixed, page, tablesOf } from './helpers.js';

/**
 * A cost-code report: phases group cost codes ("PHASE 1 - SITE WORK" over "0100 General
 * Requirements"), the items are numbered by their code ("0100.10"), and each code's total is followed
 * by its phase's total ("0100 General Requirements Total", "Phase 1 - Site Work Total").
 */

const line = fixed(10, 44, -6, -5, -11, -11, -11);
const HEADER = line('Item', 'Description', 'Qty', 'UOM', 'Labor', 'Material', 'Total');
const kinds = (table: Table): string[] => table.entries.map((entry) => `${entry.kind}: ${entry.kind === 'item' ? cellOf(entry, 'description') : textOf(entry.label)}`);

const REPORT = page(
  HEADER,
  '',
  'PHASE 1 - SITE WORK',
  line('0100', 'General Requirements'),
  line('0100.10', 'Final construction clean', '1.00', 'LS', '610.00', '102.00', '712.00'),
  line('0100.20', 'Temporary electric service', '1.00', 'LS', '294.00', '232.00', '526.00'),
  line('', '0100 General Requirements Total', '', '', '904.00', '334.00', '1,238.00'),
  'Phase 1 - Site Work Total' + ' '.repeat(51) + '904.00     334.00   1,238.00',
  '',
  'PHASE 2 - INTERIORS',
  '  0900 Interior Finishes',
  line('0900.10', 'Skim coat plaster walls', '238.00', 'SF', '399.84', '111.86', '511.70'),
  line('', '0900 Interior Finishes Total', '', '', '399.84', '111.86', '511.70'),
  'Phase 2 - Interiors Total' + ' '.repeat(51) + '399.84     111.86     511.70',
);

describe('core layout: cost codes grouped in phases', () => {
  it('reads a four-digit cost code over items numbered by it ("0100" over "0100.10") as their heading', () => {
    const { tables } = tablesOf(REPORT);
    expect(kinds(tables[0])).to.include('heading: 0100 General Requirements');
  });

  it('reads a cost code whose title runs over into the item-number column as a heading ("0900 Interior" | "Finishes")', () => {
    const { tables } = tablesOf(REPORT);
    expect(kinds(tables[0])).to.include('heading: 0900 Interior Finishes');
  });

  it('reads on past a phase total printed under its cost code\'s total, to the next phase\'s items', () => {
    const { tables } = tablesOf(REPORT);
    expect(tables).to.have.length(1);
    expect(kinds(tables[0]).filter((kind) => kind.startsWith('item'))).to.deep.equal([
      'item: Final construction clean',
      'item: Temporary electric service',
      'item: Skim coat plaster walls',
    ]);
  });
});

describe('core layout: a number of four digits or a priced title among outline-numbered items', () => {
  const priced = (row: string): Table =>
    tablesOf(
      page(
        HEADER,
        '',
        line('1.1', 'Final construction clean', '1.00', 'LS', '610.00', '102.00', '712.00'),
        line('1.2', 'Temporary electric service', '1.00', 'LS', '294.00', '232.00', '526.00'),
        row,
        line('1.3', 'Dumpster', '1.00', 'LS', '294.00', '232.00', '526.00'),
        line('', 'Total', '', '', '', '', '7,014.00'),
      ),
    ).tables[0];

  it('reads a priced row that opens with a year or a size as an item, not a heading ("2024 Code upgrade allowance", "1000 Gallon septic tank")', () => {
    for (const row of [
      line('2024', 'Code upgrade allowance', '', '', '', '', '1,250.00'),
      '1000 Gallon Septic Tank Replacement' + ' '.repeat(54) + '4,500.00',
      '250 Gallon Oil Tank Removal' + ' '.repeat(62) + '1,200.00',
    ])
      expect(kinds(priced(row)).filter((kind) => kind.startsWith('heading')), row.trim()).to.deep.equal([]);
  });

  it('still reads a bare number with a title and no amount as the next section\'s heading ("2   Interiors" over "1.3")', () => {
    expect(kinds(priced(line('2', 'Interiors')))).to.include('heading: 2 Interiors');
  });
});

describe('core layout: a total naming its heading', () => {
  it('reads the heading\'s whole number ("0100", not the "01" of "Phase 01")', () => {
    expect(namesHeading('Phase 01 Total', '0100 General Requirements')).to.equal(false);
    expect(namesHeading('0100 Total', '0100 General Requirements')).to.equal(true);
    expect(namesHeading('Subtotal 2', '2 Exterior')).to.equal(true);
  });

  it('with every word to be said, takes no number for the words ("Bathroom 2 Total" names no "2 EXTERIOR")', () => {
    expect(namesHeading('Bathroom 2 Total', '2 EXTERIOR', 1)).to.equal(false);
    expect(namesHeading('2 Exterior Total', '2 EXTERIOR', 1)).to.equal(true);
  });
});
