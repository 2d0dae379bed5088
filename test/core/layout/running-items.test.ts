import { expect } from 'chai';
import { readingOrder, readRunningItems, textColumns, textOf, type RunningSection } from '../../../core/src/layout/index.js';
import { DOT, fixed, page, rowsOf } from './helpers.js';

/** A row of two text columns: the left one 48 characters wide, then a gutter, the right one from character 52. */
const two = (left: string, right = ''): string => `${left.padEnd(52)}${right}`.trimEnd();

const sectionsOf = (text: string | string[]): RunningSection[] => readRunningItems(rowsOf(text), { format: DOT });
const summary = (sections: RunningSection[]): Array<{ heading: string; total: number | null; items: Array<[string, number | null]> }> =>
  sections.map((section) => ({
    heading: textOf(section.heading),
    total: section.total?.amount.value ?? null,
    items: section.items.map((item): [string, number | null] => [textOf(item.description), item.amount?.value ?? null]),
  }));

describe('core layout: line items in running text', () => {
  describe('reading order', () => {
    it('reads two text columns side by side as the left column top to bottom, then the right one', () => {
      const rows = rowsOf(
        page(
          'SCOPE OF WORK FOR THE REPAIRS AT THE PROPERTY, AS FOUND AT THE INSPECTION OF THE HOUSE',
          '',
          two('1. Replace the rotted porch floor boards', '3. Hang, tape and finish drywall in the'),
          two('   with tongue-and-groove fir - $3,714.90', '   hall and the rear bedroom - $1,903.00'),
          two('2. Scrape and paint the exterior trim and', '4. Carpet and pad in the living room and'),
          two('   siding, two coats - $3,851.52', '   both bedrooms - $2,570.79'),
        ),
      );
      const lines = readingOrder(rows, DOT);
      expect(lines.map((line) => line.text)).to.deep.equal([
        'SCOPE OF WORK FOR THE REPAIRS AT THE PROPERTY, AS FOUND AT THE INSPECTION OF THE HOUSE',
        '1. Replace the rotted porch floor boards',
        'with tongue-and-groove fir - $3,714.90',
        '2. Scrape and paint the exterior trim and',
        'siding, two coats - $3,851.52',
        '3. Hang, tape and finish drywall in the',
        'hall and the rear bedroom - $1,903.00',
        '4. Carpet and pad in the living room and',
        'both bedrooms - $2,570.79',
      ]);
      expect(lines.map((line) => line.column)).to.deep.equal([0, 0, 0, 0, 0, 1, 1, 1, 1]);
      const [band] = textColumns(rows, DOT);
      // In the gap between the longest left line (41 characters) and the right column (character 52).
      expect(band.gutters).to.have.length(1);
      expect(band.gutters[0]).to.be.within(0.41, 0.52);
    });

    it('reads three text columns one after the other', () => {
      const three = (a: string, b: string, c: string): string => `${a.padEnd(34)}${b.padEnd(34)}${c}`.trimEnd();
      const rows = rowsOf(
        page(
          three('ROOF', 'KITCHEN', 'PLUMBING'),
          three('Synthetic roof underlayment', 'Quartz countertops with sink', 'Frost-free hose bibb at the'),
          three('over the whole deck - $1,044', 'cutout and backsplash - $3,295', 'rear wall of the house - $428'),
          three('Ridge vent across the roof', 'Base cabinets in the kitchen', 'Laundry box with shutoffs'),
          three('line, shingle-over - $446', 'shaker style, soft-close - $1,325', 'and standpipe in basement - $374'),
        ),
      );
      expect(textColumns(rows, DOT)[0].gutters).to.have.length(2);
      expect(summary(readRunningItems(rows, { format: DOT })).map((section) => [section.heading, section.items.map(([description]) => description)])).to.deep.equal([
        ['ROOF', ['Synthetic roof underlayment over the whole deck', 'Ridge vent across the roof line, shingle-over']],
        ['KITCHEN', ['Quartz countertops with sink cutout and backsplash', 'Base cabinets in the kitchen shaker style, soft-close']],
        ['PLUMBING', ['Frost-free hose bibb at the rear wall of the house', 'Laundry box with shutoffs and standpipe in basement']],
      ]);
    });

    it('takes no column of a table for a text column: quantities, units and amounts right of a description', () => {
      const row = fixed(44, -6, 6, -12, -12);
      const rows = rowsOf(
        page(
          row('Description', 'Qty', 'Unit', 'Unit Price', 'Amount'),
          row('Replace rotted porch floor boards, fir', '120', 'SF', '8.50', '1,020.00'),
          row('Scrape and paint exterior trim', '1', 'LS', '2,400.00', '2,400.00'),
          row('Carpet and pad, mid-grade', '64', 'SY', '38.00', '2,432.00'),
          row('Hang, tape and finish drywall', '40', 'SH', '55.00', '2,200.00'),
        ),
      );
      expect(textColumns(rows, DOT)).to.deep.equal([]);
      expect(readingOrder(rows, DOT).every((line) => line.columns === 1)).to.equal(true);
    });

    it('keeps a column of prices inside a text column with its descriptions', () => {
      const left = fixed(38, -10);
      const rows = rowsOf(
        page(
          two(left('Remove and dispose existing kitchen'), 'Hang, tape and finish drywall, level 4'),
          two(left('cabinets, countertops and soffits', '904.00'), 'finish, front bedroom; color and style'),
          two(left('Remove abandoned oil tank, cap lines', ''), 'to be selected by owner       4,164.80'),
          two(left('and obtain closure letter', '1,116.00'), 'Carpet and pad, mid-grade, rear bedroom'),
          two(left('Remove vinyl siding and haul away', '1,300.00'), 'to match existing profile    1,465.10'),
        ),
      );
      const [band] = textColumns(rows, DOT);
      expect(band.gutters).to.have.length(1);
      expect(band.gutters[0]).to.be.within(0.48, 0.52);
      const firstColumn = readingOrder(rows, DOT).filter((line) => line.column === 0);
      expect(firstColumn.map((line) => line.text)).to.include.members(['cabinets, countertops and soffits 904.00', 'and obtain closure letter 1,116.00']);
    });
  });

  describe('items', () => {
    it('joins wrapped lines into one description and takes the price after a dash as the total', () => {
      const sections = sectionsOf(
        page(
          two('EXTERIOR', '3. Hang, tape and finish 1/2 in. drywall,'),
          two('1. Code-compliant handrail and balusters', '   level 4 finish - $1,903'),
          two('   at rear steps, pressure-treated; all', '4. Dedicated 20A appliance circuits -- $816'),
          two('   work to meet current local code - $541', ''),
          two('2. Parge exterior foundation wall, two', ''),
          two('   coats, north side — $1,119.30', ''),
        ),
      );
      expect(summary(sections)).to.deep.equal([
        {
          heading: 'EXTERIOR',
          total: null,
          items: [
            ['Code-compliant handrail and balusters at rear steps, pressure-treated; all work to meet current local code', 541],
            ['Parge exterior foundation wall, two coats, north side', 1119.3],
            ['Hang, tape and finish 1/2 in. drywall, level 4 finish', 1903],
            ['Dedicated 20A appliance circuits', 816],
          ],
        },
      ]);
    });

    it('keeps a price wrapped onto a line of its own, after a dash, with the paragraph above', () => {
      const sections = sectionsOf(page('1. Hang, tape and finish 1/2 in. drywall, level 4 finish, primary', '   bedroom and hall', '   — $1,903.00', '2. Dedicated 20A appliance circuits — $816'));
      expect(summary(sections)[0].items).to.deep.equal([
        ['Hang, tape and finish 1/2 in. drywall, level 4 finish, primary bedroom and hall', 1903],
        ['Dedicated 20A appliance circuits', 816],
      ]);
    });

    it('reads bullets, dot leaders and prices set apart at the right of the column', () => {
      const sections = sectionsOf(
        page(
          '• Closet shelving and rod, wire ventilated .... $226.80',
          '• Remove damaged plaster ceiling and lath, bag and haul',
          '  debris .............................. $657.80',
          '• Synthetic roof underlayment                  $531.63',
        ),
      );
      expect(summary(sections)[0].items).to.deep.equal([
        ['Closet shelving and rod, wire ventilated', 226.8],
        ['Remove damaged plaster ceiling and lath, bag and haul debris', 657.8],
        ['Synthetic roof underlayment', 531.63],
      ]);
    });

    it('opens a section at each heading in capitals, across columns, and keeps items before any heading unnamed', () => {
      const sections = sectionsOf(
        page(
          two('Dumpster, 20 CY, haul and disposal - $474', 'ROOFING, SIDING & INSULATION'),
          two('KITCHEN', 'Synthetic roof underlayment - $531.63'),
          two('Kitchen base and wall cabinets, shaker', 'Continuous ridge vent - $446.79'),
          two('style, soft-close hardware - $5,321', ''),
        ),
      );
      expect(summary(sections).map((section) => [section.heading, section.items.length])).to.deep.equal([
        ['', 1],
        ['KITCHEN', 1],
        ['ROOFING, SIDING & INSULATION', 2],
      ]);
    });

    it('takes a total line that names the section as its total, not as an item, and reads no recap line as an item', () => {
      const sections = sectionsOf(
        page(
          two('KITCHEN', 'MASTER BEDROOM'),
          two('1. Quartz countertops, 3 cm, eased edge', '3. Carpet and 6 lb pad, mid-grade - $1,554'),
          two('   with undermount sink cutout - $3,295', 'Total Master Bedroom            $1,554.00'),
          two('2. Dedicated 20A appliance circuits - $816', 'COST SUMMARY'),
          two('Total Kitchen                   $4,111.00', 'Subtotal, all work              $5,665.00'),
          two('', 'Permits and fees                  $175.00'),
          two('', 'TOTAL COST OF REPAIRS           $5,840.00'),
        ),
      );
      expect(summary(sections)).to.deep.equal([
        {
          heading: 'KITCHEN',
          total: 4111,
          items: [
            ['Quartz countertops, 3 cm, eased edge with undermount sink cutout', 3295],
            ['Dedicated 20A appliance circuits', 816],
          ],
        },
        { heading: 'MASTER BEDROOM', total: 1554, items: [['Carpet and 6 lb pad, mid-grade', 1554]] },
      ]);
    });

    it('reads no item after a grand total until the next heading', () => {
      const sections = sectionsOf(
        page('PLUMBING', 'Frost-free hose bibb - $428.00', 'Total Plumbing - $428.00', 'GRAND TOTAL - $428.00', 'Contingency reserve (10%) - $42.80', 'Lead paint clearance testing - $300.00'),
      );
      expect(summary(sections)).to.deep.equal([{ heading: 'PLUMBING', total: 428, items: [['Frost-free hose bibb', 428]] }]);
    });

    it('takes no paragraph without a price and no line of a table with two prices for an item', () => {
      const sections = sectionsOf(
        page(
          'The following repairs are required. Each price is the total for labor and material.',
          '',
          'Replace water heater, 50 gal               1,100.00      670.00',
          'Repipe water supply with PEX, manifold system - $1,927.97',
        ),
      );
      expect(summary(sections)[0].items).to.deep.equal([['Repipe water supply with PEX, manifold system', 1927.97]]);
    });
  });
});
