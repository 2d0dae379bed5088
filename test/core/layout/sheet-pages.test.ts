import { expect } from 'chai';
import { buildRows, readLayout, textOf, type Table } from '../../../core/src/layout/index.js';
import { withSheetPagesJoined } from '../../../core/src/layout/sheet-pages.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { fixed, page, read } from './helpers.js';

/** A printed spreadsheet: the row number in a gutter, then the row's cells. */
const LEFT_WIDTHS = [-3, 3, 4, 28, -5, -5, -12];
const RIGHT_WIDTHS = [-3, 3, -10, -12];
const left = fixed(...LEFT_WIDTHS);
const right = fixed(...RIGHT_WIDTHS);
/** The letters over the cells (past the gutter and the space after it), each at its cell's middle. */
const lettersOver = (widths: number[], letters: string): string => {
  let line = '';
  let at = Math.abs(widths[0]) + Math.abs(widths[1]);
  widths.slice(2).forEach((width, index) => {
    line = line.padEnd(at + Math.floor(Math.abs(width) / 2)) + letters[index];
    at += Math.abs(width);
  });
  return line;
};
const sheetRow = (layout: (...cells: string[]) => string, number: number | string, ...cells: string[]): string => layout(String(number), '', ...cells);

const LEFT_LETTERS = lettersOver(LEFT_WIDTHS, 'ABCDE');
const RIGHT_LETTERS = lettersOver(RIGHT_WIDTHS, 'FG');

/** Rows 3 to 9 of the sheet, columns A to E, then F and G. */
const leftRows = (from: number, to: number): string[] => {
  const rows: Record<number, string[]> = {
    1: ['KITCHEN REMODEL – 12 Oak St'],
    3: ['#', 'Description', 'Qty', 'Unit', 'Material'],
    4: ['', 'KITCHEN'],
    5: ['1', 'Wall cabinets, shaker style', '10', 'EA', '1,000.00'],
    6: ['2', 'Sink and faucet', '1', 'EA', '250.00'],
    7: ['', 'Subtotal Kitchen', '', '', '1,250.00'],
    9: ['', 'TOTAL'],
  };
  return Array.from({ length: to - from + 1 }, (_, index) => sheetRow(left, from + index, ...(rows[from + index] ?? [])));
};
const rightRows = (from: number, to: number): string[] => {
  const rows: Record<number, string[]> = {
    3: ['Labor', 'Total'],
    5: ['500.00', '1,500.00'],
    6: ['100.00', '350.00'],
    7: ['600.00', '1,850.00'],
    9: ['', '1,850.00'],
  };
  return Array.from({ length: to - from + 1 }, (_, index) => sheetRow(right, from + index, ...(rows[from + index] ?? [])));
};

const layoutOf = (pages: string[]) => readLayout(documentFromText(pages, { columns: 100 }));
const itemsOf = (table: Table) => table.entries.filter((entry) => entry.kind === 'item').map(read);

describe('core layout: a spreadsheet printed with its row and column headings', () => {
  it('leaves the column letters and row numbers out and joins the pages of the right-hand columns to their rows ("over, then down")', () => {
    const layout = layoutOf([page(LEFT_LETTERS, ...leftRows(1, 9)), page(RIGHT_LETTERS, ...rightRows(1, 9))]);
    expect(layout.rows.map((row) => row.text)).to.not.include.members([LEFT_LETTERS.trim().replace(/\s+/g, ' ')]);
    expect(layout.rows[0].text).to.equal('KITCHEN REMODEL – 12 Oak St');
    const [table] = layout.tables;
    expect(table.header.columns.map((column) => column.role)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unit', 'material', 'labor', 'amount']);
    expect(itemsOf(table)).to.deep.equal([
      { kind: 'item', itemNumber: '1', description: 'Wall cabinets, shaker style', quantity: '10', unit: 'EA', material: '1,000.00', labor: '500.00', amount: '1,500.00' },
      { kind: 'item', itemNumber: '2', description: 'Sink and faucet', quantity: '1', unit: 'EA', material: '250.00', labor: '100.00', amount: '350.00' },
    ]);
    expect(textOf(table.totals?.cells.flat() ?? [])).to.equal('TOTAL 1,850.00');
    expect(layout.rows.every((row) => row.page === 1)).to.equal(true);
  });

  it('joins each right-hand page to the left-hand page whose row numbers it repeats ("down, then over"), the header row repeated on each', () => {
    const pages = [
      page(LEFT_LETTERS, ...leftRows(1, 6)),
      page(LEFT_LETTERS, ...leftRows(3, 3), ...leftRows(7, 9)),
      page(RIGHT_LETTERS, ...rightRows(1, 6)),
      page(RIGHT_LETTERS, ...rightRows(3, 3), ...rightRows(7, 9)),
    ];
    const layout = layoutOf(pages);
    const [table] = layout.tables;
    expect(itemsOf(table).map((item) => [item.labor, item.amount])).to.deep.equal([
      ['500.00', '1,500.00'],
      ['100.00', '350.00'],
    ]);
    expect(textOf(table.totals?.cells.flat() ?? [])).to.equal('TOTAL 1,850.00');
    expect([...new Set(layout.rows.map((row) => row.page))]).to.deep.equal([1, 2]);
  });

  it('joins a row whose number OCR misread by the numbers around it', () => {
    const misread = rightRows(1, 9).map((line) => line.replace(/^ {2}6/, '  G'));
    const layout = layoutOf([page(LEFT_LETTERS, ...leftRows(1, 9)), page(RIGHT_LETTERS, ...misread)]);
    expect(itemsOf(layout.tables[0]).map((item) => item.amount)).to.deep.equal(['1,500.00', '350.00']);
  });

  it('counts on past the last number read where OCR misread the page\'s last ones ("7  8  4")', () => {
    const misread = rightRows(1, 9).map((line) => line.replace(/^ {2}9/, '  4'));
    const layout = layoutOf([page(LEFT_LETTERS, ...leftRows(1, 9)), page(RIGHT_LETTERS, ...misread)]);
    expect(textOf(layout.tables[0].totals?.cells.flat() ?? [])).to.equal('TOTAL 1,850.00');
  });

  it('reads letters OCR misread or lost in the letters row ("A 8 D B F")', () => {
    const rows = buildRows(documentFromText([page(lettersOver(LEFT_WIDTHS, 'A8DBF'), ...leftRows(1, 9))], { columns: 100 }));
    const joined = withSheetPagesJoined(rows);
    expect(joined.map((row) => row.words[0].text)).to.not.include.members(['A', '1', '2', '3']);
    expect(joined.find((row) => row.text.startsWith('#'))?.text).to.equal('# Description Qty Unit Material');
  });

  it('leaves a table whose item numbers stand at the left, with no letters row over it, as it is', () => {
    const rows = buildRows(documentFromText([page(...leftRows(1, 9))], { columns: 100 }));
    expect(withSheetPagesJoined(rows)).to.equal(rows);
  });

  it('leaves a form\'s column letters over its header and numbered items as they are (a continuation sheet: "A  B  C  D" over "Item  Description …")', () => {
    const form = fixed(8, 30, -16, -16);
    const rows = buildRows(
      documentFromText(
        [page(form('   A', '   B', '       C', '       D'), form('Item', 'Description of Work', 'Scheduled Value', 'This Period'), form('1', 'Demolition', '4,000.00', '1,000.00'), form('2', 'Framing', '9,000.00', '2,500.00'), form('3', 'Roofing', '7,500.00', '0.00'))],
        { columns: 100 },
      ),
    );
    expect(withSheetPagesJoined(rows)).to.equal(rows);
  });

  it('leaves a row of letters with no row numbers under it as it is (a checklist\'s "S  R  NP" marks)', () => {
    const rows = buildRows(documentFromText([page('   A   B   C   D', 'Roof      x', 'Walls         x')], { columns: 100 }));
    expect(withSheetPagesJoined(rows)).to.equal(rows);
  });
});
