import { expect } from 'chai';
import { namesASection, textOf } from '../../../core/src/layout/index.js';
import { cellOf, fixed, page, read, rolesOf, tablesOf } from './helpers.js';

/** Trade, room and bidder columns printed beside what a line is: kept apart from the description. */

describe('core layout: trade, location and bidder columns', () => {
  it("keeps a trade's code and the location in columns of their own, however far a location runs towards the description", () => {
    const row = fixed(5, 8, 16, 46, -6, 6, -10, -10, -10);
    const { tables } = tablesOf(
      page(
        row('No.', 'Trade', 'Location', 'Description of Work', 'Qty', '  Unit', 'Material', 'Labor', 'Total'),
        row('DEMOLITION'),
        row('1', 'DM', 'Exterior rear', 'Remove existing vinyl siding and haul away', '12', '  SQ', '0.00', '696.00', '696.00'),
        // The room's name fills its column: one space before the description (`Primary bedroom Remove …`).
        row('2', 'DM', 'Primary bedroom', 'Remove damaged plaster ceiling and lath', '203', '  SF', '0.00', '527.80', '527.80'),
        row('', '', '', 'TOTAL DEMOLITION', '', '', '', '', '1,223.80'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'scope', 'scope', 'description', 'quantity', 'unit', 'material', 'labor', 'amount']);
    const items = tables[0].entries.filter((entry) => entry.kind === 'item');
    expect(items.map((entry) => entry.cells.slice(0, 4).map((cell) => cell.map((word) => word.text).join(' ')))).to.deep.equal([
      ['1', 'DM', 'Exterior rear', 'Remove existing vinyl siding and haul away'],
      ['2', 'DM', 'Primary bedroom', 'Remove damaged plaster ceiling and lath'],
    ]);
  });

  it("reads a bid summary's division, trade, subcontractor and bid date columns; a trade worded like a recap line on a numbered line is an item", () => {
    const row = fixed(9, 30, 32, 12, -12);
    const { tables } = tablesOf(
      page(
        row('Div.', 'Trade', 'Subcontractor', "Bid Rec'd", 'Amount'),
        '',
        row('GENERAL CONDITIONS & DEMOLITION'),
        row('01', 'General Requirements', 'Self-performed', '12/20/25', '5,000.46'),
        row('STRUCTURE & SHELL'),
        row('06', 'Rough & Finish Carpentry', 'Hughes Framing LLC', '12/27/25', '17,433.40'),
        '',
        row('', '', 'Trade bids subtotal', '', '$22,433.86'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'scope', 'performedBy', 'date', 'amount']);
    expect(tables[0].entries.map(read)).to.deep.equal([
      { kind: 'heading', scope: 'GENERAL CONDITIONS & DEMOLITION' },
      { kind: 'item', itemNumber: '01', scope: 'General Requirements', performedBy: 'Self-performed', date: '12/20/25', amount: '5,000.46' },
      { kind: 'heading', scope: 'STRUCTURE & SHELL' },
      { kind: 'item', itemNumber: '06', scope: 'Rough & Finish Carpentry', performedBy: 'Hughes Framing LLC', date: '12/27/25', amount: '17,433.40' },
    ]);
    expect(tables[0].totals && cellOf(tables[0].totals, 'amount')).to.equal('$22,433.86');
  });

  it('heads the next items with a line in capitals right under an item that only names its trade', () => {
    const row = fixed(9, 30, 32, 12, -12);
    const { tables } = tablesOf(
      page(
        row('Div.', 'Trade', 'Subcontractor', "Bid Rec'd", 'Amount'),
        row('STRUCTURE & SHELL'),
        row('06', 'Rough & Finish Carpentry', 'Self-performed', '5/22/26', '4,199.77'),
        row('ENVELOPE & OPENINGS'),
        row('08', 'Doors & Windows', 'Sandoval Window & Door', '5/22/26', '4,549.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [entry.kind, cellOf(entry, 'scope')])).to.deep.equal([
      ['heading', 'STRUCTURE & SHELL'],
      ['item', 'Rough & Finish Carpentry'],
      ['heading', 'ENVELOPE & OPENINGS'],
      ['item', 'Doors & Windows'],
    ]);
  });

  it("heads the next items with a title right under a section's total row, not as the trade cell's second line", () => {
    const row = fixed(5, 8, 14, 42, -6, 6, -10);
    const { tables } = tablesOf(
      page(
        row('No.', 'Trade', 'Location', 'Description of Work', 'Qty', '  Unit', 'Total'),
        row('CABINETS'),
        row('5', 'CA', 'Kitchen', 'Kitchen base and wall cabinets', '25', '  LF', '6,950.00'),
        row('', '', '', 'TOTAL CABINETS', '', '', '6,950.00'),
        row('PLUMBING'),
        row('6', 'PL', 'Laundry', 'Laundry box with shutoffs and standpipe', '1', '  EA', '376.00'),
        row('', '', '', 'TOTAL PLUMBING', '', '', '376.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [entry.kind, entry.kind === 'item' ? cellOf(entry, 'description') : textOf(entry.label)])).to.deep.equal([
      ['heading', 'CABINETS'],
      ['item', 'Kitchen base and wall cabinets'],
      ['subtotal', 'TOTAL CABINETS'],
      ['heading', 'PLUMBING'],
      ['item', 'Laundry box with shutoffs and standpipe'],
      ['subtotal', 'TOTAL PLUMBING'],
    ]);
  });

  it("reads a summary's reference to its own lines as no section's number", () => {
    expect(namesASection('3. TOTAL COST OF REPAIRS (lines 1-2)  $32,781.38')).to.equal(false);
    expect(namesASection('TOTAL REHABILITATION COST (lines 3 through 6)  $36,959.52')).to.equal(false);
    expect(namesASection('Subtotal 3.0 Roofing  4,120.00')).to.equal(true);
  });

  it("reads a bid's reference to its items as no section's number", () => {
    expect(namesASection('Total of Bid Items 1 through 10  $22,971.43')).to.equal(false);
    expect(namesASection('Total items 1-24  $9,300.00')).to.equal(false);
  });
});
