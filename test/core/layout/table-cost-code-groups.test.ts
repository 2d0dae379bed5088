import { expect } from 'chai';
import { textOf, type Table } from '../../../core/src/layout/index.js';
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
