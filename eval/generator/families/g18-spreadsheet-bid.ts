import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { TRADES, type Trade } from '../work-items.js';
import { cityLine, labelValueRows, oneLine, printedFields, streetLine, type Pair } from './parts.js';

/**
 * g18 (held out): a contractor's bid exported from a spreadsheet, landscape, in a full cell grid.
 * The columns come in one of two unusual orders: Description … Line Total | Item # (the cost code
 * last) or Amount | Item # | Description … (the line amount first). A two-line header puts merged
 * "Material" and "Labor" group headings over Unit / Total sub-columns. Amounts in accounting format:
 * thousands separators, "-" for zero, credits (owner-furnished material, owner-performed work,
 * salvage) in parentheses inside their trade. Trades as shaded merged rows with a subtotal row each;
 * the recap is rows of the same grid: subtotal, sometimes general conditions, overhead and profit on
 * one or two lines, permit fees, the grand total, then a contingency reserve after it.
 */

type Order = 'code-last' | 'amount-first';

interface Style {
  order: Order;
  descriptionHeader: string;
  totalHeader: string;
  codeHeader: string;
  rateHeader: string;
  extendedHeader: string;
  dateStyle: DateStyle;
  band: number;
  producer: string;
}

function chooseStyle(random: Random): Style {
  return {
    order: random.pick<Order>(['code-last', 'amount-first']),
    descriptionHeader: random.pick(['Description', 'Scope of Work', 'Description of Work']),
    totalHeader: random.pick(['Line Total', 'Amount', 'Total Cost']),
    codeHeader: random.pick(['Item #', 'Cost Code', 'Item No.']),
    rateHeader: random.pick(['Unit', 'Unit Cost', 'Rate']),
    extendedHeader: random.pick(['Total', 'Extended', 'Ext.']),
    dateStyle: random.pick<DateStyle>(['iso', 'us', 'short']),
    band: random.pick([0.82, 0.75, 0.88]),
    producer: random.pick(['Microsoft Excel', 'Microsoft Excel', 'Google Sheets', 'LibreOffice Calc']),
  };
}

const LEFT = 28;
const RIGHT = 764;

/** Column keys and widths in print order; x follows from the widths. */
const ORDERS: Record<Order, Array<[key: string, width: number]>> = {
  'code-last': [
    ['description', 300], ['quantity', 42], ['unit', 30], ['materialRate', 56], ['material', 66], ['laborRate', 56], ['labor', 66], ['total', 72], ['code', 48],
  ],
  'amount-first': [
    ['total', 72], ['code', 48], ['description', 280], ['quantity', 42], ['unit', 30], ['materialRate', 60], ['material', 72], ['laborRate', 60], ['labor', 72],
  ],
};

function columns(style: Style): Column[] {
  const headers: Record<string, string> = {
    description: style.descriptionHeader,
    quantity: 'Qty',
    unit: 'Unit',
    materialRate: style.rateHeader,
    material: style.extendedHeader,
    laborRate: style.rateHeader,
    labor: style.extendedHeader,
    total: style.totalHeader,
    code: style.codeHeader,
  };
  let x = LEFT;
  return ORDERS[style.order].map(([key, width]) => {
    const column: Column = { key, header: [headers[key]], x, width, align: key === 'description' ? 'left' : key === 'unit' || key === 'code' ? 'center' : 'right' };
    x += width;
    return column;
  });
}

/** Accounting format: separators, "-" for zero, credits in parentheses. */
const amount = (cents: number): string => (cents === 0 ? '-' : money(cents, { parentheses: true }));

/** The trade a heading names ("PLUMBING", "2200 - Plumbing"). */
const tradeOf = (heading: string): Trade => TRADES.find((trade) => heading.toUpperCase().endsWith(trade.name.toUpperCase()))!;

function itemCells(item: LineItem, code: string): Record<string, string> {
  return {
    description: item.description,
    quantity: quantityText(item.quantity),
    unit: item.unit,
    materialRate: amount(item.materialRate),
    material: amount(item.material),
    laborRate: amount(item.laborRate),
    labor: amount(item.labor),
    total: amount(item.total),
    code,
  };
}

function sectionRows(section: Section): TableRow[] {
  const trade = tradeOf(section.heading);
  return [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({ kind: 'item', cells: itemCells(item, `${trade.csiNumber}-${String((index + 1) * 10).padStart(3, '0')}`) })),
    {
      kind: 'total',
      label: `Subtotal - ${trade.name}`,
      labelKey: 'description',
      cells: { material: amount(sectionTotal(section, 'material')), labor: amount(sectionTotal(section, 'labor')), total: amount(sectionTotal(section)) },
    },
  ];
}

function recapTableRows(document: SorDocument): TableRow[] {
  const { recap } = document;
  // Each recap row keeps with the next, so no row of it is left alone on a page.
  const row = (label: string, cents: number, rate?: number): TableRow => ({
    kind: 'total',
    label,
    labelKey: 'description',
    cells: { total: amount(cents), ...(rate === undefined ? {} : { quantity: percentText(rate) }) },
    keepWithNext: true,
  });
  const overhead: TableRow[] = recap.profit
    ? [row('Overhead', recap.overhead!.amount, recap.overhead!.rate), row('Profit', recap.profit.amount, recap.profit.rate)]
    : [row('Overhead & Profit', recap.overhead!.amount, recap.overhead!.rate)];
  return [
    { kind: 'space', height: 8 },
    row('SUBTOTAL', recap.subtotal),
    ...(recap.generalConditions ? [row('General Conditions', recap.generalConditions.amount, recap.generalConditions.rate)] : []),
    ...overhead,
    ...recap.before.map((line) => row(line.label, line.amount)),
    { kind: 'total', label: 'GRAND TOTAL', labelKey: 'description', cells: { total: money(recap.grandTotal, { dollar: true }) }, rule: true, keepWithNext: true },
    ...recap.after.map((line) => row(line.label, line.amount)),
  ];
}

function header(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 48, { ...bold, size: 13 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 60, regular);
  sheet.text(`Phone ${contractor.phone}   |   License # ${contractor.license}   |   ${contractor.email}`, LEFT, 70, regular);
  sheet.text('BID PROPOSAL', RIGHT, 48, { ...bold, size: 14 }, 'right');
  sheet.text('FHA 203(k) Rehabilitation', RIGHT, 60, regular, 'right');
  const fields: Pair[][] = [
    [['Owner:', parties.borrower], ['Bid Date:', formatDate(parties.reportDate, style.dateStyle)]],
    [['Project Address:', oneLine(parties.property)], ['Bid #:', parties.fileNumber]],
    [['Lender:', parties.lender], ['Valid For:', '30 days']],
  ];
  labelValueRows(sheet, fields, [[LEFT, 72], [560, 50]], 90, 11, bold, regular);
  sheet.y = 90 + fields.length * 11 + 6;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties } = document;
  const style = chooseStyle(new Random(document.seed).child('render'));
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: `Bid ${parties.fileNumber}`, producer: style.producer, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  sheet.addPage();
  header(sheet, document, style, regular, bold);
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.contractor!.name}  -  Bid ${parties.fileNumber}  -  ${streetLine(parties.property)}`, LEFT, 28, { ...regular, size: 7, gray: 0.3 });
  };

  const spec: TableSpec = {
    columns: columns(style),
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 9.2,
    rowGap: 3,
    padding: 3,
    headerBand: style.band,
    grid: true,
    mergedHeadings: true,
    groups: [
      { text: 'Material', from: 'materialRate', to: 'material' },
      { text: 'Labor', from: 'laborRate', to: 'labor' },
    ],
    heading: {
      height: 12,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 12, { fill: 0.92 });
        target.text(text, LEFT + 3, top + 8.8, bold);
      },
    },
  };
  writeTable(sheet, spec, [...document.sections.flatMap(sectionRows), ...recapTableRows(document)]);

  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.25 };
    sheet.text(`Bid_${parties.fileNumber}.xlsx - Estimate`, LEFT, 590, small);
    sheet.text(`Page ${index + 1} of ${count}`, 396, 590, small, 'center');
  });
  return sheet.save();
}

function recapAfter(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  const reserve = Math.round((grandTotal * rate) / 100);
  const lines = [{ label: `Contingency Reserve (${rate}%)`, amount: reserve }];
  return random.chance(0.6) ? [...lines, { label: 'Total incl. Contingency', amount: grandTotal + reserve }] : lines;
}

export const g18: SorFamily = {
  id: 'g18',
  name: 'spreadsheet bid with grouped material and labor columns',
  heldOut: false,
  items: [12, 45],
  dateStyle: 'iso',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const coded = random.chance(0.5);
    const split = random.chance(0.4);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => (coded ? `${trade!.csiNumber}00 - ${trade!.name}` : trade!.name.toUpperCase()),
      verbosity: 0.25,
      credits: 0.3,
      recap: {
        generalConditions: random.chance(0.5) ? [5, 6, 8] : null,
        overheadAndProfit: split ? [6, 8, 10] : [10, 12, 15],
        split,
        before: (feeRandom) => [
          { label: feeRandom.pick(['Permit Fees', 'Building Permit & Inspection Fees', 'Permits']), amount: feeRandom.int(6, 40) * 2500 },
          ...(feeRandom.chance(0.35) ? [{ label: 'Plan Review Fee', amount: feeRandom.int(3, 10) * 2500 }] : []),
        ],
        after: recapAfter,
      },
    };
  },
  render,
};
