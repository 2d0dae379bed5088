import { expect } from 'chai';
import { readCostLine, readRunningItems, textOf, type CostLine, type RunningSection } from '../../../core/src/layout/index.js';
import { DOT, page, rowsOf } from './helpers.js';

/** The values of a cost line read from one line of text, by role (roles it does not print left out). */
function costsOf(text: string): Record<string, number | string> | null {
  const [row] = rowsOf(text);
  const costs = readCostLine(row.words, DOT);
  if (!costs) return null;
  return Object.fromEntries(Object.entries(costs).flatMap(([role, cell]: [string, CostLine[keyof CostLine]]) => (cell ? [[role, cell.value]] : [])));
}

const itemsOf = (sections: RunningSection[]): Array<[string, string, Record<string, number | string> | null]> =>
  sections.flatMap((section) =>
    section.items.map((item): [string, string, Record<string, number | string> | null] => [
      textOf(section.heading),
      textOf(item.description),
      item.costs && Object.fromEntries(Object.entries(item.costs).flatMap(([role, cell]: [string, CostLine[keyof CostLine]]) => (cell ? [[role, cell.value]] : []))),
    ]),
  );

describe('core layout: running items with a cost line of their own', () => {
  describe('cost lines', () => {
    it('reads amounts after labels of the column roles, and a quantity with its unit', () => {
      expect(costsOf('Qty: 40 LF   Material $534.00   Labor $1,280.00   Total $1,814.00')).to.deep.equal({ quantity: 40, unit: 'LF', material: 534, labor: 1280, total: 1814 });
      expect(costsOf('Mat. $446  Lab. $3,366  Equipment $120  Cost $3,932')).to.deep.equal({ material: 446, labor: 3366, equipment: 120, total: 3932 });
    });

    it('reads a bracketed quantity before the labels and takes the amount after "=" as the total', () => {
      expect(costsOf('(98 SY)  Materials: $0.00 + Labour: $286.16 = $286.16')).to.deep.equal({ quantity: 98, unit: 'SY', material: 0, labor: 286.16, total: 286.16 });
    });

    it('takes a unit price by its label and a quantity by its label without a unit', () => {
      expect(costsOf('Quantity: 12   Unit Price: $45.00   Amount: $540.00')).to.deep.equal({ quantity: 12, unitPrice: 45, total: 540 });
      // "EA" alone is a unit after a count, though the lexicon lists it as a unit price's label too.
      expect(costsOf('Quantity: 13 EA = Mat. $845.00  Lab. $702.00  Cost $1,547.00')).to.deep.equal({ quantity: 13, unit: 'EA', material: 845, labor: 702, total: 1547 });
      expect(costsOf('Quantity: EA 2   Lab. $1,750.00   Cost $1,866.00')).to.deep.equal({ quantity: 2, unit: 'EA', labor: 1750, total: 1866 });
    });

    it('reads no line that holds words other than labels, signs and values', () => {
      expect(costsOf('Replace water heater, 50 gal   Material $1,100.00   Labor $670.00')).to.equal(null);
      expect(costsOf('Material $300.00   Tax $24.00   Total $324.00')).to.equal(null);
      expect(costsOf('$446.00   $3,366.00   $3,812.00')).to.equal(null);
    });

    it('reads no line with a single labelled amount: it may be a total line', () => {
      expect(costsOf('Cost $3,812.00')).to.equal(null);
      expect(costsOf('Total $3,812.00')).to.equal(null);
    });
  });

  describe('items', () => {
    it('takes each paragraph with the cost line under it as an item, without its number, under short headings', () => {
      const sections = readRunningItems(
        rowsOf(
          page(
            'The cost under each item includes all labor and material.',
            '',
            'Masonry',
            '',
            '1.1 Repoint brick foundation walls, Type N mortar; color and style to be',
            '    selected by owner',
            '    Qty: 330 SF   Material $446.00   Labor $3,366.00   Total $3,812.00',
            '',
            '1.2 Epoxy injection of foundation wall cracks, basement',
            '    Qty: 40 LF   Material $534.00   Labor $1,280.00   Total $1,814.00',
            '',
            'Doors & Windows',
            '',
            '(a) 6-panel prehung interior door with passage hardware and casing',
            '    (9 EA)   Materials: $1,485.00 + Labor: $954.00 = $2,439.00',
          ),
        ),
        { format: DOT },
      );
      expect(itemsOf(sections)).to.deep.equal([
        ['Masonry', 'Repoint brick foundation walls, Type N mortar; color and style to be selected by owner', { quantity: 330, unit: 'SF', material: 446, labor: 3366, total: 3812 }],
        ['Masonry', 'Epoxy injection of foundation wall cracks, basement', { quantity: 40, unit: 'LF', material: 534, labor: 1280, total: 1814 }],
        ['Doors & Windows', '6-panel prehung interior door with passage hardware and casing', { quantity: 9, unit: 'EA', material: 1485, labor: 954, total: 2439 }],
      ]);
      expect(sections.flatMap((section) => section.items.map((item) => item.amount?.value))).to.deep.equal([3812, 1814, 2439]);
    });

    it('takes a short title over a cost line for an item, not for a heading', () => {
      const sections = readRunningItems(
        rowsOf(page('Roofing', '', 'Synthetic roof underlayment', 'Qty: 23 SQ   Material $552.00   Labor $205.62   Total $757.62')),
        { format: DOT },
      );
      expect(itemsOf(sections).map(([heading, description]) => [heading, description])).to.deep.equal([['Roofing', 'Synthetic roof underlayment']]);
    });

    it('makes a section of the items a total adds up after the section before it was totalled', () => {
      const sections = readRunningItems(
        rowsOf(
          page(
            'Roofing',
            '',
            '1. Synthetic roof underlayment',
            '   Qty: 23 SQ   Material $552.00   Labor $205.62   Total $757.62',
            'Total, Roofing $757.62',
            '',
            'interior finishes',
            '',
            '2. Skim coat cracked plaster walls',
            '   Qty: 192 SF   Material $105.60   Labor $410.88   Total $516.48',
            'Total, Interior Finishes $516.48',
          ),
        ),
        { format: DOT },
      );
      expect(sections.map((section) => [textOf(section.heading), section.total?.amount.value, section.items.map((item) => textOf(item.description))])).to.deep.equal([
        ['Roofing', 757.62, ['Synthetic roof underlayment']],
        ['Interior Finishes', 516.48, ['Skim coat cracked plaster walls']],
      ]);
    });

    it('opens no section at a grand total printed without its amount after the summary', () => {
      const sections = readRunningItems(
        rowsOf(
          page(
            'Plumbing',
            '',
            '1. Frost-free hose bibb',
            '   Qty: 2 EA   Material $120.00   Labor $246.00   Total $366.00',
            '',
            'SUMMARY OF COSTS',
            'Plumbing $366.00',
            'TOTAL COST OF REPAIRS',
            'Draw inspection fees (4 x $150) $600.00',
          ),
        ),
        { format: DOT },
      );
      expect(itemsOf(sections).map(([heading, description]) => [heading, description])).to.deep.equal([['Plumbing', 'Frost-free hose bibb']]);
    });
  });
});
