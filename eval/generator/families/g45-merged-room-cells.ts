import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Align, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { addressPairs, contingencyReserve, labelValues, permitFee, printedFields, recapRows, roomHeading, type RecapRow, type TextContext } from './parts.js';

/**
 * g45: a contractor's estimate typed into a word-processor table, portrait, in a full grid. The first
 * column holds the room (or area), one merged cell down all of that room's rows with the name set in
 * its vertical middle, so the name stands beside the middle rows, not above the first; then No. |
 * Description | Qty | Unit | Material | Labor | Total, and a room total row inside the same merged cell.
 * Some typists keep each room on one page; others let the table break where the page ends, splitting
 * the merged cell, and the part on the next page repeats the name with "(cont.)" under it. The merged cell's name is the section
 * heading (without "(cont.)"); the room total row is a section total. Under the grid: subtotal, general
 * conditions sometimes, overhead and profit on one line or two, permits, TOTAL, and the contingency
 * reserve after it.
 */

interface Style {
  roomHeader: string;
  totalLabel: string;
  roomTotal: string;
  band: number;
  /** Each room moved whole to the next page where it does not fit, or split at the foot of the page. */
  keepRooms: boolean;
}

function chooseStyle(random: Random): Style {
  return {
    roomHeader: random.pick(['Room', 'Area', 'Location']),
    totalLabel: random.pick(['TOTAL', 'TOTAL ESTIMATE', 'CONTRACT TOTAL']),
    roomTotal: random.pick(['Room total', 'Subtotal', 'Total this area']),
    band: random.pick([0.8, 0.88]),
    keepRooms: random.chance(0.5),
  };
}

const LEFT = 32;
interface Cell { key: string; header: string; width: number; align: Align }
const CELLS: Cell[] = [
  { key: 'room', header: 'Room', width: 80, align: 'center' },
  { key: 'number', header: 'No.', width: 22, align: 'center' },
  { key: 'description', header: 'Description', width: 212, align: 'left' },
  { key: 'quantity', header: 'Qty', width: 34, align: 'right' },
  { key: 'unit', header: 'Unit', width: 28, align: 'center' },
  { key: 'material', header: 'Material', width: 56, align: 'right' },
  { key: 'labor', header: 'Labor', width: 56, align: 'right' },
  { key: 'total', header: 'Total', width: 60, align: 'right' },
];
const X = CELLS.reduce<number[]>((edges, cell) => [...edges, edges.at(-1)! + cell.width], [LEFT]);
const RIGHT = X.at(-1)!;
const LINE = 10;

type Context = TextContext & { style: Style };

function cellText(context: Context, index: number, text: string, baseline: number, style: TextStyle = context.body): void {
  const cell = CELLS[index];
  const x = cell.align === 'right' ? X[index + 1] - 3 : cell.align === 'center' ? (X[index] + X[index + 1]) / 2 : X[index] + 3;
  context.sheet.text(text, x, baseline, style, cell.align);
}

function header(context: Context): void {
  const { sheet, bold, style } = context;
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 14, { fill: style.band, stroke: 0, thickness: 0.6 });
  CELLS.forEach((cell, index) => {
    cellText(context, index, index === 0 ? style.roomHeader : cell.header, sheet.y + 10, bold);
    if (index > 0) sheet.vrule(X[index], sheet.y, sheet.y + 14, 0.5);
  });
  sheet.y += 14;
}

const lines = (context: Context, item: LineItem): string[] => context.sheet.wrap(item.description, CELLS[2].width - 6, context.body);
const rowHeight = (context: Context, item: LineItem): number => lines(context, item).length * LINE + 4;

/** The merged room cell from `top` to the cursor, the name (and "(cont.)") in its vertical middle. */
function roomCell(context: Context, name: string, top: number, continued: boolean): void {
  const { sheet, bold } = context;
  const words = sheet.wrap(name, CELLS[0].width - 8, { ...bold, size: 8 });
  const texts = continued ? [...words, '(cont.)'] : words;
  const first = (top + sheet.y) / 2 - (texts.length * LINE) / 2 + 7.5;
  texts.forEach((text, index) => cellText(context, 0, text, first + index * LINE, index < words.length ? { ...bold, size: 8 } : context.body));
  sheet.box(LEFT, top, RIGHT - LEFT, sheet.y - top, { stroke: 0, thickness: 0.6 });
  sheet.vrule(X[1], top, sheet.y, 0.6);
}

function itemRow(context: Context, item: LineItem, number: number): void {
  const { sheet } = context;
  const top = sheet.y;
  const text = lines(context, item);
  text.forEach((line, index) => cellText(context, 2, line, top + 9 + index * LINE));
  const values = [String(number), '', quantityText(item.quantity), item.unit, money(item.material), money(item.labor), money(item.total)];
  values.forEach((value, index) => value && cellText(context, index + 1, value, top + 9));
  sheet.y = top + text.length * LINE + 4;
  for (let index = 2; index < CELLS.length; index += 1) sheet.vrule(X[index], top, sheet.y, 0.4);
  sheet.rule(X[1], RIGHT, sheet.y, 0.4);
}

function room(context: Context, section: Section, start: number): void {
  const { sheet, bold, style } = context;
  const totalHeight = 14;
  const whole = section.items.reduce((sum, item) => sum + rowHeight(context, item), totalHeight);
  const keep = style.keepRooms && whole <= sheet.bottom - sheet.options.margins.top - 14;
  const opening = section.items.slice(0, 2).reduce((sum, item) => sum + rowHeight(context, item), 0);
  if (sheet.y + whole > sheet.bottom && (keep || sheet.y + opening > sheet.bottom)) {
    sheet.addPage();
    header(context);
  }
  let top = sheet.y;
  let continued = false;
  section.items.forEach((item, index) => {
    const last = index === section.items.length - 1;
    if (sheet.y + rowHeight(context, item) + (last ? totalHeight : 0) > sheet.bottom) {
      roomCell(context, section.heading, top, continued);
      sheet.addPage();
      header(context);
      top = sheet.y;
      continued = true;
    }
    itemRow(context, item, start + index);
  });
  cellText(context, 2, style.roomTotal, sheet.y + 10, bold);
  cellText(context, 7, money(sectionTotal(section)), sheet.y + 10, bold);
  sheet.vrule(X[7], sheet.y, sheet.y + totalHeight, 0.4);
  sheet.y += totalHeight;
  roomCell(context, section.heading, top, continued);
}

function recap(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { recap: lines } = document;
  const rows: RecapRow[] = [{ label: 'Subtotal', amount: money(lines.subtotal) }];
  if (lines.generalConditions) rows.push({ label: `General conditions ${percentText(lines.generalConditions.rate)}`, amount: money(lines.generalConditions.amount) });
  if (lines.overhead && lines.profit) {
    rows.push({ label: `Overhead ${percentText(lines.overhead.rate)}`, amount: money(lines.overhead.amount) }, { label: `Profit ${percentText(lines.profit.rate)}`, amount: money(lines.profit.amount) });
  } else if (lines.overhead) {
    rows.push({ label: `Overhead and profit ${percentText(lines.overhead.rate)}`, amount: money(lines.overhead.amount) });
  }
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: money(line.amount) })));
  rows.push({ label: style.totalLabel, amount: money(lines.grandTotal, { dollar: true }), bold: true, rule: true });
  rows.push(...lines.after.map((line) => ({ label: line.label, amount: money(line.amount) })));
  sheet.ensure(rows.length * 12 + 16);
  sheet.y += 12;
  recapRows(sheet, rows, { labelX: X[3], amountRight: RIGHT - 3, leading: 12, regular: body, bold: { ...bold, size: 8.5 } });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g45-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: 'Estimate', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const context: Context = { sheet, fonts, style, body: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 }, lineHeight: LINE };
  const regular: TextStyle = { font: fonts.regular, size: 9.5 };
  const label: TextStyle = { font: fonts.bold, size: 9.5 };
  sheet.addPage();
  sheet.text(contractor.name, 306, 50, { font: fonts.bold, size: 15 }, 'center');
  sheet.text(`License No. ${contractor.license}  ·  ${contractor.phone}  ·  ${contractor.email}`, 306, 63, regular, 'center');
  sheet.text('ESTIMATE OF REPAIRS', 306, 84, { font: fonts.bold, size: 11 }, 'center');
  sheet.y = 94;
  labelValues(sheet, [['Owner:', parties.borrower], ...addressPairs('Property:', parties.property), ['Lender:', parties.lender]], LEFT, 56, label, regular, 12);
  const bottom = sheet.y;
  sheet.y = 94;
  labelValues(sheet, [['Date:', formatDate(parties.reportDate, 'us')], ['Consultant:', parties.consultant], ['Inspected:', formatDate(parties.inspectionDate, 'us')]], 350, 62, label, regular, 12);
  sheet.y = Math.max(bottom, sheet.y) + 8;
  header(context);
  let start = 1;
  for (const section of document.sections) {
    room(context, section, start);
    start += section.items.length;
  }
  recap(context, document);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, 306, 770, { ...regular, size: 8 }, 'center'));
  return sheet.save();
}

export const g45: SorFamily = {
  id: 'g45',
  name: 'estimate in a word-processor table with each room in a merged cell beside its rows',
  heldOut: false,
  items: [8, 44],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    const marked = random.chance(0.7);
    const split = marked && random.chance(0.35);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: roomHeading(upper),
      verbosity: 0.4,
      recap: {
        generalConditions: random.chance(0.25) ? [5, 6, 8] : null,
        overheadAndProfit: marked ? (split ? [5, 8, 10] : [10, 12, 15]) : null,
        split,
        before: (inner) => permitFee(inner, 0.5, ['Permit', 'Permits and fees'], 800),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
      },
    };
  },
  render,
};
