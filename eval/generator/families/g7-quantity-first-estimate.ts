import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import type { SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableSpec } from '../table.js';
import { cityLine, printedFields, recapLineRows, recapRows, sectionRows, streetLine } from './parts.js';

/**
 * g7 (held out): a contractor's invoice-style estimate. Letterhead and an estimate panel, "Prepared
 * for" and "Project" boxes, then Item | Qty | U/M | Description | Material | Labor | Total with
 * quantity and unit before the description, a reversed (white on dark) header band, zebra rows,
 * lettered sections ("C. ROOFING") with items C-1, C-2…; overhead and profit on two lines, a
 * deposit line after the total.
 */

const COLUMNS: Column[] = [
  { key: 'number', header: ['Item'], x: 40, width: 30, align: 'left' },
  { key: 'quantity', header: ['Qty'], x: 70, width: 38, align: 'right' },
  { key: 'unit', header: ['U/M'], x: 108, width: 30, align: 'center' },
  { key: 'description', header: ['Description'], x: 138, width: 238, align: 'left' },
  { key: 'material', header: ['Material'], x: 376, width: 64, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 440, width: 64, align: 'right' },
  { key: 'total', header: ['Total'], x: 504, width: 68, align: 'right' },
];

const letter = (ordinal: number): string => String.fromCharCode(64 + ordinal);

function top(sheet: Sheet, document: SorDocument, regular: TextStyle, bold: TextStyle, estimateNo: string): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, 40, 56, { ...bold, size: 15 });
  [streetLine(contractor.address), cityLine(contractor.address), contractor.phone, `Lic. # ${contractor.license}`].forEach((line, index) =>
    sheet.text(line, 40, 70 + index * 11, regular),
  );
  sheet.text('ESTIMATE', 572, 60, { ...bold, size: 22, gray: 0.45 }, 'right');
  const panel: Array<[string, string]> = [
    ['Estimate #', estimateNo],
    ['Date', formatDate(parties.reportDate, 'us')],
    ['Valid Until', formatDate(addDays(parties.reportDate, 30), 'us')],
  ];
  panel.forEach(([label, value], index) => {
    sheet.box(432, 70 + index * 14, 70, 14, { fill: 0.9, stroke: 0.4 });
    sheet.box(502, 70 + index * 14, 70, 14, { stroke: 0.4 });
    sheet.text(label, 436, 80 + index * 14, bold);
    sheet.text(value, 568, 80 + index * 14, regular, 'right');
  });
  const box = (x: number, title: string, lines: string[]) => {
    sheet.box(x, 126, 262, 14, { fill: 0.2 });
    sheet.text(title, x + 5, 136, { ...bold, gray: 1 });
    sheet.box(x, 140, 262, 46, { stroke: 0.4 });
    lines.forEach((line, index) => sheet.text(line, x + 5, 152 + index * 11, regular));
  };
  box(40, 'PREPARED FOR', [parties.borrower, streetLine(parties.property), cityLine(parties.property)]);
  box(310, 'PROJECT', ['Renovation per FHA 203(k) scope', `Site: ${streetLine(parties.property)}`, `Loan No. ${parties.loanNumber}`]);
  sheet.y = 200;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 56, left: 40, right: 40 }, title: 'Estimate', producer: 'QuickBooks Desktop', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const regular: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const estimateNo = String(random.int(1040, 3999));
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.contractor!.name}  ·  Estimate #${estimateNo}`, 40, 38, { ...regular, size: 8, gray: 0.35 });
  };
  sheet.addPage();
  top(sheet, document, regular, bold, estimateNo);

  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: { font: fonts.bold, size: 9, gray: 1 },
    lineHeight: 11,
    rowGap: 3,
    padding: 3,
    headerBand: 0.2,
    headerRules: 'none',
    zebra: 0.93,
    heading: {
      height: 18,
      draw: (target, text, y) => {
        target.text(text, 42, y + 13, { font: fonts.bold, size: 9.5 });
        target.rule(40, 572, y + 16, 0.7);
      },
    },
    continued: (text) => `${text} - continued`,
  };
  const rows = sectionRows(document.sections, (section, sectionIndex) =>
    section.items.map((item, index) => ({
      kind: 'item' as const,
      cells: {
        number: `${letter(sectionIndex + 1)}-${index + 1}`,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        description: item.description,
        material: money(item.material),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
  );
  writeTable(sheet, spec, rows);

  sheet.ensure(120);
  sheet.y += 10;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const layout = { labelX: 380, amountRight: 568, leading: 14, regular, bold: { font: fonts.bold, size: 10.5 } };
  recapRows(
    sheet,
    [
      { label: 'Subtotal', amount: dollars(recap.subtotal) },
      { label: 'General Conditions', amount: dollars(recap.generalConditions!.amount) },
      { label: `Overhead (${percentText(recap.overhead!.rate)})`, amount: dollars(recap.overhead!.amount) },
      { label: `Profit (${percentText(recap.profit!.rate)})`, amount: dollars(recap.profit!.amount) },
    ],
    layout,
  );
  sheet.box(376, sheet.y, 196, 17, { fill: 0.2 });
  sheet.text('TOTAL ESTIMATE', 380, sheet.y + 12, { font: fonts.bold, size: 10.5, gray: 1 });
  sheet.text(dollars(recap.grandTotal), 568, sheet.y + 12, { font: fonts.bold, size: 10.5, gray: 1 }, 'right');
  sheet.y += 24;
  recapRows(sheet, recapLineRows(recap.after, dollars), { ...layout, regular: { font: fonts.italic, size: 9 } });
  sheet.y += 14;
  sheet.paragraph('To accept this estimate, sign and return with the deposit. Thank you for your business!', 40, 330, { font: fonts.italic, size: 8.5 }, 11);

  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, 572, 760, { ...regular, size: 8 }, 'right'));
  return sheet.save();
}

export const g7: SorFamily = {
  id: 'g7',
  name: 'quantity-first contractor estimate',
  heldOut: false,
  items: [10, 45],
  dateStyle: 'us',
  printed: printedFields({ consultant: false, lenderName: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const deposit = random.pick([25, 30, 33]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ ordinal, trade }) => `${letter(ordinal)}. ${trade!.name.toUpperCase()}`,
      verbosity: 0.2,
      recap: {
        generalConditions: [3, 5, 7],
        overheadAndProfit: [8, 10, 12],
        split: true,
        after: (_random, grandTotal) => [{ label: `Deposit due at signing (${deposit}%)`, amount: Math.round((grandTotal * deposit) / 100) }],
      },
    };
  },
  render,
};
