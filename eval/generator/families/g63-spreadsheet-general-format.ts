import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow, type TableSpec } from '../table.js';
import { columnsAcross, oneLine, permitFee, pickEach, printedFields, type ColumnCell } from './parts.js';

/**
 * g63: an owner's rehab budget kept in a spreadsheet and printed as it stands, portrait, in Helvetica 7.5 (the
 * spreadsheet's Arial). The title and the job facts are cells of a small grid of their own above the table.
 * The table has a full cell grid, shaded alternate rows and a frozen two-line header repeated on every page
 * whose second line holds the units ("($)", "($/unit)"): Line | Description | Unit | Qty | Material | Labor |
 * Total | Unit Cost, the unit before the quantity and the unit cost (material and labor per unit) last. The
 * material, labor, quantity and unit-cost cells are in the spreadsheet's General format: no thousands
 * separators and no trailing zeros ("1250.5", "980"); only the Total column is formatted "1,250.50". Trades
 * are shaded merged rows in capitals with a subtotal row each; the recap rows are rows of the same grid:
 * subtotal, general conditions sometimes, overhead and profit, a permit sometimes and TOTAL BUDGET. The
 * print footer has the file name, the sheet's tab and the page number.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['REHAB BUDGET', 'RENOVATION BUDGET', 'PROJECT BUDGET'],
    tab: ['Budget', 'Sheet1', 'Scope & Budget'],
    totalLabel: ['TOTAL BUDGET', 'TOTAL PROJECT COST', 'GRAND TOTAL'],
    overheadLabel: ['Contractor OH&P', 'Overhead & profit', 'OH & P'],
    zebra: [0.93, 0.95],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;

const CELLS: ColumnCell[] = [
  ['number', ['Line', '#'], 28, 'center'],
  ['description', ['Description', ''], 'rest', 'left'],
  ['unit', ['Unit', ''], 30, 'center'],
  ['quantity', ['Qty', '(#)'], 38, 'right'],
  ['material', ['Material', '($)'], 56, 'right'],
  ['labor', ['Labor', '($)'], 56, 'right'],
  ['total', ['Total', '($)'], 64, 'right'],
  ['unitCost', ['Unit Cost', '($/unit)'], 56, 'right'],
];

/** The columns after the description, laid from the right edge so the description takes what is left. */
function columns(): ReturnType<typeof columnsAcross> {
  const fixed = CELLS.filter(([, , width]) => width !== 'rest').reduce((sum, [, , width]) => sum + (width as number), 0);
  const cells = CELLS.map(([key, header, width, align]): ColumnCell => [key, header, width === 'rest' ? RIGHT - LEFT - fixed : width, align]);
  return columnsAcross(LEFT, RIGHT, cells);
}

/** A number in a spreadsheet's General format: no separators, no trailing zeros ("1250.5", "980", "12.25"). */
function generalNumber(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const rest = absolute % 100;
  if (rest === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${rest % 10 === 0 ? rest / 10 : String(rest).padStart(2, '0')}`;
}

const quantityCell = (quantity: number): string => generalNumber(Math.round(quantity * 100));

function titleCells(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(style.title, LEFT + 3, 50, { ...bold, size: 13 });
  const rows: Array<[string, string, string, string]> = [
    ['Owner', parties.borrower, 'Prepared', formatDate(parties.reportDate, 'short')],
    ['Property', oneLine(parties.property), 'Lender', parties.lender],
    ['Contractor', contractor ? contractor.name : 'TBD', 'Phone', contractor ? contractor.phone : ''],
  ];
  const edges = [LEFT, LEFT + 64, 360, 420, RIGHT];
  const top = 60;
  rows.forEach((cells, index) => {
    const y = top + index * 13;
    sheet.box(edges[0], y, edges[1] - edges[0], 13, { fill: 0.9 });
    sheet.box(edges[2], y, edges[3] - edges[2], 13, { fill: 0.9 });
    cells.forEach((text, column) => sheet.text(text, edges[column] + 3, y + 9.3, column % 2 === 0 ? bold : regular));
    sheet.rule(LEFT, RIGHT, y, 0.4);
  });
  sheet.rule(LEFT, RIGHT, top + rows.length * 13, 0.4);
  for (const x of edges) sheet.vrule(x, top, top + rows.length * 13, 0.4);
  sheet.y = top + rows.length * 13 + 12;
}

const itemCells = (item: LineItem, number: number): Record<string, string> => ({
  number: String(number),
  description: item.description,
  unit: item.unit,
  quantity: quantityCell(item.quantity),
  material: generalNumber(item.material),
  labor: generalNumber(item.labor),
  total: money(item.total),
  unitCost: generalNumber(item.materialRate + item.laborRate),
});

function tableRows(document: SorDocument, style: Style): TableRow[] {
  const { recap } = document;
  let number = 0;
  const total = (label: string, cents: number): TableRow => ({ kind: 'total', label, labelKey: 'description', cells: { total: money(cents) } });
  const rows = document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return { kind: 'item', cells: itemCells(item, number) };
    }),
    {
      kind: 'total',
      label: `Subtotal ${section.heading}`,
      labelKey: 'description',
      cells: { material: generalNumber(sectionTotal(section, 'material')), labor: generalNumber(sectionTotal(section, 'labor')), total: money(sectionTotal(section)) },
    },
  ]);
  rows.push({ kind: 'space', height: 8 }, total('SUBTOTAL', recap.subtotal));
  if (recap.generalConditions) rows.push(total(`General conditions ${percentText(recap.generalConditions.rate)}`, recap.generalConditions.amount));
  if (recap.overhead) rows.push(total(`${style.overheadLabel} ${percentText(recap.overhead.rate)}`, recap.overhead.amount));
  for (const line of recap.before) rows.push(total(line.label, line.amount));
  rows.push(total(style.totalLabel, recap.grandTotal));
  return rows;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g63-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const file = `${parties.property.street.replace(/[^A-Za-z0-9 ]/g, '')} ${style.title.toLowerCase()}.xlsx`;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 44, left: LEFT, right: 612 - RIGHT }, title: file, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  sheet.addPage();
  titleCells(sheet, document, style, regular, bold);
  const spec: TableSpec = {
    columns: columns(),
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 9.4,
    rowGap: 3,
    padding: 2.5,
    headerBand: 0.82,
    grid: true,
    mergedHeadings: true,
    zebra: style.zebra,
    heading: {
      height: 12,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 12, { fill: 0.78 });
        target.text(text, LEFT + 3, top + 8.8, bold);
      },
    },
  };
  writeTable(sheet, spec, tableRows(document, style));
  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.2 };
    sheet.text(file, LEFT, 770, small);
    sheet.text(style.tab, (LEFT + RIGHT) / 2, 770, small, 'center');
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, small, 'right');
  });
  return sheet.save();
}

export const g63: SorFamily = {
  id: 'g63',
  name: "owner's rehab budget printed from a spreadsheet: cell grid, shaded alternate rows, a two-line header with the units under the names, the unit cost last, General-format numbers (\"1250.5\")",
  heldOut: false,
  items: [10, 46],
  dateStyle: 'short',
  printed: printedFields({ consultant: false, inspectionDate: false, contractor: { name: true, license: false, phone: true } }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.2,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
      overheadAndProfit: [10, 12, 15, 18],
      before: (inner) => permitFee(inner, 0.5, ['Permits', 'Building permit', 'Permit allowance'], 1000),
    },
  }),
  render,
};
