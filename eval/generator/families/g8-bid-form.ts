import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { oneLine, printedFields, sectionRows } from './parts.js';

/**
 * g8 (held out): a pre-printed bid form on legal paper filled in by typewriter: boxed fields with
 * small Helvetica labels and Courier values, then a ruled grid Line | Scope of Work | QTY/UOM |
 * Mat'l | Labor | Ext. Price with quantity and unit in one cell, trade names in capitals as
 * headings, a subtotal per trade, and boxed totals with sales tax before the grand total.
 */

const COLUMNS: Column[] = [
  { key: 'line', header: ['Line'], x: 36, width: 28, align: 'center' },
  { key: 'description', header: ['Scope of Work'], x: 64, width: 266, align: 'left' },
  { key: 'quantity', header: ['QTY/UOM'], x: 330, width: 58, align: 'right' },
  { key: 'material', header: ["Mat'l"], x: 388, width: 60, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 448, width: 60, align: 'right' },
  { key: 'total', header: ['Ext. Price'], x: 508, width: 68, align: 'right' },
];

interface FormFonts {
  label: TextStyle;
  value: TextStyle;
  title: TextStyle;
}

function field(sheet: Sheet, x: number, y: number, width: number, label: string, value: string, fonts: FormFonts): void {
  sheet.box(x, y, width, 24, { stroke: 0, thickness: 0.6 });
  sheet.text(label.toUpperCase(), x + 2.5, y + 7, fonts.label);
  sheet.text(value, x + 5, y + 19, fonts.value);
}

function formHead(sheet: Sheet, document: SorDocument, fonts: FormFonts): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text('Form R-12 (rev. 03/2024)', 576, 30, fonts.label, 'right');
  sheet.box(36, 36, 540, 22, { fill: 0.88, stroke: 0, thickness: 0.8 });
  sheet.text('CONTRACTOR BID FORM  -  FHA 203(k) REHABILITATION', 306, 51, fonts.title, 'center');
  field(sheet, 36, 64, 250, "Borrower's Name", parties.borrower, fonts);
  field(sheet, 286, 64, 290, 'Property Address', oneLine(parties.property), fonts);
  field(sheet, 36, 88, 210, 'Lender', parties.lender, fonts);
  field(sheet, 246, 88, 200, '203(k) Consultant', parties.consultant, fonts);
  field(sheet, 446, 88, 130, 'Date of Inspection', formatDate(parties.inspectionDate, 'short'), fonts);
  field(sheet, 36, 112, 250, 'Contractor (Company Name)', contractor.name, fonts);
  field(sheet, 286, 112, 150, 'License No.', contractor.license, fonts);
  field(sheet, 436, 112, 140, 'Telephone', contractor.phone, fonts);
  sheet.text('Enter a price for every line. Ext. Price = Mat\'l + Labor. Attach additional sheets if needed.', 36, 148, { ...fonts.label, size: 7 });
  sheet.y = 156;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 1008], margins: { top: 40, bottom: 60, left: 36, right: 36 }, title: 'Contractor Bid Form', producer: 'Adobe Acrobat', date: parties.reportDate });
  const helvetica = await sheet.fonts('Helvetica');
  const courier = await sheet.fonts('Courier');
  const fonts: FormFonts = { label: { font: helvetica.regular, size: 5.5 }, value: { font: courier.regular, size: 9.5 }, title: { font: helvetica.bold, size: 11 } };
  const value: TextStyle = { font: courier.regular, size: 9 };
  sheet.addPage();
  formHead(sheet, document, fonts);

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: value,
    bold: { font: courier.bold, size: 9 },
    header: { font: helvetica.bold, size: 7.5 },
    lineHeight: 10.5,
    rowGap: 5,
    padding: 3,
    headerBand: 0.88,
    grid: true,
    heading: {
      height: 15,
      draw: (target, text, top) => {
        target.box(36, top, 540, 15, { stroke: 0, thickness: 0.4 });
        target.text(text, 67, top + 11, { font: helvetica.bold, size: 8 });
      },
    },
  };
  let line = 0;
  const rows = sectionRows(
    document.sections,
    (section) =>
      section.items.map((item) => ({
        kind: 'item' as const,
        cells: {
          line: String(++line),
          description: item.description,
          quantity: `${quantityText(item.quantity)} ${item.unit}`,
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
        },
      })),
    (section) => [{ kind: 'total' as const, label: 'Subtotal', labelKey: 'labor', cells: { total: money(sectionTotal(section)) } }],
  );
  writeTable(sheet, spec, rows);

  const totals: Array<[string, number, boolean]> = [
    ['Subtotal (all trades)', recap.subtotal, false],
    ['General Conditions', recap.generalConditions!.amount, false],
    ['Overhead & Profit', recap.overhead!.amount, false],
    ...recap.before.map((entry): [string, number, boolean] => [entry.label, entry.amount, false]),
    ['GRAND TOTAL', recap.grandTotal, true],
  ];
  sheet.ensure(totals.length * 18 + 70);
  sheet.y += 12;
  for (const [label, amount, strong] of totals) {
    sheet.box(330, sheet.y, 178, 18, { fill: strong ? 0.85 : undefined, stroke: 0, thickness: 0.6 });
    sheet.box(508, sheet.y, 68, 18, { stroke: 0, thickness: 0.6 });
    sheet.text(label, 334, sheet.y + 12.5, { font: strong ? helvetica.bold : helvetica.regular, size: 8 });
    sheet.text(money(amount, { dollar: strong }), 573, sheet.y + 12.5, strong ? { font: courier.bold, size: 9.5 } : value, 'right');
    sheet.y += 18;
  }
  sheet.y += 16;
  field(sheet, 36, sheet.y, 300, 'Contractor Signature', '', fonts);
  field(sheet, 336, sheet.y, 120, 'Date', formatDate(parties.reportDate, 'short'), fonts);

  sheet.decorate((index, count) => sheet.text(`Sheet ${index + 1} of ${count}`, 306, 980, { font: helvetica.regular, size: 7 }, 'center'));
  return sheet.save();
}

export const g8: SorFamily = {
  id: 'g8',
  name: 'typed bid form',
  heldOut: false,
  items: [5, 28],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const taxRate = random.pick([6, 6.5, 7.25, 8]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => trade!.name.toUpperCase(),
      verbosity: 0.3,
      recap: {
        generalConditions: [4, 5, 6],
        overheadAndProfit: [10, 15],
        before: (_random, sections) => {
          const materials = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
          return [{ label: `Sales Tax on Materials (${taxRate}%)`, amount: Math.round((materials * taxRate) / 100) }];
        },
      },
    };
  },
  render,
};
