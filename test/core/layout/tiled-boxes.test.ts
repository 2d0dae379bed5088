import { expect } from 'chai';
import { readHeaderAt, readLayout, readTables, textOf, type Table } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { cellOf, fixed, page, rowsOf } from './helpers.js';

/** A form with each room a small boxed table (Description | Labor | Materials | Total), the boxes tiled two across the page. */
const box = fixed(28, -9, -10, -11);
const HEADER = box('Description', 'Labor', 'Materials', 'Total');
const totalRow = (label: string, amount: string): string => `${label.padStart(47)}${amount.padStart(11)}`;
const two = (left: string, right = ''): string => `${left.padEnd(64)}${right}`.trimEnd();
const summary = (label: string, amount: string): string => `${''.padEnd(64)}${label.padEnd(40)}${amount.padStart(12)}`;

const BAND = [
  two('MASTER BATH', 'Laundry Room'),
  two(HEADER, HEADER),
  two(box('Ceramic floor tile', '975.65', '707.75', '1,683.40'), box('Laundry box and standpipe', '272.00', '137.00', '409.00')),
  two(box('Toilet, elongated', '507.00', '822.00', '1,329.00'), box('Dryer vent to exterior', '190.00', '85.00', '275.00')),
  two(box('Remove fixtures to studs', '975.00', '10.31', '985.31'), box('Dedicated 20A circuit', '704.00', '332.00', '1,036.00')),
  two(totalRow('Total MASTER BATH', '$3,997.71'), totalRow('Area total', '$1,720.00')),
];
const LONE_BOX = ['ROOF', HEADER, box('Gutters and downspouts', '711.54', '870.84', '1,582.38'), box('Ridge vent', '152.26', '210.68', '362.94'), totalRow('Total ROOF', '$1,945.32')];
const SUMMARY = ['BUDGET SUMMARY', summary('Total of all areas', '$7,663.03'), summary("Contractor's fee (10%)", '$766.30'), summary('TOTAL RENOVATION BUDGET', '$8,429.33')];

const read = (text: string) => readLayout(documentFromText(text, { columns: 130 }));
const descriptions = (tables: Table[]): string[][] => tables.map((table) => table.entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, 'description')));

describe('core layout: boxed tables tiled two across the page', () => {
  it('reads a band of two boxes left then right, then a box by itself under the band, then what follows, as printed', () => {
    const layout = read(page(...BAND, '', ...LONE_BOX, '', ...SUMMARY));
    expect(descriptions(layout.tables)).to.deep.equal([
      ['Ceramic floor tile', 'Toilet, elongated', 'Remove fixtures to studs'],
      ['Laundry box and standpipe', 'Dryer vent to exterior', 'Dedicated 20A circuit'],
      ['Gutters and downspouts', 'Ridge vent'],
    ]);
    expect(layout.tables.map((table) => textOf(table.totals?.cells.flat() ?? []))).to.deep.equal(['Total MASTER BATH $3,997.71', 'Area total $1,720.00', 'Total ROOF $1,945.32']);
    const texts = layout.rows.map((row) => row.text);
    expect(texts.indexOf('Laundry Room')).to.be.above(texts.indexOf('Total MASTER BATH $3,997.71'));
    expect(texts.slice(-4)).to.deep.equal(['BUDGET SUMMARY', 'Total of all areas $7,663.03', "Contractor's fee (10%) $766.30", 'TOTAL RENOVATION BUDGET $8,429.33']);
  });

  it('reads band after band: the boxes of each band left then right, the next band under it', () => {
    const next = [
      two('KITCHEN', 'EXTERIOR'),
      two(HEADER, HEADER),
      two(box('Wall cabinets', '400.00', '1,600.00', '2,000.00'), box('Vinyl siding', '1,200.00', '1,800.00', '3,000.00')),
      two(box('Sink and faucet', '100.00', '250.00', '350.00'), box('Gutters', '200.00', '300.00', '500.00')),
      two(box('Range hood', '80.00', '170.00', '250.00'), box('Storm door', '150.00', '361.00', '511.00')),
      two(totalRow('Total KITCHEN', '$2,600.00'), totalRow('Total EXTERIOR', '$4,011.00')),
    ];
    const layout = read(page(...BAND, '', ...next, '', ...SUMMARY));
    expect(descriptions(layout.tables).map((items) => items[0])).to.deep.equal(['Ceramic floor tile', 'Laundry box and standpipe', 'Wall cabinets', 'Vinyl siding']);
    const texts = layout.rows.map((row) => row.text);
    expect(['MASTER BATH', 'Laundry Room', 'KITCHEN', 'EXTERIOR'].map((title) => texts.indexOf(title))).to.satisfy((at: number[]) => at.every((index, position) => index >= 0 && (position === 0 || index > at[position - 1])));
  });

  it('goes on reading a listing printed two-up when one side goes on under totals printed level with the other side’s (no header follows)', () => {
    const layout = read(
      page(
        two('', ''),
        two(HEADER, HEADER),
        two(box('Demolition', '', '', ''), box('Electrical', '', '', '')),
        two(box('Remove cabinets', '590.00', '81.00', '671.00'), box('GFCI receptacles', '392.00', '240.00', '632.00')),
        two(box('Remove drywall', '1,035.00', '46.00', '1,081.00'), box('Recessed lights', '260.00', '150.00', '410.00')),
        two(totalRow('Demolition total', '1,752.00'), totalRow('Subtotal', '$1,042.00')),
        box('Carpentry', '', '', ''),
        box('Sister floor joists', '375.00', '147.00', '522.00'),
        totalRow('Carpentry total', '522.00'),
      ),
    );
    expect(descriptions(layout.tables).flat()).to.deep.equal(['Remove cabinets', 'Remove drywall', 'Sister floor joists', 'GFCI receptacles', 'Recessed lights']);
  });

  it('makes a title over the header printed again a heading right after a section’s total, not among the items', () => {
    const stacked = (between: string[]) =>
      readTables(rowsOf(page(HEADER, box('Ridge vent', '152.26', '210.68', '362.94'), ...between, 'KITCHEN', HEADER, box('Range hood', '80.00', '170.00', '250.00'))), { format: { decimal: '.' } });
    const headings = (tables: Table[]) => tables.flatMap((table) => table.entries.filter((entry) => entry.kind === 'heading').map((entry) => textOf(entry.label)));
    expect(headings(stacked([totalRow('Total Bedroom 2', '$362.94'), '']))).to.deep.equal(['KITCHEN']);
    expect(headings(stacked(['']))).to.deep.equal([]);
  });

  it('reads no title printed over a header (a box’s caption "Laundry Room") as a line of the header', () => {
    const rows = rowsOf(page('Laundry Room', HEADER, box('Laundry box and standpipe', '272.00', '137.00', '409.00')));
    expect(readHeaderAt(rows, 0)).to.equal(null);
    expect(readHeaderAt(rows, 1)?.header.columns.map((column) => column.role)).to.deep.equal(['description', 'labor', 'material', 'amount']);
  });
});

describe('core layout: an OCR total label set against its amount in the value columns', () => {
  it('reads "Area total" right-aligned under the materials column as the label of the totals row, not as garbled values', () => {
    const ocr = rowsOf(page(HEADER, box('Laundry box and standpipe', '272.00', '137.00', '409.00'), box('Dryer vent to exterior', '190.00', '85.00', '275.00'), `${''.padEnd(30)}${'Area total'.padStart(17)}${'$684.00'.padStart(11)}`), { source: 'ocr' });
    const [table] = readTables(ocr, { format: { decimal: '.' } });
    expect(textOf(table.totals?.label ?? [])).to.equal('Area total');
  });
});
