import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import type { SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { addressPairs, contractorPairs, itemCells, labelValues, printedFields, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g4: a typewritten-looking room-by-room estimate in Courier. Two columns above the table (a
 * paragraph of prose at the left, labels and values at the right), then
 * # | Work Item | Quantity | Units | Materials | Labor | Line Total with dashed rules, room names
 * as unnumbered headings, and priced permit and fee lines between the subtotal and the grand total.
 */

const COLUMNS: Column[] = [
  { key: 'number', header: ['#'], x: 36, width: 22, align: 'right' },
  { key: 'description', header: ['Work Item'], x: 58, width: 222, align: 'left' },
  { key: 'quantity', header: ['Quantity'], x: 280, width: 50, align: 'right' },
  { key: 'unit', header: ['Units'], x: 330, width: 36, align: 'center' },
  { key: 'material', header: ['Materials'], x: 366, width: 64, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 430, width: 64, align: 'right' },
  { key: 'total', header: ['Line Total'], x: 494, width: 82, align: 'right' },
];

function dashes(sheet: Sheet, y: number, style: TextStyle): void {
  const count = Math.floor((576 - 36) / sheet.textWidth('-', style));
  sheet.text('-'.repeat(count), 36, y, style);
}

function topBlock(sheet: Sheet, document: SorDocument, styles: { regular: TextStyle; bold: TextStyle }): void {
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text('REPAIR ESTIMATE - ROOM BY ROOM', 36, 50, { ...styles.bold, size: 11 });
  sheet.text(parties.consultantCompany, 576, 50, styles.regular, 'right');
  dashes(sheet, 60, styles.regular);
  const prose =
    `The following estimate lists the repairs found at the inspection of the property for the FHA 203(k) renovation loan. ` +
    `Work is grouped by room. Quantities were measured on site; prices include materials and labor at prevailing local rates. ` +
    `${contractor ? 'The contractor named at right has reviewed the scope.' : 'No contractor has been selected yet.'}`;
  sheet.y = 70;
  sheet.paragraph(prose, 36, 236, styles.regular, 10.5);
  const proseEnd = sheet.y;
  sheet.y = 70;
  labelValues(
    sheet,
    [
      ['CONSULTANT:', parties.consultant],
      ['BORROWER:', parties.borrower],
      ...addressPairs('PROPERTY:', parties.property),
      ['LENDER:', parties.lender],
      ['INSPECTED:', formatDate(parties.inspectionDate, 'us')],
      ...contractorPairs(contractor, ['CONTRACTOR:', 'LIC #:', 'PHONE:'], 'TBD'),
    ],
    292,
    76,
    styles.bold,
    styles.regular,
    10.5,
  );
  sheet.y = Math.max(sheet.y, proseEnd) + 8;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 48, bottom: 52, left: 36, right: 36 }, title: 'Repair Estimate', producer: 'WordPerfect', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const regular: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.addPage();
  topBlock(sheet, document, { regular, bold });

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 10,
    rowGap: 2,
    padding: 3,
    headerRules: 'none',
    heading: {
      height: 20,
      draw: (target, text, top) => {
        target.text(text, 58, top + 13, { font: fonts.bold, size: 9 });
        target.text('='.repeat(text.length), 58, top + 19, { font: fonts.regular, size: 9 });
      },
    },
  };
  let number = 0;
  const rows = sectionRows(document.sections, (section) =>
    section.items.map((item) => ({
      kind: 'item' as const,
      cells: { number: `${++number}.`, ...itemCells(item) },
    })),
  );
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.borrower} / ${streetLine(parties.property)}`, 36, 36, regular);
  };
  writeTable(sheet, spec, rows);

  sheet.ensure(110);
  dashes(sheet, sheet.y + 4, regular);
  sheet.y += 12;
  const lines = [
    { label: 'SUBTOTAL', amount: money(recap.subtotal) },
    { label: `OVERHEAD & PROFIT @ ${percentText(recap.overhead!.rate)}`, amount: money(recap.overhead!.amount) },
    ...recap.before.map((line) => ({ label: line.label.toUpperCase(), amount: money(line.amount) })),
    { label: 'GRAND TOTAL', amount: money(recap.grandTotal, { dollar: true }), bold: true },
  ];
  recapRows(sheet, lines, { labelX: 292, amountRight: 573, leading: 11, regular, bold: { ...bold, size: 9 } });
  dashes(sheet, sheet.y + 6, regular);

  sheet.decorate((index) => sheet.text(`- ${index + 1} -`, 306, 760, regular, 'center'));
  return sheet.save();
}

export const g4: SorFamily = {
  id: 'g4',
  name: 'room-by-room estimate',
  heldOut: false,
  items: [8, 30],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: ({ room }) => room!.name,
    verbosity: 0.2,
    recap: {
      generalConditions: null,
      overheadAndProfit: [10, 12, 15, 18],
      before: () => [
        { label: 'Building Permit', amount: random.int(8, 30) * 2500 },
        ...(random.chance(0.6) ? [{ label: 'Plan Review & Inspection Fees', amount: random.int(6, 18) * 2500 }] : []),
        ...(random.chance(0.4) ? [{ label: 'Lead Clearance Test', amount: random.pick([27500, 32500, 35000]) }] : []),
      ],
    },
  }),
  render,
};
