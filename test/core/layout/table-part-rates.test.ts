import { expect } from 'chai';
import { page, tablesOf } from './helpers.js';

/** A cost part printed both as a rate and as its extension, in columns of their own. */

describe('core layout: a part\'s rate and extension columns', () => {
  it('reads a part\'s column that does not say its basis, beside the part\'s rate ("Mat Rate | Material"), as the extension', () => {
    const { tables } = tablesOf(
      page(
        'Description                 Qty  Unit   Mat Rate   Material   Labor Unit Cost   Lab. Ext.   Line Total',
        'Tear off shingles            20  SQ       100.00   2,000.00             75.00    1,500.00     3,500.00',
        'Drip edge, aluminum         150  LF         1.00     150.00              1.50      225.00       375.00',
      ),
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.alternatives, column.basis])).to.deep.equal([
      ['description', [], null],
      ['quantity', [], null],
      ['unit', [], null],
      [null, ['material'], 'unit'],
      ['material', [], 'extended'],
      [null, ['labor'], 'unit'],
      ['labor', [], 'extended'],
      ['amount', [], null],
    ]);
  });
});
