import { expect } from 'chai';
import { DOT, fixed, page, read, rolesOf, tablesOf } from './helpers.js';

/** Items as a bold line with unpriced bullet lines under it, their values on the last bullet's line; units named in the headers. */

const row = fixed(6, 50, -6, 6, -12, -12, 4, -10);
const HEADER = row('Item', 'Scope of Work', 'Qty', '  Unit', 'Material', 'Labor', '', 'Total');

const entriesOf = (text: string) => tablesOf(text, DOT).tables[0].entries.map((entry) => read(entry));

describe('core layout: bullet lines under an item and units named in the header', () => {
  it('reads the text above the bullet lines as the description, the bullets and the "$" cell left out', () => {
    const entries = entriesOf(
      page(
        HEADER,
        'Rough & Finish Carpentry',
        row('1', 'Sister rotted floor joists with 2x10 lumber;'),
        row('', 'color and style to be selected by owner'),
        row('', '• Verify framing is plumb and level'),
        row('', '• Fasteners, shims and adhesive', '7', '  EA', '287.00', '812.00', '   $', '1,099.00'),
        row('2', 'Closet shelving and rod, wire ventilated'),
        row('', '• Caulk and fill nail holes', '8', '  LF', '116.32', '93.76', '   $', '210.08'),
      ),
    );
    const items = entries.filter((entry) => entry.kind === 'item');
    expect(items.map((item) => [item.itemNumber, item.description, item.amount])).to.deep.equal([
      ['1', 'Sister rotted floor joists with 2x10 lumber; color and style to be selected by owner', '1,099.00'],
      ['2', 'Closet shelving and rod, wire ventilated', '210.08'],
    ]);
  });

  it('reads a line numbered next after the item above as an item, however like a cost code its numbers read ("22  36 in. …")', () => {
    const entries = entriesOf(
      page(
        HEADER,
        'Plumbing',
        row('21', 'Carpet and pad, mid-grade', '78', '  SY', '2,184.00', '646.62', '   $', '2,830.62'),
        row('22', '36 in. vanity with cultured marble top, faucet and'),
        row('', 'mirror, hall bath'),
        row('', '• Connect and test', '1', '  EA', '620.00', '299.00', '   $', '919.00'),
      ),
    );
    expect(entries.filter((entry) => entry.kind !== 'heading').map((entry) => [entry.kind, entry.description])).to.deep.equal([
      ['item', 'Carpet and pad, mid-grade'],
      ['item', '36 in. vanity with cultured marble top, faucet and mirror, hall bath'],
    ]);
  });

  it('reads a column headed with a unit in parentheses ("Area (SF)", "Length (LF)") as a quantity in that unit', () => {
    const units = fixed(40, -10, -12, -12, -12);
    const { tables } = tablesOf(
      page(
        units('', 'Area', 'Length', 'Count', 'Line'),
        units('Description of Work', '(SF)', '(LF)', '(EA)', 'Total'),
        units('Replace damaged roof decking', '326.5', '', '', '999.09'),
        units('Seamless aluminum gutters', '', '230', '', '1,858.40'),
        units('Recessed LED wafer lights', '', '', '12', '1,020.00'),
      ),
    );
    const columns = tables[0].header.columns;
    expect(columns.map((column) => [column.role, column.unit])).to.deep.equal([
      ['description', undefined],
      ['quantity', 'SF'],
      ['quantity', 'LF'],
      ['quantity', 'EA'],
      ['amount', undefined],
    ]);
  });

  it('reads "Scope Item" as one description column, not a scope and a description', () => {
    const cols = fixed(8, 50, -8, 6, -12);
    const { tables } = tablesOf(
      page(cols('Line', 'Scope Item', 'Qty', '  UOM', 'Line Total'), cols('1-04', 'Project supervision / site superintendent', '20.00', '  HR', '1,720.00'), cols('1-05', 'Credit: dumpster furnished by owner', '1.00', '  LS', '(390.00)')),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'amount']);
    expect(tables[0].entries.map((entry) => read(entry).description)).to.deep.equal(['Project supervision / site superintendent', 'Credit: dumpster furnished by owner']);
  });
});
