import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { oneLine, printedFields } from './parts.js';

/**
 * g5 (held out): a landscape spreadsheet printout with a full cell grid. A grid of labelled cells,
 * then a project summary (one row per section, the markups and the grand total) before the detail;
 * the detail has numbered sections as shaded rows, items 3.01, 3.02…, a unit-cost column and
 * section subtotal rows.
 */

const COLUMNS: Column[] = [
  { key: 'number', header: ['Item'], x: 30, width: 40, align: 'left' },
  { key: 'description', header: ['Description of Work'], x: 70, width: 300, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 370, width: 46, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 416, width: 34, align: 'center' },
  { key: 'unitCost', header: ['Unit Cost'], x: 450, width: 64, align: 'right' },
  { key: 'material', header: ['Material'], x: 514, width: 76, align: 'right' },
  { key: 'labor', header: ['Labour'], x: 590, width: 76, align: 'right' },
  { key: 'total', header: ['Total'], x: 666, width: 96, align: 'right' },
];

function cell(sheet: Sheet, x: number, y: number, width: number, height: number, text: string, style: TextStyle, options: { fill?: number; align?: 'left' | 'right' } = {}): void {
  sheet.box(x, y, width, height, { fill: options.fill, stroke: 0, thickness: 0.4 });
  if (options.align === 'right') sheet.text(text, x + width - 3, y + height - 4, style, 'right');
  else sheet.text(text, x + 3, y + height - 4, style);
}

function infoGrid(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const rows: Array<[string, string, string, string]> = [
    ['Borrower', parties.borrower, 'FHA Case #', parties.fhaCaseNumber],
    ['Property Address', oneLine(parties.property), 'Inspection Date', formatDate(parties.inspectionDate, 'abbrev')],
    ['Lender', parties.lender, 'Consultant', `${parties.consultant} (${parties.consultantCompany})`],
    ['Contractor', contractor ? contractor.name : 'Not yet selected', 'Contractor Phone', contractor ? contractor.phone : 'n/a'],
  ];
  rows.forEach(([label1, value1, label2, value2], index) => {
    const y = 62 + index * 13;
    cell(sheet, 30, y, 90, 13, label1, bold, { fill: 0.9 });
    cell(sheet, 120, y, 300, 13, value1, regular);
    cell(sheet, 420, y, 90, 13, label2, bold, { fill: 0.9 });
    cell(sheet, 510, y, 252, 13, value2, regular);
  });
  sheet.y = 62 + rows.length * 13 + 12;
}

function summary(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { recap } = document;
  const row = (label: string, rate: string, amount: string, style: TextStyle, fill?: number) => {
    cell(sheet, 30, sheet.y, 300, 12, label, style, { fill });
    cell(sheet, 330, sheet.y, 50, 12, rate, style, { fill, align: 'right' });
    cell(sheet, 380, sheet.y, 100, 12, amount, style, { fill, align: 'right' });
    sheet.y += 12;
  };
  row('PROJECT SUMMARY', '', '', bold, 0.8);
  for (const section of document.sections) row(section.heading, '', money(sectionTotal(section)), regular);
  row('Subtotal', '', money(recap.subtotal), bold, 0.93);
  row('General Conditions', percentText(recap.generalConditions!.rate), money(recap.generalConditions!.amount), regular);
  row('Overhead & Profit', percentText(recap.overhead!.rate), money(recap.overhead!.amount), regular);
  row('GRAND TOTAL', '', money(recap.grandTotal, { dollar: true }), bold, 0.8);
  sheet.y += 14;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: 30, right: 30 }, title: 'Cost Estimate', producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.addPage();
  cell(sheet, 30, 36, 732, 18, 'SPECIFICATION OF REPAIRS - COST ESTIMATE', { font: fonts.bold, size: 11 }, { fill: 0.75 });
  infoGrid(sheet, document, regular, bold);
  summary(sheet, document, regular, bold);

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 9.6,
    rowGap: 3,
    padding: 3,
    headerBand: 0.8,
    grid: true,
    heading: {
      height: 13,
      draw: (target, text, top) => {
        target.box(30, top, 732, 13, { fill: 0.88, stroke: 0, thickness: 0.4 });
        const [number, ...name] = text.split(' ');
        target.text(number, 33, top + 9.5, bold);
        target.text(name.join(' '), 73, top + 9.5, bold);
      },
    },
    continued: (text) => `${text} (cont'd)`,
  };
  const rows = document.sections.flatMap((section, sectionIndex) => [
    { kind: 'heading' as const, text: section.heading },
    ...section.items.map((item, index) => ({
      kind: 'item' as const,
      cells: {
        number: `${sectionIndex + 1}.${String(index + 1).padStart(2, '0')}`,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        unitCost: money(item.materialRate + item.laborRate),
        material: money(item.material),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
    {
      kind: 'total' as const,
      label: `Section ${sectionIndex + 1} Subtotal`,
      labelKey: 'description',
      cells: { material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), total: money(sectionTotal(section)) },
    },
  ]);
  writeTable(sheet, spec, rows);

  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.regular, size: 7 };
    sheet.text(`SOR_${parties.fileNumber}.xlsx`, 30, 590, small);
    sheet.text(`Page ${index + 1} of ${count}`, 396, 590, small, 'center');
    sheet.text(formatDate(parties.reportDate, 'abbrev'), 762, 590, small, 'right');
  });
  return sheet.save();
}

export const g5: SorFamily = {
  id: 'g5',
  name: 'landscape spreadsheet, summary first',
  heldOut: false,
  items: [15, 50],
  dateStyle: 'abbrev',
  printed: printedFields({ contractor: { name: true, license: false, phone: true } }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ ordinal, trade }) => `${ordinal} ${trade!.name.toUpperCase()}`,
    verbosity: 0.3,
    recap: { generalConditions: [5, 6, 8, 10], overheadAndProfit: [10, 12.5, 15], overheadOnGeneralConditions: true },
  }),
  render,
};
