import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import type { SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { addressPairs, contractorPairs, labelValues, oneLine, printedFields, recapRows, sectionRows } from './parts.js';

/**
 * g2: a consultant's unit-rate write-up. Centred letterhead, label/value block with a boxed file
 * panel at the right, then Description | Qty | Unit | Material Unit Price | Labor Unit Price | Total
 * under a two-line header: only unit rates are printed per line, the line total is extended.
 * "Section 3 – Roofing" headings, no section subtotals, the recap at the right under the table.
 */

const COLUMNS: Column[] = [
  { key: 'description', header: ['Description of Work'], x: 40, width: 262, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 302, width: 38, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 340, width: 32, align: 'center' },
  { key: 'materialRate', header: ['Material', 'Unit Price'], x: 372, width: 62, align: 'right' },
  { key: 'laborRate', header: ['Labor', 'Unit Price'], x: 434, width: 62, align: 'right' },
  { key: 'total', header: ['Total'], x: 496, width: 76, align: 'right' },
];

function heading(sheet: Sheet, document: SorDocument, fonts: { regular: TextStyle; bold: TextStyle; title: TextStyle; label: TextStyle }): void {
  const { parties } = document;
  sheet.text(parties.consultantCompany.toUpperCase(), 306, 46, { ...fonts.title, size: 12 }, 'center');
  sheet.text(`${oneLine(parties.consultantAddress)}  ·  ${parties.consultantPhone}`, 306, 58, fonts.regular, 'center');
  sheet.rule(40, 572, 66, 1.2);
  sheet.text('WORK WRITE-UP AND COST ESTIMATE', 306, 84, fonts.title, 'center');
  sheet.text('FHA 203(k) Rehabilitation Program', 306, 96, fonts.regular, 'center');
  sheet.y = 110;
  labelValues(
    sheet,
    [
      ['Borrower:', parties.borrower],
      ...addressPairs('Property Address:', parties.property),
      ['Lender:', parties.lender],
      ...contractorPairs(parties.contractor, ['Contractor:', 'Contractor License:', 'Contractor Phone:'], 'To be selected by borrower'),
    ],
    40,
    82,
    fonts.label,
    fonts.regular,
    11,
  );
  sheet.box(392, 108, 180, 64, { stroke: 0.3, thickness: 0.6 });
  sheet.y = 113;
  labelValues(
    sheet,
    [
      ['File No.', parties.fileNumber],
      ['FHA Case No.', parties.fhaCaseNumber],
      ['Inspection Date', formatDate(parties.inspectionDate, 'long')],
      ['Consultant', parties.consultant],
      ['Consultant ID', parties.consultantId],
    ],
    398,
    66,
    fonts.label,
    fonts.regular,
    11.5,
  );
  sheet.y = 196;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 52, bottom: 54, left: 40, right: 40 }, title: 'Work Write-Up', producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.addPage();
  heading(sheet, document, { regular, bold, title: { font: fonts.bold, size: 11 }, label: { font: fonts.bold, size: 8.5 } });

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: { font: fonts.bold, size: 8 },
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    headerRules: 'above-below',
    heading: {
      height: 18,
      draw: (target, text, top) => {
        target.text(text, 40, top + 13, { font: fonts.bold, size: 9.5 });
        target.rule(40, 40 + target.textWidth(text, { font: fonts.bold, size: 9.5 }), top + 15, 0.5);
      },
    },
  };
  const rows = sectionRows(document.sections, (section) =>
    section.items.map((item) => ({
      kind: 'item' as const,
      cells: {
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        materialRate: money(item.materialRate),
        laborRate: money(item.laborRate),
        total: money(item.total),
      },
    })),
  );
  writeTable(sheet, spec, rows);

  sheet.ensure(90);
  sheet.rule(40, 572, sheet.y + 2, 0.8);
  sheet.y += 12;
  const dollars = (cents: number) => money(cents, { dollar: true });
  recapRows(
    sheet,
    [
      { label: 'Subtotal', amount: dollars(recap.subtotal) },
      { label: `General Conditions (${percentText(recap.generalConditions!.rate)})`, amount: dollars(recap.generalConditions!.amount) },
      { label: `Overhead & Profit (${percentText(recap.overhead!.rate)})`, amount: dollars(recap.overhead!.amount) },
      { label: 'GRAND TOTAL', amount: dollars(recap.grandTotal), bold: true, rule: true },
    ],
    { labelX: 372, amountRight: 569, leading: 13, regular, bold: { font: fonts.bold, size: 9.5 } },
  );
  sheet.y += 6;
  sheet.paragraph('Line totals are quantity times the sum of the material and labor unit prices. Quantities are estimates and shall be verified by the contractor before bidding.', 40, 300, { font: fonts.italic, size: 7.5 }, 9.5);

  sheet.decorate((index) => {
    const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.3 };
    sheet.text(`Work Write-Up  —  ${oneLine(parties.property)}`, 40, 764, small);
    sheet.text(`Page ${index + 1}`, 572, 764, small, 'right');
  });
  return sheet.save();
}

export const g2: SorFamily = {
  id: 'g2',
  name: 'unit-rate write-up',
  heldOut: false,
  items: [10, 40],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'rates' }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ ordinal, trade }) => `Section ${ordinal} – ${trade!.name}`,
    verbosity: 0.35,
    recap: { generalConditions: [4, 5, 6, 7.5, 8], overheadAndProfit: [8, 10, 12, 15] },
  }),
  render,
};
