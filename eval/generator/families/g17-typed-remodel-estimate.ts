import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import type { SorDocument } from '../model.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { cityLine, labelValues, printedFields, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g17 (development family, added for tuning OCR reading): a remodeler's estimate typed in Courier.
 * Contractor letterhead left, estimate details right, the customer and the job side by side under
 * it; then Description | Labor | Materials | Amount (labor before materials), amounts without
 * dollar signs on the last line of a wrapped description, lettered room headings ("C. Kitchen"),
 * shaded every other line, no section subtotals. Recap: subtotal, overhead and profit as two
 * percentage lines, "TOTAL CONTRACT PRICE".
 */

const LEFT = 50;
const RIGHT = 562;

const COLUMNS: Column[] = [
  { key: 'description', header: ['Description'], x: LEFT, width: 262, align: 'left' },
  { key: 'labor', header: ['Labor'], x: 312, width: 80, align: 'right' },
  { key: 'material', header: ['Materials'], x: 392, width: 80, align: 'right' },
  { key: 'total', header: ['Amount'], x: 472, width: 90, align: 'right' },
];

function heading(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name.toUpperCase(), LEFT, 60, { ...bold, size: 12 });
  sheet.text(streetLine(contractor.address), LEFT, 74, regular);
  sheet.text(cityLine(contractor.address), LEFT, 85, regular);
  sheet.text(`Tel ${contractor.phone}`, LEFT, 96, regular);
  sheet.text(`Lic. ${contractor.license}`, LEFT, 107, regular);
  sheet.text('REMODELING ESTIMATE', RIGHT, 60, { ...bold, size: 12 }, 'right');
  sheet.text(`Date ${formatDate(parties.reportDate, 'us')}`, RIGHT, 74, regular, 'right');
  sheet.text(`Ref. ${parties.fileNumber}`, RIGHT, 85, regular, 'right');
  sheet.rule(LEFT, RIGHT, 118, 0.8);
  sheet.y = 126;
  labelValues(sheet, [['Customer', parties.borrower], ['', streetLine(parties.property)], ['', cityLine(parties.property)]], LEFT, 64, bold, regular, 11);
  sheet.y = 126;
  labelValues(sheet, [['Lender', parties.lender], ['Program', 'FHA 203(k)']], 320, 58, bold, regular, 11);
  sheet.y = 172;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 56, left: LEFT, right: 612 - RIGHT }, title: 'Estimate', producer: 'WordPerfect', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const regular: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  sheet.addPage();
  heading(sheet, document, regular, bold);
  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 10.5,
    rowGap: 2,
    padding: 3,
    headerRules: 'below',
    zebra: 0.93,
    valuesOn: 'last',
    heading: {
      height: 17,
      draw: (target, text, top) => target.text(text, LEFT, top + 12, { ...bold, size: 9 }),
    },
    continued: (text) => `${text} (cont'd)`,
  };
  const rows = sectionRows(document.sections, (section) =>
    section.items.map((item) => ({
      kind: 'item' as const,
      cells: { description: item.description, labor: money(item.labor), material: money(item.material), total: money(item.total) },
    })),
  );
  writeTable(sheet, spec, rows);
  sheet.ensure(80);
  sheet.y += 10;
  recapRows(
    sheet,
    [
      { label: 'Subtotal', amount: money(recap.subtotal) },
      { label: `Overhead ${percentText(recap.overhead!.rate)}`, amount: money(recap.overhead!.amount) },
      { label: `Profit ${percentText(recap.profit!.rate)}`, amount: money(recap.profit!.amount) },
      { label: 'TOTAL CONTRACT PRICE', amount: money(recap.grandTotal), bold: true, rule: true },
    ],
    { labelX: 312, amountRight: RIGHT, leading: 12, regular, bold },
  );
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`-${index + 1}-`, 306, 760, regular, 'center');
  });
  return sheet.save();
}

export const g17: SorFamily = {
  id: 'g17',
  name: 'typed remodeling estimate (development family)',
  heldOut: false,
  items: [8, 30],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, consultant: false, inspectionDate: false }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ ordinal, room }) => `${String.fromCharCode(64 + ordinal)}. ${room!.name}`,
    verbosity: 0.4,
    recap: { generalConditions: null, overheadAndProfit: [8, 10, 12], split: true },
  }),
  render,
};
