import { expect } from 'chai';
import { DOORS_AND_SITE_WORK_BLOCKS, stackedLine as line } from '../../support/stacked-blocks.js';
import { page, read, tablesOf } from './helpers.js';

/** Items printed as blocks with no column header: text at the left, the amounts stacked at the right after their labels. */

const BLOCKS = page(...DOORS_AND_SITE_WORK_BLOCKS);

describe('core layout: items with stacked, labelled amounts', () => {
  it('reads each block as one item: its code, its wrapped description, its measure line and its labelled amounts', () => {
    const { tables } = tablesOf(BLOCKS);
    expect(tables).to.have.length(1);
    expect(tables[0].entries.map(read)).to.deep.equal([
      { kind: 'heading' },
      { kind: 'item', itemNumber: 'DW-01', description: 'Replace attic access hatch with insulated pull-down stair', quantity: '1', unit: 'EA', material: '221.00', labor: '183.00', amount: '404.00' },
      { kind: 'item', itemNumber: 'DW-02', description: 'Vinyl double-hung replacement window', quantity: '5', unit: 'EA', material: '2,145.00', labor: '935.00', amount: '3,080.00' },
      { kind: 'subtotal', amount: '$3,484.00' },
      { kind: 'heading' },
      { kind: 'item', itemNumber: 'SW-01', description: 'Remove dead tree at side yard and grind stump', quantity: '1', unit: 'EA', material: '41.00', labor: '955.00', amount: '996.00' },
      { kind: 'subtotal', amount: '$996.00' },
    ]);
    expect(tables[0].entries.filter((entry) => entry.kind !== 'item').map((entry) => entry.label.map((word) => word.text).join(' '))).to.deep.equal([
      'DW - Doors & Windows',
      'Doors & Windows - section total',
      'SW - Site Work',
      'Site Work - section total',
    ]);
  });

  it('reads the labels as column headers would ("Mat.", "Lab.", "Total"), a minus sign set apart, and a quantity glued to its unit', () => {
    const { tables } = tablesOf(
      page(
        line('1.1', 'Full-view storm door with closer', 'Mat.', '349.00'),
        line('', 'Measured: 2EA', 'Lab.', '186.00'),
        line('', '', 'Total', '535.00'),
        '',
        line('1.2', 'Credit: owner keeps the storm doors', 'Mat.', '- 330.00'),
        line('', 'Measured: 1 LS', 'Lab.', '0.00'),
        line('', '', 'Total', '- 330.00'),
      ),
    );
    expect(tables[0].entries.map(read)).to.deep.equal([
      { kind: 'item', itemNumber: '1.1', description: 'Full-view storm door with closer', quantity: '2', unit: 'EA', material: '349.00', labor: '186.00', amount: '535.00' },
      { kind: 'item', itemNumber: '1.2', description: 'Credit: owner keeps the storm doors', quantity: '1', unit: 'LS', material: '- 330.00', labor: '0.00', amount: '- 330.00' },
    ]);
  });

  it('keeps a currency sign set apart with its amount', () => {
    const { tables } = tablesOf(
      page(
        line('1', 'Frost-free hose bibb', 'Materials', '$   171.00'),
        line('', 'Qty: 3 EA', 'Labor', '$   432.00'),
        line('', '', 'Cost', '$   603.00'),
        '',
        line('2', 'Laundry box with shutoffs', 'Materials', '$   122.00'),
        line('', 'Qty: 1 EA', 'Labor', '$   218.00'),
        line('', '', 'Cost', '$   340.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [read(entry).material, read(entry).labor, read(entry).amount])).to.deep.equal([
      ['$ 171.00', '$ 432.00', '$ 603.00'],
      ['$ 122.00', '$ 218.00', '$ 340.00'],
    ]);
  });

  it('names an amount whose label is missing by its place in the block, where the others read the order', () => {
    const { tables } = tablesOf(
      page(
        line('A1', 'Regrade soil away from foundation', 'Material', '141.84'),
        line('', 'Qty: 36 SY', 'Labor', '268.20'),
        line('', '', 'Item total', '410.04'),
        '',
        line('A2', 'Chain-link fence with one walk gate', '', '1,522.22'),
        line('', 'Qty: 131 LF', 'Labor', '1,074.20'),
        line('', '', 'Item total', '2,596.42'),
        '',
        line('A3', 'Topsoil, seed and straw', 'Material', '120.00'),
        line('', 'Qty: 60 SY', 'Labor', '124.20'),
        line('', '', 'Item total', '244.20'),
      ),
    );
    expect(tables[0].entries.map((entry) => [read(entry).itemNumber, read(entry).material, read(entry).amount])).to.deep.equal([
      ['A1', '141.84', '410.04'],
      ['A2', '1,522.22', '2,596.42'],
      ['A3', '120.00', '244.20'],
    ]);
  });

  it('reads no such items from one block alone, nor from blocks whose parts do not make their totals', () => {
    const single = tablesOf(page('Summary', line('', 'Materials', '', '1,200.00'), line('', 'Labor', '', '800.00'), line('', 'Total', '', '2,000.00')));
    expect(single.tables.some((table) => table.entries.some((entry) => read(entry).labor))).to.equal(false);
    const unrelated = tablesOf(
      page(
        line('1', 'Permit fees', 'Material', '100.00'),
        line('', '', 'Labor', '200.00'),
        line('', '', 'Total', '900.00'),
        '',
        line('2', 'Dumpster', 'Material', '50.00'),
        line('', '', 'Labor', '20.00'),
        line('', '', 'Total', '10.00'),
      ),
    );
    expect(unrelated.tables.some((table) => table.entries.some((entry) => read(entry).labor))).to.equal(false);
  });
});
