import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { TRADES, type Trade } from '../work-items.js';
import { addressPairs, cityLine, labelValueColumns, printedFields, recapLineRows, recapRows, streetLine, type DrawingContext, type Pair, type RecapLayout, type RecapRow } from './parts.js';

/**
 * g22 (held out): a contractor's estimate printed as the "detail report" of a construction estimating
 * program, portrait. A running header on every page (company, report title, estimate number and
 * project, "Page n of N") and a footer with the print time; a two-column job block on the first page.
 * Then Cost Code | Item Description | Qty. | U/M | Labor $ | Mat'l | Equip. | Line Total (header words
 * vary), each line with its cost code ("06-120"), the trades as phases ("PHASE 04 - ROUGH & FINISH
 * CARPENTRY", "22-000 Plumbing"), a total row per phase, and at every page break the running totals of
 * all four amount columns: "Carried forward" at the foot of the page, "Brought forward" under the header
 * of the next. The recap: labor, material and equipment totals, the direct cost subtotal, general
 * conditions, overhead and profit (one or two lines), sales tax on materials and the estimate total;
 * sometimes a bond after it.
 */

interface Style {
  font: FontFamily;
  size: number;
  headers: { code: string; description: string; labor: string; material: string; equipment: string; total: string };
  /** The carried-forward and brought-forward labels; `page` is the page the totals go to or come from. */
  carried: (page: number) => string;
  brought: (page: number) => string;
  zero: string;
  codeBase: number;
  codeStep: number;
  software: string;
  title: string;
  totalLabel: string;
  dateStyle: DateStyle;
}

function chooseStyle(random: Random): Style {
  const font = random.pick<FontFamily>(['Helvetica', 'Courier', 'Helvetica']);
  const forward = random.pick<[(page: number) => string, (page: number) => string]>([
    [() => 'Carried forward', () => 'Brought forward'],
    [() => 'Balance carried forward', () => 'Balance brought forward'],
    [(page) => `C/F to page ${page}`, (page) => `B/F from page ${page}`],
  ]);
  return {
    font,
    size: 7.5,
    headers: {
      code: random.pick(['Cost Code', 'Code', 'Cost Item']),
      description: random.pick(['Item Description', 'Description', 'Scope of Work']),
      labor: random.pick(['Labor $', 'Labor']),
      material: random.pick(["Mat'l", 'Material']),
      equipment: random.pick(['Equip.', 'Equipment']),
      total: random.pick(['Line Total', 'Extension', 'Total']),
    },
    carried: forward[0],
    brought: forward[1],
    zero: random.pick(['0.00', '', '-']),
    codeBase: random.pick([100, 110, 200]),
    codeStep: random.pick([10, 5]),
    software: random.pick(['CostTrak Estimating 8.2', 'BuildRate Estimator 2026', 'TakeoffPro 14.1']),
    title: random.pick(['ESTIMATE DETAIL REPORT', 'DETAILED COST ESTIMATE', 'ESTIMATE - DETAIL BY PHASE']),
    totalLabel: random.pick(['TOTAL ESTIMATE', 'ESTIMATE TOTAL', 'TOTAL BID PRICE']),
    dateStyle: random.pick<DateStyle>(['us', 'short', 'abbrev']),
  };
}

const LEFT = 32;
const RIGHT = 580;

interface Column {
  key: 'code' | 'description' | 'quantity' | 'unit' | 'labor' | 'material' | 'equipment' | 'total';
  x: number;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { key: 'code', x: LEFT, width: 44, align: 'left' },
  { key: 'description', x: 76, width: 212, align: 'left' },
  { key: 'quantity', x: 288, width: 40, align: 'right' },
  { key: 'unit', x: 328, width: 24, align: 'center' },
  { key: 'labor', x: 352, width: 56, align: 'right' },
  { key: 'material', x: 408, width: 56, align: 'right' },
  { key: 'equipment', x: 464, width: 48, align: 'right' },
  { key: 'total', x: 512, width: RIGHT - 512, align: 'right' },
];

const PAD = 2.5;

const cellX = (column: Column): number => (column.align === 'right' ? column.x + column.width - PAD : column.align === 'center' ? column.x + column.width / 2 : column.x + PAD);
const column = (key: Column['key']): Column => COLUMNS.find((candidate) => candidate.key === key)!;

/** The trade a phase heading names. */
const tradeOf = (heading: string): Trade => TRADES.find((trade) => heading.toUpperCase().endsWith(trade.name.toUpperCase()))!;

type Amounts = Record<'labor' | 'material' | 'equipment' | 'total', number>;

type Row =
  | { kind: 'heading'; text: string }
  | { kind: 'item'; item: LineItem; code: string }
  | { kind: 'total'; label: string; amounts: Amounts };

type Context = DrawingContext<Style>;

function drawColumnHeader(context: Context): void {
  const { sheet, style, fonts } = context;
  const header: TextStyle = { font: fonts.bold, size: style.size };
  const top = sheet.y;
  const texts: Record<Column['key'], string> = { ...style.headers, quantity: 'Qty.', unit: 'U/M' };
  sheet.rule(LEFT, RIGHT, top, 0.9);
  for (const entry of COLUMNS) sheet.text(texts[entry.key], cellX(entry), top + style.size + 3, header, entry.align);
  sheet.rule(LEFT, RIGHT, top + style.size + 6, 0.5);
  sheet.y = top + style.size + 9;
}

function drawAmounts(context: Context, amounts: Amounts, baseline: number, text: TextStyle): void {
  for (const key of ['labor', 'material', 'equipment', 'total'] as const) {
    const value = amounts[key] === 0 && key === 'equipment' ? context.style.zero : money(amounts[key]);
    context.sheet.text(value, cellX(column(key)), baseline, text, 'right');
  }
}

function rowLines(context: Context, row: Row): string[] {
  if (row.kind !== 'item') return [''];
  const description = column('description');
  return context.sheet.wrap(row.item.description, description.width - 2 * PAD, context.body);
}

function rowHeight(context: Context, row: Row): number {
  if (row.kind === 'heading') return context.lineHeight + 6;
  if (row.kind === 'total') return context.lineHeight + 7;
  return rowLines(context, row).length * context.lineHeight + 2.5;
}

function drawRow(context: Context, row: Row): void {
  const { sheet, body, bold, lineHeight } = context;
  const top = sheet.y;
  const baseline = top + lineHeight * 0.8;
  if (row.kind === 'heading') {
    sheet.text(row.text, LEFT + PAD, baseline + 4, bold);
  } else if (row.kind === 'total') {
    sheet.rule(column('labor').x + 4, RIGHT, top + 1, 0.4);
    sheet.text(row.label, cellX(column('description')), baseline + 3, bold);
    drawAmounts(context, row.amounts, baseline + 3, bold);
  } else {
    const { item } = row;
    sheet.text(row.code, cellX(column('code')), baseline, body);
    rowLines(context, row).forEach((line, index) => sheet.text(line, cellX(column('description')), baseline + index * lineHeight, body));
    sheet.text(quantityText(item.quantity, 2), cellX(column('quantity')), baseline, body, 'right');
    sheet.text(item.unit, cellX(column('unit')), baseline, body, 'center');
    drawAmounts(context, { labor: item.labor, material: item.material, equipment: item.equipment, total: item.total }, baseline, body);
  }
  sheet.y = top + rowHeight(context, row);
}

/** A running-total row between pages, boxed in a light band. */
function drawForward(context: Context, label: string, amounts: Amounts): void {
  const { sheet, bold, lineHeight } = context;
  const top = sheet.y + 1;
  sheet.box(LEFT, top, RIGHT - LEFT, lineHeight + 4, { fill: 0.9 });
  const baseline = top + lineHeight * 0.8 + 2;
  sheet.text(label, cellX(column('description')), baseline, { ...bold, font: context.fonts.italic });
  drawAmounts(context, amounts, baseline, bold);
  sheet.y = top + lineHeight + 7;
}

function tableRows(document: SorDocument, style: Style): Row[] {
  return document.sections.flatMap((section: Section): Row[] => {
    const trade = tradeOf(section.heading);
    const amounts = (field: keyof Amounts) => sectionTotal(section, field);
    return [
      { kind: 'heading', text: section.heading },
      ...section.items.map((item, index): Row => ({
        kind: 'item',
        item,
        code: `${trade.csiNumber}-${String(style.codeBase + index * style.codeStep).padStart(3, '0')}`,
      })),
      { kind: 'total', label: `Total ${trade.name}`, amounts: { labor: amounts('labor'), material: amounts('material'), equipment: amounts('equipment'), total: amounts('total') } },
    ];
  });
}

/** Lays the rows down the pages with carried-forward and brought-forward running totals at each break. */
function writeRows(context: Context, rows: Row[]): void {
  const { sheet, style } = context;
  const running: Amounts = { labor: 0, material: 0, equipment: 0, total: 0 };
  const reserve = context.lineHeight + 10;
  let heading: string | null = null;
  drawColumnHeader(context);
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    const needed = rowHeight(context, row) + (row.kind === 'heading' && next ? rowHeight(context, next) : 0);
    if (sheet.y + needed > sheet.bottom - reserve) {
      drawForward(context, style.carried(sheet.pages.length + 1), running);
      sheet.addPage();
      drawColumnHeader(context);
      drawForward(context, style.brought(sheet.pages.length - 1), running);
      if (row.kind !== 'heading' && heading) drawRow(context, { kind: 'heading', text: `${heading} (continued)` });
    }
    if (row.kind === 'heading') heading = row.text;
    drawRow(context, row);
    if (row.kind === 'item') {
      running.labor += row.item.labor;
      running.material += row.item.material;
      running.equipment += row.item.equipment;
      running.total += row.item.total;
    }
  });
}

function jobBlock(context: Context, document: SorDocument, estimateNo: string): void {
  const { sheet, style, fonts } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const label: TextStyle = { font: fonts.bold, size: style.size + 0.5 };
  const value: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const blocks: Array<[number, number, Pair[]]> = [
    [LEFT, 78, [['Owner / Client', parties.borrower], ...addressPairs('Project', parties.property), ['Lender', parties.lender], ['Loan No.', parties.loanNumber]]],
    [318, 74, [['Contractor', contractor.name], ['License', contractor.license], ['Phone', contractor.phone], ['Estimate No.', estimateNo], ['Estimate Date', formatDate(parties.reportDate, style.dateStyle)]]],
  ];
  const top = sheet.y;
  const leading = style.size + 4;
  labelValueColumns(sheet, blocks, top + style.size, leading, label, value);
  sheet.y = top + 5 * leading + 8;
}

function recapBlock(context: Context, document: SorDocument): void {
  const { sheet, style, fonts } = context;
  const { recap } = document;
  const all = document.sections.flatMap((section) => section.items);
  const summed = (field: 'labor' | 'material' | 'equipment') => all.reduce((sum, item) => sum + item[field], 0);
  const regular: TextStyle = { font: fonts.regular, size: style.size + 0.5 };
  const bold: TextStyle = { font: fonts.bold, size: style.size + 0.5 };
  const rows: RecapRow[] = [
    { label: 'Labor', amount: money(summed('labor')) },
    { label: 'Material', amount: money(summed('material')) },
    { label: 'Equipment', amount: money(summed('equipment')) },
    { label: 'Direct Cost Subtotal', amount: money(recap.subtotal, { dollar: true }), bold: true, rule: true },
    ...(recap.generalConditions ? [{ label: 'General Conditions', rate: percentText(recap.generalConditions.rate), amount: money(recap.generalConditions.amount) }] : []),
    ...(recap.profit
      ? [{ label: 'Overhead', rate: percentText(recap.overhead!.rate), amount: money(recap.overhead!.amount) }, { label: 'Profit', rate: percentText(recap.profit.rate), amount: money(recap.profit.amount) }]
      : [{ label: 'Overhead & Profit', rate: percentText(recap.overhead!.rate), amount: money(recap.overhead!.amount) }]),
    ...recapLineRows(recap.before, money),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  const after = recapLineRows(recap.after, money);
  const leading = style.size + 5;
  sheet.ensure((rows.length + after.length) * leading + 40);
  sheet.y += 12;
  sheet.text('ESTIMATE RECAP', 300, sheet.y + style.size + 1, { font: fonts.bold, size: style.size + 1.5 });
  sheet.y += leading + 4;
  const layout: RecapLayout = { labelX: 300, rateX: 470, amountRight: RIGHT - PAD, ruleTo: RIGHT, leading, regular, bold };
  recapRows(sheet, rows, layout);
  sheet.y += 6;
  recapRows(sheet, after, layout);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g22-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const estimateNo = `${random.int(24, 26)}-${String(random.int(10, 980)).padStart(4, '0')}`;
  const printedAt = `${formatDate(parties.reportDate, 'us')} ${random.int(7, 11)}:${String(random.int(0, 59)).padStart(2, '0')} AM`;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 60, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${estimateNo}`, producer: style.software, date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const context: Context = { sheet, style, fonts, body: { font: fonts.regular, size: style.size }, bold: { font: fonts.bold, size: style.size }, lineHeight: style.size + 2 };
  const small: TextStyle = { font: fonts.regular, size: style.size - 0.5, gray: 0.2 };
  sheet.onPageStart = (current) => {
    current.text(contractor.name, LEFT, 30, { font: fonts.bold, size: style.size + 3 });
    current.text(style.title, 306, 30, { font: fonts.bold, size: style.size + 2 }, 'center');
    current.text(`Estimate ${estimateNo}  -  ${streetLine(parties.property)}, ${cityLine(parties.property)}`, LEFT, 42, small);
    current.rule(LEFT, RIGHT, 47, 1);
  };
  sheet.addPage();
  jobBlock(context, document, estimateNo);
  writeRows(context, tableRows(document, style));
  recapBlock(context, document);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 30, small, 'right');
    sheet.rule(LEFT, RIGHT, 754, 0.4, 0.3);
    sheet.text(`Printed ${printedAt}   ${style.software}`, LEFT, 764, small);
    sheet.text(`${contractor.name}  ·  ${contractor.phone}`, RIGHT, 764, small, 'right');
  });
  return sheet.save();
}

function taxLine(random: Random, sections: Section[]): RecapLine[] {
  const rate = random.pick([6, 6.25, 7, 7.25, 8.25]);
  const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  return [{ label: `Sales Tax on Materials (${rate}%)`, amount: Math.round((material * rate) / 100) }];
}

function bondLine(random: Random, grandTotal: number): RecapLine[] {
  if (!random.chance(0.5)) return [];
  const rate = random.pick([1, 1.5, 2]);
  return [{ label: `Performance bond, if required (${percentText(rate)}, not included)`, amount: Math.round((grandTotal * rate) / 100) }];
}

const HEADINGS: Array<(ordinal: number, trade: Trade) => string> = [
  (ordinal, trade) => `PHASE ${String(ordinal).padStart(2, '0')} - ${trade.name.toUpperCase()}`,
  (_ordinal, trade) => `${trade.csiNumber}-000 ${trade.name}`,
  (ordinal, trade) => `Phase ${ordinal}: ${trade.name}`,
];

export const g22: SorFamily = {
  id: 'g22',
  name: 'estimating-program detail report with cost codes and carried-forward totals',
  heldOut: false,
  items: [30, 72],
  dateStyle: 'us',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    const split = random.chance(0.5);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => heading(ordinal, trade!),
      verbosity: 0.35,
      equipmentAndTax: { taxRate: 0 },
      credits: 0.2,
      recap: {
        generalConditions: random.chance(0.6) ? [4, 5, 6, 8] : null,
        overheadAndProfit: split ? [6, 8, 10] : [10, 12, 15],
        split,
        before: taxLine,
        after: bondLine,
      },
    };
  },
  render,
};
