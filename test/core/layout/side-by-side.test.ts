import { expect } from 'chai';
import { buildRows, readLayout, type Table } from '../../../core/src/layout/index.js';
import { withSideBySideTablesApart } from '../../../core/src/layout/side-by-side.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { cellOf, fixed, page } from './helpers.js';

const half = fixed(4, 26, -8, -9, -10);
const line = (left: string[], right: string[] = []): string => `${half(...left).padEnd(60)}${half(...right)}`.trimEnd();
const HEADER = ['#', 'Item Description', 'Labor', "Mat'l", 'Total'];

const sideBySide = page(
  `${'INTERIOR'.padStart(20).padEnd(60)}${'EXTERIOR'.padStart(20)}`,
  line(HEADER, HEADER),
  line(['', 'KITCHEN'], ['', 'ROOF']),
  line(['1', 'Wall cabinets', '400.00', '600.00', '1,000.00'], ['5', 'Shingles, 30 yr', '900.00', '1,100.00', '2,000.00']),
  line(['', 'shaker style'], ['', 'architectural']),
  line(['2', 'Sink and faucet', '100.00', '250.00', '350.00'], ['6', 'Gutters', '200.00', '300.00', '500.00']),
  line(['', 'HALL BATH'], ['', 'TOTAL EXTERIOR', '', '', '2,500.00']),
  line(['3', 'Vanity with top', '150.00', '450.00', '600.00']),
  line(['4', 'Toilet', '100.00', '200.00', '300.00']),
  line(['', 'TOTAL INTERIOR', '', '', '2,250.00']),
);

const read = (text: string) => readLayout(documentFromText(text, { columns: 130 }));
const entriesOf = (tables: Table[]): string[] =>
  tables.flatMap((table) => table.entries.map((entry) => `${entry.kind}: ${entry.kind === 'item' ? cellOf(entry, 'description') : entry.cells.flat().map((word) => word.text).join(' ')}`));

describe('core layout: tables printed side by side', () => {
  it('reads two tables that share their rows one after the other, the left one first, each ended by its total', () => {
    const layout = read(sideBySide);
    expect(entriesOf(layout.tables)).to.deep.equal([
      'heading: KITCHEN',
      'item: Wall cabinets shaker style',
      'item: Sink and faucet',
      'heading: HALL BATH',
      'item: Vanity with top',
      'item: Toilet',
      'heading: ROOF',
      'item: Shingles, 30 yr architectural',
      'item: Gutters',
    ]);
    expect(layout.tables.map((table) => table.totals?.cells.flat().map((word) => word.text).join(' '))).to.deep.equal(['TOTAL INTERIOR 2,250.00', 'TOTAL EXTERIOR 2,500.00']);
  });

  it('reads the right table under a copy of the header that OCR misread in two words ("a  hem  Description …")', () => {
    const misread = sideBySide.replace(/^(.{60})#   Item Description/m, '$1a   hem Description');
    expect(misread).to.not.equal(sideBySide);
    const layout = read(misread);
    expect(layout.tables.map((table) => table.entries.filter((entry) => entry.kind === 'item').length)).to.deep.equal([4, 2]);
  });

  it('reads the right table under a copy of the header that lost words to OCR ("Item Description  Labor  Total")', () => {
    const lost = sideBySide.replace(/^(.{60})#   Item Description(\s+)Labor(\s+)Mat'l/m, (_, left: string, gap: string, more: string) => `${left}    Item Description${gap}Labor${more}     `);
    expect(lost).to.not.equal(sideBySide);
    expect(read(lost).tables.map((table) => table.entries.filter((entry) => entry.kind === 'item').length)).to.deep.equal([4, 2]);
  });

  it('reads two copies of a header that OCR lost the description heading of in both ("Qty  Unit  Material  Labor  Total")', () => {
    const priced = fixed(32, -5, -7, -11, -10, -10);
    const twoUp = (left: string[], right: string[] = []): string => `            ${priced(...left).padEnd(86)}${priced(...right)}`.trimEnd();
    const lost = ['', 'Qty', 'Unit', 'Material', 'Labor', 'Total'];
    const layout = readLayout(
      documentFromText(
        page(
          twoUp(lost, lost),
          twoUp(['Portable toilet rental', '2', 'EA', '296.00', '0.00', '296.00'], ['Replace attic access hatch', '1', 'EA', '251.00', '233.00', '484.00']),
          twoUp(['Roll-off dumpster, 20 CY', '1', 'EA', '605.00', '49.00', '654.00'], ['with insulated stair']),
          twoUp(['Building permit fees', '1', 'LS', '910.00', '0.00', '910.00'], ['Steel garage door 16x7', '1', 'EA', '1,800.00', '590.00', '2,390.00']),
          twoUp(['Temporary electric service', '1', 'LS', '160.00', '438.00', '598.00'], ['Vinyl replacement window', '8', 'EA', '3,328.00', '1,464.00', '4,792.00']),
        ),
        { columns: 172, source: 'ocr' },
      ),
    );
    expect(layout.tables.flatMap((table) => table.entries.map((entry) => `${cellOf(entry, 'description')} | ${cellOf(entry, 'quantity')} | ${cellOf(entry, 'amount')}`))).to.deep.equal([
      'Portable toilet rental | 2 | 296.00',
      'Roll-off dumpster, 20 CY | 1 | 654.00',
      'Building permit fees | 1 | 910.00',
      'Temporary electric service | 1 | 598.00',
      'Replace attic access hatch with insulated stair | 1 | 484.00',
      'Steel garage door 16x7 | 1 | 2,390.00',
      'Vinyl replacement window | 8 | 4,792.00',
    ]);
  });

  it('leaves one table whose amount columns repeat under group labels as it is (one description column)', () => {
    const group = fixed(30, -9, -9, -10, -9, -9, -10);
    const rows = buildRows(
      documentFromText(
        page(
          group('', 'Budget', '', '', 'Actual'),
          group('Description', 'Labor', 'Material', 'Total', 'Labor', 'Material', 'Total'),
          group('Roof', '900.00', '1,100.00', '2,000.00', '950.00', '1,100.00', '2,050.00'),
          group('Gutters', '200.00', '300.00', '500.00', '200.00', '320.00', '520.00'),
          group('Paint', '400.00', '200.00', '600.00', '400.00', '200.00', '600.00'),
          group('Windows', '700.00', '900.00', '1,600.00', '700.00', '950.00', '1,650.00'),
        ),
      ),
    );
    expect(withSideBySideTablesApart(rows)).to.equal(rows);
  });

  it('renumbers the rows in their new reading order, titles over each table kept with it', () => {
    const { rows } = read(sideBySide);
    expect(rows.map((row) => row.index)).to.deep.equal(rows.map((_, index) => index));
    expect(rows.map((row) => row.text).filter((text) => /INTERIOR|EXTERIOR/.test(text))).to.deep.equal(['INTERIOR', 'TOTAL INTERIOR 2,250.00', 'EXTERIOR', 'TOTAL EXTERIOR 2,500.00']);
  });

  it('leaves a page foot far under the tables out of the left table', () => {
    const { rows } = read(`${sideBySide}\n\n\n\n\n\n12 Oak Lane - Rehab budget`);
    expect(rows.at(-1)!.text).to.equal('12 Oak Lane - Rehab budget');
  });

  it('leaves a table whose header is printed once as it is', () => {
    const rows = buildRows(documentFromText(page(half(...HEADER), half('1', 'Wall cabinets', '400.00', '600.00', '1,000.00'), half('2', 'Sink', '100.00', '250.00', '350.00'))));
    expect(withSideBySideTablesApart(rows)).to.equal(rows);
  });

  it('leaves the table under a bill-to and a job-site block that print the same owner and address as it is (read by OCR)', () => {
    const blocks = (left: string, right: string): string => `  ${left.padEnd(68)}${right}`;
    const item = fixed(22, 44, -8, -10, -12);
    const rows = buildRows(
      documentFromText(
        page(
          blocks('Bill To', 'Job Site'),
          blocks('Carlos Jablonski and Angela Jablonski', 'Carlos Jablonski and Angela Jablonski'),
          blocks('9451 Magnolia Dr', '9451 Magnolia Dr'),
          blocks('Atlanta, GA 30376', 'Atlanta, GA 30376'),
          '',
          item('Item', 'Description', 'Qty', 'Rate', 'Amount'),
          item('Services:Concrete', 'Replace driveway apron', '240', '11.48', '2,755.20'),
          item('Services:Concrete', 'Pour concrete steps', '5', '476.00', '2,380.00'),
          item('Services:Masonry', 'Repoint brick walls', '440', '10.38', '4,567.20'),
          item('Services:Masonry', 'Parge foundation wall', '190', '5.04', '957.60'),
        ),
        { source: 'ocr' },
      ),
    );
    expect(withSideBySideTablesApart(rows)).to.equal(rows);
  });

  it('does not cut rows that a word crosses under a repeated header (a form with the same labels twice over one table)', () => {
    const rows = buildRows(
      documentFromText(
        page(
          'Name    Date    Phone      Name    Date    Phone',
          'Replace the whole roof covering with architectural shingles 2,000.00',
          'Gutters and downspouts on the whole house front and back     500.00',
          'Paint the exterior trim and siding two coats of acrylic       900.00',
        ),
      ),
    );
    expect(withSideBySideTablesApart(rows)).to.equal(rows);
  });
});
