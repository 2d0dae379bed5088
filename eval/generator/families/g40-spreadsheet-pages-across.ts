import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Align, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { contingencyReserve, oneLine, permitFee, printedFields, withTotalLine } from './parts.js';

/**
 * g40: a rehab budget kept in a desktop spreadsheet and printed portrait as it is, too wide for the
 * paper, with the row numbers and column letters printed (Excel's "Print row and column headings").
 * Item | Description of Work | Qty | Unit | Mat. Unit Cost | Material | Labor Unit Cost | Labor | Line
 * Total: the columns that fit go on the first pages, the rest (labor and the line total, sometimes the
 * material too) on pages of their own, in the order the sheet was set to print: "down, then over" (all
 * the left-hand pages, then all the right-hand ones) or "over, then down". The header row repeats at the
 * top of every page; the title rows (project, borrower, lender, contractor) only on the first. Trades
 * are bold rows with a subtotal row each; the recap rows are labelled in the description column and
 * priced in the line-total column, so label and amount are on different pages. A sheet small enough is
 * printed "fit sheet on one page" instead, scaled down on a single page.
 */

interface Style {
  downThenOver: boolean;
  descriptionWidth: number;
  tab: string;
  headers: Record<Key, string>;
  subtotalLabel: (heading: string) => string;
  totalLabel: string;
}

type Key = 'item' | 'description' | 'quantity' | 'unit' | 'materialRate' | 'material' | 'laborRate' | 'labor' | 'total';

function chooseStyle(random: Random): Style {
  return {
    downThenOver: random.chance(0.6),
    descriptionWidth: random.pick([236, 262, 290, 318]),
    tab: random.pick(['Rehab Budget', 'SOW', 'Budget v3', 'Scope & Budget']),
    headers: {
      item: random.pick(['Item', '#', 'Line']),
      description: random.pick(['Description of Work', 'Scope Item', 'Work Description']),
      quantity: 'Qty',
      unit: random.pick(['Unit', 'UOM']),
      materialRate: random.pick(['Mat. Unit Cost', 'Material $/Unit', 'Mat Rate']),
      material: random.pick(['Material', 'Material Total', 'Mat. Ext.']),
      laborRate: random.pick(['Labor Unit Cost', 'Labor $/Unit', 'Lab Rate']),
      labor: random.pick(['Labor', 'Labor Total', 'Lab. Ext.']),
      total: random.pick(['Line Total', 'Total', 'Extended']),
    },
    subtotalLabel: random.pick([(heading: string) => `Subtotal ${heading}`, (heading: string) => `Total – ${heading}`, () => 'Subtotal']),
    totalLabel: random.pick(['TOTAL REHAB BUDGET', 'GRAND TOTAL', 'TOTAL']),
  };
}

const KEYS: Key[] = ['item', 'description', 'quantity', 'unit', 'materialRate', 'material', 'laborRate', 'labor', 'total'];
const WIDTHS: Omit<Record<Key, number>, 'description'> = { item: 30, quantity: 40, unit: 32, materialRate: 58, material: 64, laborRate: 58, labor: 64, total: 70 };
const ALIGN: Record<Key, Align> = { item: 'center', description: 'left', quantity: 'right', unit: 'center', materialRate: 'right', material: 'right', laborRate: 'right', labor: 'right', total: 'right' };
const PAGE = { width: 612, height: 792, left: 50, top: 54, bottom: 54 };
const PRINTABLE = { width: PAGE.width - 2 * PAGE.left, height: PAGE.height - PAGE.top - PAGE.bottom };
const HEADINGS = { rowNumber: 22, letters: 12 };
const FONT = 8.5;
const LINE = 10.5;

interface Column {
  key: Key;
  letter: string;
  width: number;
}

/** A spreadsheet row: its cells by key, bold or not; title rows overflow from column A and print only with it. */
interface Row {
  cells: Partial<Record<Key, string>>;
  bold?: boolean;
  title?: boolean;
}

type Context = { sheet: Sheet; fonts: Fonts; style: Style; columns: Column[] };

function rows(document: SorDocument, style: Style): Row[] {
  const { parties, recap } = document;
  const contractor = parties.contractor;
  const result: Row[] = [
    { title: true, bold: true, cells: { item: `REHAB SCOPE OF WORK & BUDGET – ${oneLine(parties.property)}` } },
    { title: true, cells: { item: `Borrower: ${parties.borrower}     Lender: ${parties.lender}     Loan #: ${parties.loanNumber}` } },
    { title: true, cells: { item: contractor ? `Contractor: ${contractor.name}     Lic: ${contractor.license}     Ph: ${contractor.phone}` : 'Contractor: TBD (bids pending)' } },
    { title: true, cells: { item: `Walk-through by ${parties.consultant} on ${formatDate(parties.inspectionDate, 'short')}     Prepared ${formatDate(parties.reportDate, 'short')}` } },
    { title: true, cells: {} },
  ];
  let number = 0;
  for (const section of document.sections) {
    result.push({ bold: true, cells: { description: section.heading } });
    for (const item of section.items) {
      number += 1;
      result.push({
        cells: {
          item: String(number), description: item.description, quantity: quantityText(item.quantity), unit: item.unit,
          materialRate: money(item.materialRate), material: money(item.material), laborRate: money(item.laborRate), labor: money(item.labor), total: money(item.total),
        },
      });
    }
    result.push({ bold: true, cells: { description: style.subtotalLabel(section.heading), material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), total: money(sectionTotal(section)) } });
    result.push({ cells: {} });
  }
  const recapRow = (label: string, amount: number, bold = false): Row => ({ bold, cells: { description: label, total: money(amount, { dollar: true }) } });
  result.push(recapRow('Subtotal', recap.subtotal, true));
  if (recap.overhead) result.push(recapRow(`Overhead & Profit ${percentText(recap.overhead.rate)}`, recap.overhead.amount));
  for (const line of recap.before) result.push(recapRow(line.label, line.amount));
  result.push(recapRow(style.totalLabel, recap.grandTotal, true));
  for (const line of recap.after) result.push(recapRow(line.label, line.amount));
  return result;
}

function rowHeight(context: Context, row: Row): number {
  const description = context.columns.find((column) => column.key === 'description')!;
  if (row.title || !row.cells.description) return LINE + 3;
  const style: TextStyle = { font: row.bold ? context.fonts.bold : context.fonts.regular, size: FONT };
  return context.sheet.wrap(row.cells.description, description.width - 6, style).length * LINE + 3;
}

/** Column parts that fit the printable width one after another, as the spreadsheet breaks them. */
function parts(columns: Column[]): Column[][] {
  const result: Column[][] = [[]];
  let used = HEADINGS.rowNumber;
  for (const column of columns) {
    if (used + column.width > PRINTABLE.width && result.at(-1)!.length > 0) {
      result.push([]);
      used = HEADINGS.rowNumber;
    }
    result.at(-1)!.push(column);
    used += column.width;
  }
  return result;
}

/** Runs of row indexes that fit a page under the header row; the title rows only on the first. */
function chunks(context: Context, all: Row[], height: number): number[][] {
  const header = LINE + 4;
  const result: number[][] = [[]];
  let used = HEADINGS.letters + header;
  all.forEach((row, index) => {
    const need = rowHeight(context, row);
    if (used + need > height && result.at(-1)!.length > 0) {
      result.push([]);
      used = HEADINGS.letters + header;
    }
    result.at(-1)!.push(index);
    used += need;
  });
  return result;
}

/** One printed page: column letters, the row numbers, the header row, the rows of `indexes`, all scaled by `scale`. */
function drawPage(context: Context, all: Row[], indexes: number[], part: Column[], scale: number): void {
  const { sheet, fonts, style } = context;
  sheet.addPage();
  const x0 = PAGE.left;
  let y = PAGE.top;
  const gray = 0.75;
  const widths = part.map((column) => column.width * scale);
  const right = x0 + (HEADINGS.rowNumber * scale) + widths.reduce((sum, width) => sum + width, 0);
  const text = (value: string, x: number, baseline: number, bold: boolean, align: Align = 'left', size = FONT) =>
    sheet.text(value, x, baseline, { font: bold ? fonts.bold : fonts.regular, size: size * scale }, align);
  const lettersHeight = HEADINGS.letters * scale;
  sheet.box(x0, y, right - x0, lettersHeight, { fill: 0.9, stroke: gray, thickness: 0.4 });
  let x = x0 + HEADINGS.rowNumber * scale;
  part.forEach((column, index) => {
    text(column.letter, x + widths[index] / 2, y + lettersHeight - 3 * scale, false, 'center', 7);
    x += widths[index];
  });
  y += lettersHeight;
  const header: Row = { bold: true, cells: Object.fromEntries(KEYS.map((key) => [key, style.headers[key]])) };
  const printed: Array<[Row, number | null]> = [];
  const firstBody = indexes.findIndex((index) => !all[index].title);
  indexes.forEach((index, position) => {
    if (position === firstBody) printed.push([header, null]);
    printed.push([all[index], index]);
  });
  if (firstBody < 0) printed.push([header, null]);
  const headerRowNumber = all.filter((row) => row.title).length + 1;
  for (const [row, index] of printed) {
    const height = (row === header ? LINE + 4 : rowHeight(context, row)) * scale;
    const number = index === null ? headerRowNumber : index < headerRowNumber - 1 ? index + 1 : index + 2;
    sheet.box(x0, y, HEADINGS.rowNumber * scale, height, { fill: 0.9, stroke: gray, thickness: 0.4 });
    text(String(number), x0 + (HEADINGS.rowNumber * scale) / 2, y + LINE * scale * 0.8, false, 'center', 7);
    if (row === header) sheet.box(x0 + HEADINGS.rowNumber * scale, y, right - x0 - HEADINGS.rowNumber * scale, height, { fill: 0.82 });
    x = x0 + HEADINGS.rowNumber * scale;
    const baseline = y + (1.5 + LINE * 0.78) * scale;
    part.forEach((column, columnIndex) => {
      const width = widths[columnIndex];
      if (!row.title) sheet.box(x, y, width, height, { stroke: gray, thickness: 0.3 });
      const value = row.cells[column.key];
      if (value && row.title) text(value, x + 3 * scale, baseline, row.bold ?? false);
      else if (value && column.key === 'description') {
        const lines = sheet.wrap(value, column.width - 6, { font: row.bold ? fonts.bold : fonts.regular, size: FONT });
        lines.forEach((line, lineIndex) => text(line, x + 3 * scale, baseline + lineIndex * LINE * scale, row.bold ?? false));
      } else if (value) {
        const align = row === header && ALIGN[column.key] === 'right' ? 'right' : ALIGN[column.key];
        const at = align === 'right' ? x + width - 3 * scale : align === 'center' ? x + width / 2 : x + 3 * scale;
        text(value, at, baseline, row.bold ?? false, align, row === header ? 7.5 : FONT);
      }
      x += width;
    });
    y += height;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g40-render');
  const style = chooseStyle(random.child('style'));
  const sheet = await Sheet.create({ size: [PAGE.width, PAGE.height], margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.left }, title: style.tab, producer: 'Microsoft Excel', date: document.parties.reportDate });
  const fonts = await sheet.fonts(random.chance(0.5) ? 'Helvetica' : 'Times');
  const columns = KEYS.map((key, index) => ({ key, letter: String.fromCharCode(65 + index), width: key === 'description' ? style.descriptionWidth : WIDTHS[key] }));
  const context: Context = { sheet, fonts, style, columns };
  const all = rows(document, style);
  const fullWidth = HEADINGS.rowNumber + columns.reduce((sum, column) => sum + column.width, 0);
  const scale = PRINTABLE.width / fullWidth;
  const onePage = chunks(context, all, PRINTABLE.height / scale);
  if (onePage.length === 1) {
    drawPage(context, all, onePage[0], columns, scale);
  } else {
    const columnParts = parts(columns);
    const rowChunks = chunks(context, all, PRINTABLE.height);
    const order = style.downThenOver
      ? columnParts.flatMap((part) => rowChunks.map((chunk) => [chunk, part] as const))
      : rowChunks.flatMap((chunk) => columnParts.map((part) => [chunk, part] as const));
    for (const [chunk, part] of order) drawPage(context, all, chunk, part, 1);
  }
  const small: TextStyle = { font: fonts.regular, size: 8 };
  sheet.decorate((index, count) => {
    sheet.text(style.tab, PAGE.width / 2, 34, small, 'center');
    sheet.text(`Page ${index + 1} of ${count}`, PAGE.width / 2, PAGE.height - 30, small, 'center');
  });
  return sheet.save();
}

export const g40: SorFamily = {
  id: 'g40',
  name: 'spreadsheet budget printed too wide, its right-hand columns on pages of their own',
  heldOut: false,
  items: [12, 52],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    return {
      itemCount,
      grouping: random.chance(0.5) ? 'trade' : 'room',
      heading: ({ ordinal, trade, room }) => {
        const name = room ? room.name : trade!.name;
        return [name.toUpperCase(), name, `${String.fromCharCode(64 + ordinal)}. ${name}`][form];
      },
      verbosity: 0.4,
      credits: 0.15,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.6) ? [10, 15, 20] : null,
        before: (inner) => permitFee(inner, 0.5, ['Permits', 'Permit & plan review'], 1000),
        after: (inner, grandTotal) => (inner.chance(0.5) ? withTotalLine([contingencyReserve(inner, grandTotal, [10, 15])], 'Total incl. contingency', grandTotal) : []),
      },
    };
  },
  render,
};
