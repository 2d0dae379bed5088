import { expect } from 'chai';
import { buildRows, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { DOT, fixed, itemDescriptions, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/**
 * Pre-printed forms: money ruled into dollars and cents cells, every line on the ruling's pitch
 * (wider than a wrapped line's usual gap), the form's heading block printed again on each sheet, and
 * columns of marks before the description.
 */

const money = (amount: string): string => {
  const [dollars, cents] = amount.split('.');
  return `${dollars.padStart(8)} ${cents}`;
};

/** Every line one blank line apart: the pitch of a ruled pad, wider than a wrapped line's gap. */
const ruled = (...lines: string[]): string => lines.join('\n\n');

describe('core layout: pre-printed forms', () => {
  const row = fixed(7, 6, 48, -14, -14);

  it('reads a dollars cell and a cents cell of a ruled money column as one amount, subtotals too', () => {
    const rows = rowsOf(
      page(
        row('QUAN.', 'UNIT', 'DESCRIPTION', 'UNIT PRICE', 'AMOUNT'),
        row('1', 'LS', 'Remove and dispose kitchen cabinets', money('741.00'), money('741.00')),
        row('270', 'SF', 'Remove damaged plaster ceiling', money('2.67'), money('720.90')),
        row('', '', 'Total DEMOLITION', '', money('1,461.90')),
      ),
    );
    expect(rows.map((line) => line.text)).to.deep.equal([
      'QUAN. UNIT DESCRIPTION UNIT PRICE AMOUNT',
      '1 LS Remove and dispose kitchen cabinets 741.00 741.00',
      '270 SF Remove damaged plaster ceiling 2.67 720.90',
      'Total DEMOLITION 1,461.90',
    ]);
  });

  it('leaves two-digit numbers alone where no grid of cents cells is printed: codes in digit groups, a pair on two rows', () => {
    const rows = rowsOf(
      page(
        fixed(12, 40, -10)('09 91 23', 'Painting', '1,200.00'),
        fixed(12, 40, -10)('06 10 00', 'Rough carpentry', '3,400.00'),
        fixed(12, 40, -10)('22 11 16', 'Water piping', '2,150.00'),
        fixed(30, 10)('Floors 2 and rooms', '12 14'),
        fixed(30, 10)('Floors 3 and rooms', '15 16'),
      ),
    );
    expect(rows.map((line) => line.text)).to.deep.equal([
      '09 91 23 Painting 1,200.00',
      '06 10 00 Rough carpentry 3,400.00',
      '22 11 16 Water piping 2,150.00',
      'Floors 2 and rooms 12 14',
      'Floors 3 and rooms 15 16',
    ]);
  });

  it('keeps a line number and a two-digit quantity apart, and hours beside a rate, where a label stands over each', () => {
    const numbered = fixed(4, 5, 16, -7, -8);
    const hours = fixed(20, -6, -6, -10);
    const rows = rowsOf(
      page(
        numbered('No', 'Qty', 'Description', 'Price', 'Amount'),
        numbered('1', '12', 'Hex bolts M8', '0.50', '6.00'),
        numbered('2', '24', 'Hex nuts M8', '0.25', '6.00'),
        numbered('3', '10', 'Washers', '0.10', '1.00'),
        '',
        hours('Description', 'Hours', 'Rate', 'Amount'),
        hours('Site inspection', '12', '85', '1,020.00'),
        hours('Framing labor', '8', '90', '720.00'),
        hours('Cleanup', '10', '95', '950.00'),
      ),
    );
    expect(rows.map((line) => line.text)).to.include.members(['1 12 Hex bolts M8 0.50 6.00', '3 10 Washers 0.10 1.00', 'Site inspection 12 85 1,020.00', 'Cleanup 10 95 950.00']);
  });

  it('joins wrapped lines to their item on a ruled pad, where every line is one pitch apart', () => {
    const { tables } = tablesOf(
      ruled(
        row('QUAN.', 'UNIT', 'DESCRIPTION', 'UNIT PRICE', 'AMOUNT'),
        row('', '', '1. DEMOLITION'),
        row('1', 'LS', 'Remove and dispose existing kitchen cabinets,', '741.00', '741.00'),
        row('', '', 'countertops and soffits, kitchen'),
        row('270', 'SF', 'Remove damaged plaster ceiling and lath, bag', '2.67', '720.90'),
        row('', '', 'and haul debris'),
        row('', '', 'Total DEMOLITION', '', '1,461.90'),
      ),
    );
    expect(itemDescriptions(tables[0])).to.deep.equal([
      'Remove and dispose existing kitchen cabinets, countertops and soffits, kitchen',
      'Remove damaged plaster ceiling and lath, bag and haul debris',
    ]);
  });

  it('gives each item the lines above its values where the pad prints values on a description\'s last line', () => {
    const { tables } = tablesOf(
      ruled(
        row('QUAN.', 'UNIT', 'DESCRIPTION', 'UNIT PRICE', 'AMOUNT'),
        row('', '', '3. LIVING ROOM'),
        row('', '', '3-1/4 in. MDF baseboard, installed, caulked and'),
        row('85', 'LF', 'painted', '3.77', '320.45'),
        row('', '', 'Vinyl double-hung replacement window, Low-E,'),
        row('', '', 'insulated glass, with interior trim'),
        row('12', 'EA', 'including all trim and sealant', '610.00', '7,320.00'),
        row('3', 'EA', 'Ceiling fan with light kit', '315.00', '945.00'),
      ),
    );
    expect(itemDescriptions(tables[0])).to.deep.equal([
      '3-1/4 in. MDF baseboard, installed, caulked and painted',
      'Vinyl double-hung replacement window, Low-E, insulated glass, with interior trim including all trim and sealant',
      'Ceiling fan with light kit',
    ]);
  });

  it('joins a line written by hand to the description above where it goes on in lower case, however unevenly the rows sit', () => {
    // Written on a ruled pad: each line about 1.7 line heights under the one before, a description's second line lower than the ruling.
    const tops = [0, 1.7, 3.4, 5.35, 6.8, 8.75, 10.2];
    const lines = [
      row('QTY', 'UNIT', 'DESCRIPTION OF WORK', 'MATERIAL', 'AMOUNT'),
      row('', '', 'Bedroom 2'),
      row('3', 'ea', 'Vinyl double-hung replacement window, Low-E,', '1,143.00', '1,872.00'),
      row('', '', 'glass, with interior trim'),
      row('34', 'sy', 'Carpet and 6 lb pad, mid-grade; including', '952.00', '1,242.70'),
      row('', '', 'flashing and sealant'),
      row('17', 'lf', 'Closet shelving and rod, wire ventilated', '200.09', '366.86'),
    ];
    const document = documentFromText(lines.join('\n'), { rows: 100 });
    for (const word of document.pages[0].words) {
      const top = tops[Math.round(word.bbox[1] * 100)] / 100 + 0.1;
      word.bbox = [word.bbox[0], top, word.bbox[2], top + 0.008];
    }
    const tables = readTables(buildRows(document), { format: DOT });
    expect(itemDescriptions(tables[0])).to.deep.equal([
      'Vinyl double-hung replacement window, Low-E, glass, with interior trim',
      'Carpet and 6 lb pad, mid-grade; including flashing and sealant',
      'Closet shelving and rod, wire ventilated',
    ]);
  });

  it('keeps a lower-case line after a blank line off the item above: no hand wrote it on the next line', () => {
    const line = fixed(40, -12);
    const { tables } = tablesOf(
      page(line('Description', 'Amount'), line('Replace faucet', '150.00'), line('Regrout tub surround', '225.00'), '', line('kitchen'), line('Install sink', '450.00'), line('Patch drywall', '95.00')),
    );
    expect(itemDescriptions(tables[0]).slice(0, 2)).to.deep.equal(['Replace faucet', 'Regrout tub surround']);
  });

  it("skips the form's heading block printed again on the next sheet above the table's header", () => {
    const head = (customer: string, location: string): string[] => [
      ...Array.from({ length: 10 }, () => ''),
      'Coleman Home Improvement',
      fixed(60, 30)('PROPOSAL SUBMITTED TO', 'DATE'),
      fixed(60, 30)(customer, '10/20/2026'),
      fixed(60, 30)('CITY, STATE AND ZIP CODE', 'JOB LOCATION'),
      fixed(60, 30)('', location),
      '',
    ];
    const header = row('QUAN.', 'UNIT', 'DESCRIPTION', 'UNIT PRICE', 'AMOUNT');
    const { tables } = tablesOf([
      page(...head('Carlos Ibarra', ''), header, row('12', 'EA', 'Replacement window with trim', '610.00', '7,320.00'), row('85', 'LF', 'MDF baseboard', '3.77', '320.45')),
      page(...head('Carlos Ibarra', '8835 Mulberry Cir, Columbus, OH 43223'), header, row('15', 'EA', 'Oak stair treads and risers', '129.00', '1,935.00')),
    ]);
    expect(tables).to.have.length(1);
    expect(tables[0].entries.map((entry) => [entry.kind, read(entry).description])).to.deep.equal([
      ['item', 'Replacement window with trim'],
      ['item', 'MDF baseboard'],
      ['item', 'Oak stair treads and risers'],
    ]);
  });

  it("keeps a write-up's marks (H&S | Code | LBP) out of the description, and a second number column is no item number", () => {
    const marks = fixed(6, 5, 6, 5, 44, -6, 5, -10, -12);
    const { tables } = tablesOf(
      page(
        marks('Item', 'H&S', 'Code', 'LBP', 'Description / Specification', 'Qty', ' Unit', 'Unit Cost', 'Estimate'),
        marks('', '', '', '', 'Location 1: Exterior'),
        marks('1', '', 'X', '', 'Parge exterior foundation wall', '189', ' SF', '5.86', '1,107.54'),
        marks('2', 'X', 'X', 'X', 'GFCI receptacles at kitchen counters', '4', ' EA', '75.00', '300.00'),
        marks('3', '', '', '', 'Remove existing vinyl siding', '27', ' SQ', '51.00', '1,377.00'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', null, null, null, 'description', 'quantity', 'unit', 'unitPrice', 'amount']);
    expect(tables[0].entries.filter((entry) => entry.kind === 'item').map((entry) => [read(entry).itemNumber, read(entry).description, read(entry).column2 ?? ''])).to.deep.equal([
      ['1', 'Parge exterior foundation wall', 'X'],
      ['2', 'GFCI receptacles at kitchen counters', 'X'],
      ['3', 'Remove existing vinyl siding', ''],
    ]);
  });
});
