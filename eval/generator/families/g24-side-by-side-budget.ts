import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { ROOMS } from '../work-items.js';
import { addressPairs, labelValueColumns, printedFields, roomHeading, streetLine, type DrawingContext, type Pair } from './parts.js';

/**
 * g24 (held out): a hard-money rehab lender's budget and scope of work, landscape, filled in by the
 * borrower's contractor: two tables side by side, INTERIOR at the left and EXTERIOR & SYSTEMS at the
 * right, each with its own dark caption band, header (# | Item Description | Labor | Mat'l | Total)
 * and rooms as shaded rows (the room's total on the heading row in some), and its own total row at
 * the foot. Each table flows on to the next page by itself, in its own half. A title block with
 * three columns (borrower and property; contractor and site walk; purchase price, after-repair value
 * and size) above; a budget summary under the tables: interior and exterior totals, total
 * construction, contractor's fee, permits, TOTAL REHAB BUDGET, then the contingency after it.
 */

interface Style {
  title: string;
  number: 'prefixed' | 'running' | 'none';
  roomTotals: boolean;
  zebra: boolean;
  grandLabel: string;
}

function chooseStyle(random: Random): Style {
  return {
    title: random.pick(['REHAB BUDGET & SCOPE OF WORK', 'SCOPE OF WORK / REHAB BUDGET', 'RENOVATION BUDGET']),
    number: random.pick<Style['number']>(['prefixed', 'running', 'none']),
    roomTotals: random.chance(0.5),
    zebra: random.chance(0.6),
    grandLabel: random.pick(['TOTAL REHAB BUDGET', 'TOTAL RENOVATION COST', 'TOTAL BUDGET']),
  };
}

const SIDES = [
  { key: 'interior', caption: 'INTERIOR', prefix: 'I', x: 30, total: 'TOTAL INTERIOR' },
  { key: 'exterior', caption: 'EXTERIOR & SYSTEMS', prefix: 'E', x: 402, total: 'TOTAL EXTERIOR & SYSTEMS' },
] as const;

type Side = (typeof SIDES)[number];

const WIDTH = 360;
const OUTSIDE = new Set(['exterior', 'roof', 'garage', 'site', 'basement', 'whole']);

/** Where a room's section goes: its room name is the heading, in either capitalisation. */
const sideOf = (section: Section): Side['key'] => {
  const room = ROOMS.find((candidate) => candidate.name.toUpperCase() === section.heading.toUpperCase())!;
  return OUTSIDE.has(room.area) ? 'exterior' : 'interior';
};

function printedSections(document: SorDocument): Section[] {
  return SIDES.flatMap((side) => document.sections.filter((section) => sideOf(section) === side.key));
}

/** Column offsets inside a table: number, description, labor, material, total. */
const COLUMNS = { number: 0, description: 22, labor: 206, material: 258, total: 310 } as const;
const PAD = 2.5;

type Row =
  | { kind: 'heading'; text: string; total: number | null }
  | { kind: 'item'; item: LineItem; number: string }
  | { kind: 'empty' }
  | { kind: 'total'; label: string; amount: number };

type Context = DrawingContext<Style>;

function rowsOf(document: SorDocument, side: Side, style: Style, start: number): Row[] {
  const sections = document.sections.filter((section) => sideOf(section) === side.key);
  let running = start;
  let counter = 0;
  const rows: Row[] = sections.flatMap((section): Row[] => [
    { kind: 'heading', text: section.heading, total: style.roomTotals ? sectionTotal(section) : null },
    ...section.items.map((item): Row => {
      running += 1;
      counter += 1;
      const number = style.number === 'prefixed' ? `${side.prefix}-${counter}` : style.number === 'running' ? String(running) : '';
      return { kind: 'item', item, number };
    }),
  ]);
  const total = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [...(rows.length > 0 ? rows : [{ kind: 'empty' } as const]), { kind: 'total', label: side.total, amount: total }];
}

function lines(context: Context, row: Row): string[] {
  return row.kind === 'item' ? context.sheet.wrap(row.item.description, COLUMNS.labor - COLUMNS.description - 2 * PAD, context.body) : [''];
}

function height(context: Context, row: Row): number {
  if (row.kind === 'item') return lines(context, row).length * context.lineHeight + 2.5;
  return context.lineHeight + 4;
}

function drawTableHeader(context: Context, side: Side, top: number, continued: boolean): number {
  const { sheet, fonts } = context;
  const white: TextStyle = { font: fonts.bold, size: 8, gray: 1 };
  sheet.box(side.x, top, WIDTH, 13, { fill: 0.22 });
  sheet.text(`${side.caption}${continued ? ' (continued)' : ''}`, side.x + WIDTH / 2, top + 9.5, white, 'center');
  const header: TextStyle = { font: fonts.bold, size: 7 };
  const baseline = top + 22;
  sheet.text('#', side.x + COLUMNS.number + PAD, baseline, header);
  sheet.text('Item Description', side.x + COLUMNS.description + PAD, baseline, header);
  sheet.text('Labor', side.x + COLUMNS.material - PAD, baseline, header, 'right');
  sheet.text("Mat'l", side.x + COLUMNS.total - PAD, baseline, header, 'right');
  sheet.text('Total', side.x + WIDTH - PAD, baseline, header, 'right');
  sheet.rule(side.x, side.x + WIDTH, top + 26, 0.7);
  return top + 28;
}

function drawRow(context: Context, side: Side, row: Row, top: number, shaded: boolean): void {
  const { sheet, body, bold, lineHeight, style } = context;
  const rowHeight = height(context, row);
  const baseline = top + lineHeight * 0.8 + 1.5;
  const right = (text: string, offset: number, font: TextStyle) => sheet.text(text, side.x + offset - PAD, baseline, font, 'right');
  if (row.kind === 'heading') {
    sheet.box(side.x, top, WIDTH, rowHeight, { fill: 0.85 });
    sheet.text(row.text, side.x + COLUMNS.description + PAD, baseline, bold);
    if (row.total !== null) right(money(row.total), WIDTH, bold);
  } else if (row.kind === 'item') {
    if (shaded && style.zebra) sheet.box(side.x, top, WIDTH, rowHeight, { fill: 0.95 });
    sheet.text(row.number, side.x + COLUMNS.number + PAD, baseline, body);
    lines(context, row).forEach((line, index) => sheet.text(line, side.x + COLUMNS.description + PAD, baseline + index * lineHeight, body));
    right(money(row.item.labor), COLUMNS.material, body);
    right(money(row.item.material), COLUMNS.total, body);
    right(money(row.item.total), WIDTH, body);
  } else if (row.kind === 'empty') {
    sheet.text('No work in this part of the budget', side.x + COLUMNS.description + PAD, baseline, { ...body, font: context.fonts.italic });
  } else {
    sheet.rule(side.x, side.x + WIDTH, top, 0.9);
    sheet.text(row.label, side.x + COLUMNS.description + PAD, baseline, bold);
    right(money(row.amount, { dollar: true }), WIDTH, bold);
  }
}

interface Flow {
  side: Side;
  rows: Row[];
  next: number;
  heading: string | null;
  shaded: boolean;
}

/** Fills one half of the page from `top`; returns where it ended. */
function fillHalf(context: Context, flow: Flow, top: number): number {
  const { sheet } = context;
  let y = drawTableHeader(context, flow.side, top, flow.next > 0);
  if (flow.next > 0 && flow.rows[flow.next].kind !== 'heading' && flow.heading) {
    drawRow(context, flow.side, { kind: 'heading', text: `${flow.heading} (cont.)`, total: null }, y, false);
    y += context.lineHeight + 4;
  }
  while (flow.next < flow.rows.length) {
    const row = flow.rows[flow.next];
    const following = flow.rows[flow.next + 1];
    const needed = height(context, row) + (row.kind === 'heading' && following ? height(context, following) : 0);
    if (y + needed > sheet.bottom) break;
    if (row.kind === 'heading') {
      flow.heading = row.text;
      flow.shaded = false;
    }
    if (row.kind === 'item') flow.shaded = !flow.shaded;
    drawRow(context, flow.side, row, y, flow.shaded);
    y += height(context, row);
    flow.next += 1;
  }
  return y;
}

function titleBlock(context: Context, document: SorDocument, random: Random): number {
  const { sheet, style, fonts } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  const value: TextStyle = { font: fonts.regular, size: 7.5 };
  sheet.text(style.title, 30, 44, { font: fonts.bold, size: 14 });
  sheet.text(`${parties.lender}  -  Fix & Flip / Rehab Loan Program`, 30, 56, { ...value, gray: 0.25 });
  sheet.text(`Submitted ${formatDate(parties.reportDate, 'us')}`, 762, 44, value, 'right');
  const purchase = random.int(60, 260) * 100000;
  const columns: Array<[number, number, Pair[]]> = [
    [30, 58, [['Borrower', parties.borrower], ...addressPairs('Property', parties.property), ['Loan No.', parties.loanNumber]]],
    [300, 64, [['Contractor', contractor.name], ['License', contractor.license], ['Phone', contractor.phone], ['Site Walk', formatDate(parties.inspectionDate, 'us')]]],
    [570, 80, [['Purchase Price', money(purchase, { dollar: true, whole: true })], ['After-Repair Value', money(Math.round((purchase * random.float(1.4, 1.9)) / 500000) * 500000, { dollar: true, whole: true })], ['Living Area', `${parties.buildingSize.toLocaleString('en-US')} SF`], ['Year Built', String(parties.yearBuilt)]]],
  ];
  labelValueColumns(sheet, columns, 74, 10.5, label, value);
  sheet.rule(30, 762, 112, 0.6);
  return 120;
}

function summary(context: Context, document: SorDocument, top: number): void {
  const { sheet, fonts, style } = context;
  const { recap } = document;
  const sideTotal = (key: Side['key']) => document.sections.filter((section) => sideOf(section) === key).reduce((sum, section) => sum + sectionTotal(section), 0);
  const rows: Array<{ label: string; amount: number; rate?: number; bold?: boolean; gap?: number }> = [
    { label: 'Interior', amount: sideTotal('interior') },
    { label: 'Exterior & Systems', amount: sideTotal('exterior') },
    { label: 'Total Construction', amount: recap.subtotal, bold: true },
    ...(recap.generalConditions ? [{ label: 'Project management', rate: recap.generalConditions.rate, amount: recap.generalConditions.amount }] : []),
    ...(recap.overhead ? [{ label: "Contractor's fee (overhead & profit)", rate: recap.overhead.rate, amount: recap.overhead.amount }] : []),
    ...recap.before.map((line) => ({ label: line.label, amount: line.amount })),
    { label: style.grandLabel, amount: recap.grandTotal, bold: true },
    ...recap.after.map((line, index) => ({ label: line.label, amount: line.amount, gap: index === 0 ? 5 : 0 })),
  ];
  const leading = 11;
  const x = 402;
  sheet.box(x, top, WIDTH, 14, { fill: 0.22 });
  sheet.text('BUDGET SUMMARY', x + WIDTH / 2, top + 10, { font: fonts.bold, size: 8, gray: 1 }, 'center');
  let y = top + 16;
  for (const row of rows) {
    y += row.gap ?? 0;
    const text: TextStyle = { font: row.bold ? fonts.bold : fonts.regular, size: 8 };
    if (row.bold) sheet.rule(x, x + WIDTH, y, 0.6);
    sheet.text(row.label, x + 6, y + 8.5, text);
    if (row.rate !== undefined) sheet.text(percentText(row.rate), x + 250, y + 8.5, text, 'right');
    sheet.text(money(row.amount, { dollar: true }), x + WIDTH - PAD, y + 8.5, text, 'right');
    y += leading;
  }
  sheet.box(x, top, WIDTH, y - top + 3, { stroke: 0, thickness: 0.6 });
  const note: TextStyle = { font: fonts.italic, size: 7, gray: 0.2 };
  sheet.text('Funds are released in draws after inspection of completed work.', 30, top + 10, note);
  sheet.text('The contingency is held by the lender and is not part of the construction budget.', 30, top + 20, note);
  sheet.rule(30, 230, top + 56, 0.5);
  sheet.text('Borrower signature / date', 30, top + 65, { font: fonts.regular, size: 7 });
  sheet.rule(250, 380, top + 56, 0.5);
  sheet.text('Contractor signature / date', 250, top + 65, { font: fonts.regular, size: 7 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g24-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: 30, right: 30 }, title: style.title, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: Context = { sheet, style, fonts, body: { font: fonts.regular, size: 7 }, bold: { font: fonts.bold, size: 7 }, lineHeight: 8.6 };
  sheet.addPage();
  let top = titleBlock(context, document, random.child('title'));
  const interior = rowsOf(document, SIDES[0], style, 0);
  const interiorItems = interior.filter((row) => row.kind === 'item').length;
  const flows: Flow[] = [
    { side: SIDES[0], rows: interior, next: 0, heading: null, shaded: false },
    { side: SIDES[1], rows: rowsOf(document, SIDES[1], style, interiorItems), next: 0, heading: null, shaded: false },
  ];
  let end = top;
  for (;;) {
    end = top;
    for (const flow of flows.filter((candidate) => candidate.next < candidate.rows.length)) end = Math.max(end, fillHalf(context, flow, top));
    if (flows.every((flow) => flow.next >= flow.rows.length)) break;
    sheet.addPage();
    top = sheet.y;
  }
  const summaryHeight = 24 + 11 * (5 + document.recap.before.length + document.recap.after.length + (document.recap.generalConditions ? 1 : 0));
  if (end + 14 + summaryHeight > sheet.bottom) {
    sheet.addPage();
    end = sheet.y - 14;
  }
  summary(context, document, end + 14);
  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.3 };
    sheet.text(`${streetLine(parties.property)}  -  Rehab budget`, 30, 592, small);
    sheet.text(`Page ${index + 1} of ${count}`, 762, 592, small, 'right');
  });
  return sheet.save();
}

function contingency(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([5, 10, 10, 15]);
  const amount = Math.round((grandTotal * rate) / 100);
  return [
    { label: `Contingency (${rate}%)`, amount },
    { label: 'Total Budget incl. Contingency', amount: grandTotal + amount },
  ];
}

export const g24: SorFamily = {
  id: 'g24',
  name: 'landscape rehab budget with interior and exterior tables side by side',
  heldOut: false,
  items: [16, 50],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, consultant: false }),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: roomHeading(upper),
      verbosity: 0.2,
      wholeDollars: random.chance(0.5),
      recap: {
        generalConditions: random.chance(0.3) ? [3, 5] : null,
        overheadAndProfit: random.chance(0.6) ? [10, 15, 20] : null,
        before: (feeRandom) => (feeRandom.chance(0.7) ? [{ label: feeRandom.pick(['Permits & plans', 'Permits and city fees']), amount: feeRandom.int(8, 60) * 2500 }] : []),
        after: contingency,
      },
    };
  },
  render,
  printedSections,
};
