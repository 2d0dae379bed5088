import { expect } from 'chai';
import { textOf } from '../../../core/src/layout/index.js';
import { fixed, page, read, tablesOf } from './helpers.js';

/** Parts of an item's cost printed on rows of their own under it ("Material cost  4.29  1,123.98"). */

const row = fixed(6, 44, -5, 5, -11, -11, -11);
const HEADER = row('Item', 'Description', 'Qty', ' Unit', 'Unit Cost', 'Cost', 'Total');
const parts = (entry: { components?: Array<{ role: string; label: unknown[]; cells: Array<Array<{ text: string }>> }> }): Array<[string, string]> =>
  (entry.components ?? []).map((part) => [part.role, part.cells.map((cell) => textOf(cell as never)).filter(Boolean).join(' ')]);

describe('core layout: cost parts on rows of their own', () => {
  it('joins "Material cost" and "Labor cost" rows to the item above instead of reading them as items', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        row('1.1', 'Luxury vinyl plank flooring with', '262', ' SF', '', '', '1,786.84'),
        row('', 'underlayment and transitions'),
        row('', '  Material cost', '', '', '4.29', '1,123.98'),
        row('', '  Labor cost', '', '', '2.53', '662.86'),
        row('1.2', 'Recessed LED wafer lights', '12', ' EA', '', '', '984.00'),
        row('', '  Materials', '', '', '33.00', '396.00'),
        row('', '  Labor', '', '', '49.00', '588.00'),
      ),
    );
    const items = tables[0].entries;
    expect(items.map((entry) => [entry.kind, read(entry).description])).to.deep.equal([
      ['item', 'Luxury vinyl plank flooring with underlayment and transitions'],
      ['item', 'Recessed LED wafer lights'],
    ]);
    expect(items.map(parts)).to.deep.equal([
      [['material', '4.29 1,123.98'], ['labor', '2.53 662.86']],
      [['material', '33.00 396.00'], ['labor', '49.00 588.00']],
    ]);
    expect(textOf(items[0].components![0].label)).to.equal('Material cost');
    expect(items[0].rows.map((line) => line.text.split(' ')[0])).to.deep.equal(['1.1', 'underlayment', 'Material', 'Labor']);
  });

  it('reads the labels in the languages of the lexicon ("Mano de obra")', () => {
    const { tables } = tablesOf(page(HEADER, row('1', 'Pintura de muros', '40', ' M2', '', '', '900.00'), row('', '  Materiales', '', '', '', '300.00'), row('', '  Mano de obra', '', '', '', '600.00')));
    expect(tables[0].entries.map(parts)).to.deep.equal([[['material', '300.00'], ['labor', '600.00']]]);
  });

  it('takes part rows not set in only when they add up to the item\'s amount', () => {
    const flush = fixed(34, -11);
    const { tables } = tablesOf(page(flush('Description', 'Amount'), flush('Electrical work', '1,200.00'), flush('Labor', '900.00'), flush('Material', '300.00'), flush('Trip charge', '50.00')));
    expect(tables[0].entries.map((entry) => [read(entry).description, parts(entry)])).to.deep.equal([
      ['Electrical work', [['labor', '900.00'], ['material', '300.00']]],
      ['Trip charge', []],
    ]);
    const apart = tablesOf(page(flush('Description', 'Amount'), flush('Electrical work', '1,200.00'), flush('Material', '300.00'), flush('Trip charge', '50.00')));
    expect(apart.tables[0].entries.map((entry) => read(entry).description)).to.deep.equal(['Electrical work', 'Material', 'Trip charge']);
  });

  it('leaves a part row an item where the table prints that part in a column of its own, and a row far below the item alone', () => {
    const costed = fixed(34, -11, -11, -11);
    const { tables } = tablesOf(page(costed('Description', 'Material', 'Labor', 'Total'), costed('Frame wall', '100.00', '200.00', '300.00'), costed('Material', '', '', '50.00')));
    expect(tables[0].entries.map((entry) => [entry.kind, read(entry).description, parts(entry).length])).to.deep.equal([
      ['item', 'Frame wall', 0],
      ['item', 'Material', 0],
    ]);
    const spaced = tablesOf(page(HEADER, row('1', 'Frame wall', '1', ' LS', '', '', '300.00'), '', '', row('', 'Labor cost', '', '', '', '300.00')));
    expect(parts(spaced.tables[0].entries[0])).to.deep.equal([]);
  });

  it('ends the table at a cost column\'s total printed after the last section\'s total ("Material  1,154.20"), not reading it as an item', () => {
    const taxed = fixed(32, -11, -9, -11, -12);
    const { tables } = tablesOf(
      page(
        taxed('Description', 'Material', 'Tax', 'Labor', 'Ext. Total'),
        'Roof',
        taxed('Ice and water shield', '279.00', '23.02', '99.00', '401.02'),
        taxed('Synthetic roof underlayment', '875.20', '72.20', '230.40', '1,177.80'),
        taxed('Roof total', '', '', '', '1,578.82'),
        '',
        taxed('', '', 'Material', '', '1,154.20'),
        taxed('', '', 'Sales tax', '', '95.22'),
        taxed('', '', 'Labor', '', '329.40'),
        taxed('', '', 'Subtotal', '', '1,578.82'),
      ),
    );
    expect(tables[0].entries.map((entry) => [entry.kind, read(entry).description ?? ''])).to.deep.equal([
      ['heading', 'Roof'],
      ['item', 'Ice and water shield'],
      ['item', 'Synthetic roof underlayment'],
      ['subtotal', 'Roof total'],
    ]);
  });
});
