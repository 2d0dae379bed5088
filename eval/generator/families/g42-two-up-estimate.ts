import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, contingencyReserve, labelValueColumns, permitFee, printedFields, streetLine, type Pair, type TextContext } from './parts.js';

/**
 * g42: a contractor's estimate printed "two-up" by estimating software to save paper: landscape, the
 * line-item table set in two side-by-side columns of the same page, each with its own column header
 * (Description | Qty | Unit | Material | Labor | Total, in 7 pt). The rows run down the left column, go on
 * at the top of the right one and then on the next page, so a trade often starts in one column and
 * ends in the other ("… (cont.)" heads the new column). Trades as bold headings, a total row under each;
 * the recap (subtotal, overhead and profit on one line or two, permits, ESTIMATE TOTAL, the contingency
 * reserve after it) ends the flow in whichever column it reaches. A letterhead and a row of parties
 * above the columns on the first page, a thin running head on the others.
 */

interface Style {
  gutter: number;
  title: string;
  totalLabel: string;
  sectionTotal: (heading: string) => string;
  continued: string;
}

function chooseStyle(random: Random): Style {
  return {
    gutter: random.pick([14, 20]),
    title: random.pick(['ESTIMATE', 'REPAIR ESTIMATE', 'PROPOSAL / ESTIMATE']),
    totalLabel: random.pick(['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'GRAND TOTAL']),
    sectionTotal: random.pick([(heading: string) => `Total ${heading}`, () => 'Section total', (heading: string) => `${heading} total`]),
    continued: random.pick(['(cont.)', '(continued)']),
  };
}

const PAGE: [number, number] = [792, 612];
const LEFT = 30;
const RIGHT = 762;
const ROW = 9;

/** Column edges inside one half, as fractions of its width: description, qty, unit, material, labor, total. */
const EDGES = [0, 0.45, 0.53, 0.6, 0.73, 0.86, 1];

type Context = TextContext & { style: Style; small: TextStyle; frame: number; frameTop: number };

function frameLeft(context: Context): number {
  const half = (RIGHT - LEFT - context.style.gutter) / 2;
  return context.frame === 0 ? LEFT : LEFT + half + context.style.gutter;
}

function edge(context: Context, index: number): number {
  const half = (RIGHT - LEFT - context.style.gutter) / 2;
  return frameLeft(context) + half * EDGES[index];
}

function columnHeader(context: Context): void {
  const { sheet, bold } = context;
  const top = sheet.y;
  sheet.box(edge(context, 0), top, edge(context, 6) - edge(context, 0), 12, { fill: 0.85 });
  const labels = ['Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total'];
  labels.forEach((label, index) => {
    if (index === 0) sheet.text(label, edge(context, 0) + 3, top + 9, bold);
    else if (index === 2) sheet.text(label, (edge(context, 2) + edge(context, 3)) / 2, top + 9, bold, 'center');
    else sheet.text(label, edge(context, index + 1) - 3, top + 9, bold, 'right');
  });
  sheet.y = top + 15;
}

/** Moves to the right column or to a new page when `height` does not fit; true when it moved. */
function make(context: Context, height: number): boolean {
  const { sheet } = context;
  if (sheet.y + height <= sheet.bottom) return false;
  if (context.frame === 0) {
    context.frame = 1;
    sheet.y = context.frameTop;
  } else {
    sheet.addPage();
    context.frame = 0;
    context.frameTop = sheet.y;
  }
  if (context.frame === 1) sheet.vrule((LEFT + RIGHT) / 2, context.frameTop, sheet.bottom, 0.4, 0.5);
  columnHeader(context);
  return true;
}

function descriptionLines(context: Context, item: LineItem): string[] {
  return context.sheet.wrap(item.description, edge(context, 1) - edge(context, 0) - 6, context.body);
}

function itemRow(context: Context, item: LineItem): void {
  const { sheet, body } = context;
  const lines = descriptionLines(context, item);
  const top = sheet.y;
  lines.forEach((line, index) => sheet.text(line, edge(context, 0) + 3, top + 7 + index * ROW, body));
  sheet.text(quantityText(item.quantity), edge(context, 2) - 3, top + 7, body, 'right');
  sheet.text(item.unit, (edge(context, 2) + edge(context, 3)) / 2, top + 7, body, 'center');
  [item.material, item.labor, item.total].forEach((amount, index) => sheet.text(money(amount), edge(context, index + 4) - 3, top + 7, body, 'right'));
  sheet.y = top + lines.length * ROW + 2;
  sheet.rule(edge(context, 0), edge(context, 6), sheet.y - 1, 0.2, 0.75);
}

function sectionBlock(context: Context, heading: string, items: LineItem[], total: number): void {
  const { sheet, bold, style } = context;
  const headingText = (text: string) => sheet.text(text, edge(context, 0) + 1, sheet.y + 8, { ...bold, size: 7.5 });
  make(context, 12 + descriptionLines(context, items[0]).length * ROW + 2);
  headingText(heading);
  sheet.y += 12;
  for (const item of items) {
    if (make(context, descriptionLines(context, item).length * ROW + 2)) {
      headingText(`${heading} ${style.continued}`);
      sheet.y += 12;
    }
    itemRow(context, item);
  }
  make(context, 13);
  sheet.text(style.sectionTotal(heading), edge(context, 5) - 3, sheet.y + 8, bold, 'right');
  sheet.text(money(total), edge(context, 6) - 3, sheet.y + 8, bold, 'right');
  sheet.y += 15;
}

function recapBlock(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { recap } = document;
  const rows: Array<[string, number, boolean]> = [['Subtotal', recap.subtotal, false]];
  if (recap.overhead && recap.profit) {
    rows.push([`Overhead ${percentText(recap.overhead.rate)}`, recap.overhead.amount, false], [`Profit ${percentText(recap.profit.rate)}`, recap.profit.amount, false]);
  } else if (recap.overhead) {
    rows.push([`Overhead & profit ${percentText(recap.overhead.rate)}`, recap.overhead.amount, false]);
  }
  rows.push(...recap.before.map((line): [string, number, boolean] => [line.label, line.amount, false]));
  rows.push([style.totalLabel, recap.grandTotal, true], ...recap.after.map((line): [string, number, boolean] => [line.label, line.amount, false]));
  make(context, rows.length * 11 + 16);
  sheet.rule(edge(context, 3), edge(context, 6), sheet.y + 2, 0.8);
  sheet.y += 6;
  for (const [label, amount, strong] of rows) {
    const text = strong ? { ...bold, size: 8 } : body;
    if (strong) sheet.rule(edge(context, 3), edge(context, 6), sheet.y, 0.5);
    sheet.text(label, edge(context, 3), sheet.y + 8, text);
    sheet.text(money(amount, { dollar: true }), edge(context, 6) - 3, sheet.y + 8, text, 'right');
    sheet.y += strong ? 14 : 11;
  }
}

function letterhead(context: Context, document: SorDocument): void {
  const { sheet, fonts, style } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  sheet.text(contractor.name, LEFT, 44, { font: fonts.bold, size: 14 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  ·  ${contractor.phone}  ·  License ${contractor.license}`, LEFT, 57, regular);
  sheet.text(style.title, RIGHT, 44, { font: fonts.bold, size: 13 }, 'right');
  sheet.text(`No. ${parties.fileNumber}  ·  ${formatDate(parties.reportDate, 'short')}`, RIGHT, 57, regular, 'right');
  sheet.rule(LEFT, RIGHT, 64, 1);
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 52, [['Customer', parties.borrower], ['Job site', streetLine(parties.property)], ['', cityLine(parties.property)]]],
    [300, 58, [['Lender', parties.lender], ['FHA case', parties.fhaCaseNumber]]],
    [540, 64, [['Consultant', parties.consultant], ['Inspected', formatDate(parties.inspectionDate, 'short')]]],
  ];
  labelValueColumns(sheet, columns, 77, 10, label, regular);
  sheet.y = 108;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g42-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: PAGE, margins: { top: 46, bottom: 34, left: LEFT, right: PAGE[0] - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'BuildEst Pro 2-up', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.3 };
  const context: Context = { sheet, fonts, style, small, body: { font: fonts.regular, size: 7 }, bold: { font: fonts.bold, size: 7 }, lineHeight: ROW, frame: 0, frameTop: 0 };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.contractor!.name}  ·  ${style.title} ${parties.fileNumber}  ·  ${streetLine(parties.property)}`, LEFT, 34, small);
  };
  sheet.addPage();
  letterhead(context, document);
  context.frameTop = sheet.y;
  columnHeader(context);
  for (const section of document.sections) sectionBlock(context, section.heading, section.items, sectionTotal(section));
  recapBlock(context, document);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, PAGE[1] - 18, small, 'right'));
  return sheet.save();
}

export const g42: SorFamily = {
  id: 'g42',
  name: 'contractor estimate printed two-up, the table continuing in a second column of the page',
  heldOut: false,
  items: [14, 60],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const marked = random.chance(0.75);
    const split = marked && random.chance(0.4);
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => (upper ? trade!.name.toUpperCase() : trade!.name),
      verbosity: 0.35,
      recap: {
        generalConditions: null,
        overheadAndProfit: marked ? (split ? [6, 8, 10] : [10, 12, 15]) : null,
        split,
        before: (inner) => permitFee(inner, 0.5, ['Permits', 'Building permit'], 900),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
      },
    };
  },
  render,
};
