import { expect } from 'chai';
import { textOf, type TableEntry } from '../../../core/src/layout/index.js';
import { readQuantityAtPrice } from '../../../core/src/layout/tables/detail-lines.js';
import { DOT, fixed, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

const line = fixed(5, 42, 24, -12);
const HEADER = line('No.', 'Description', 'Quantity @ Unit Price', 'Amount');
const detailOf = (entry: TableEntry): string[] | null => (entry.detail ? [textOf(entry.detail.quantity), textOf(entry.detail.unit), textOf(entry.detail.unitPrice)] : null);

describe('core layout: a quantity, its unit and the unit price written in one cell', () => {
  it('reads "Quantity @ Unit Price" as one column, not a quantity column beside a unit-price column', () => {
    const { tables } = tablesOf(page(HEADER, line('1.', 'Drywall patch', '12 LF @ $45.00', '$540.00')));
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'amount']);
    expect(rolesOf(tablesOf(page(fixed(6, 30, 10, -10)('#', 'Description', 'Qty x Rate', 'Total'), fixed(6, 30, 10, -10)('1', 'Gutter', '20 x 8.00', '160.00'))).tables[0].header.columns)).to.deep.equal([
      'itemNumber',
      'description',
      'quantity',
      'amount',
    ]);
  });

  it('reads the quantity and its unit in the cell and the unit price as the line’s detail, however the cell is written', () => {
    const { tables } = tablesOf(
      page(
        HEADER,
        line('1.', 'Drywall patch', '12 LF @ $45.00', '$540.00'),
        line('2.', 'Interior doors, prehung', '3 EA @ 263.00/EA', '$789.00'),
        line('3.', 'Supervision', '36 @ $80.00 per HR', '$2,880.00'),
        line('4.', 'Final clean', '1 @ $730.00 per LS', '$730.00'),
      ),
    );
    const items = tables[0].entries.filter((entry) => entry.kind === 'item');
    expect(items.map(read)).to.deep.equal([
      { kind: 'item', itemNumber: '1.', description: 'Drywall patch', quantity: '12 LF', amount: '$540.00' },
      { kind: 'item', itemNumber: '2.', description: 'Interior doors, prehung', quantity: '3 EA', amount: '$789.00' },
      { kind: 'item', itemNumber: '3.', description: 'Supervision', quantity: '36 HR', amount: '$2,880.00' },
      { kind: 'item', itemNumber: '4.', description: 'Final clean', quantity: '1 LS', amount: '$730.00' },
    ]);
    expect(items.map(detailOf)).to.deep.equal([
      ['12', 'LF', '$45.00'],
      ['3', 'EA', '263.00/EA'],
      ['36', 'HR', '$80.00'],
      ['1', 'LS', '$730.00'],
    ]);
  });

  it('keeps a plain quantity column’s cells as they are', () => {
    const plain = fixed(5, 30, -6, -6, -12);
    const { tables } = tablesOf(page(plain('#', 'Description', 'Qty', 'Unit', 'Amount'), plain('1', 'Drywall patch', '12', 'LF', '540.00')));
    const [item] = tables[0].entries;
    expect(read(item)).to.deep.equal({ kind: 'item', itemNumber: '1', description: 'Drywall patch', quantity: '12', unit: 'LF', amount: '540.00' });
    expect(item.detail).to.equal(undefined);
  });

  it('reads "per" and the unit after the price, and refuses words that do not fit', () => {
    const cell = (text: string): string[] | null => {
      const found = readQuantityAtPrice(rowsOf(text)[0].words, DOT);
      return found && [textOf(found.quantity), textOf(found.unit), textOf(found.unitPrice), textOf(found.amount)];
    };
    expect(cell('12 @ $45.00 per LF')).to.deep.equal(['12', 'LF', '$45.00', '']);
    expect(cell('12 LF @ $45.00 per LF')).to.deep.equal(['12', 'LF', '$45.00', '']);
    expect(cell('2 @ $45.00 per day of rental')).to.equal(null);
    expect(cell('12 @ $45.00 per LF extra')).to.equal(null);
  });
});
