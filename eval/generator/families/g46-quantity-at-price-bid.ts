import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { cityLine, flowLines, labelValues, permitFee, printedFields, recapRows, streetLine, type Pair, type RecapRow } from './parts.js';

/**
 * g46: a small contractor's bid typed in a word-processor table, portrait, in Times. A centred letterhead
 * (company, address, telephone and license), the title and date, a "Prepared for" block (owner, job
 * address, lender), then No. | Description | Quantity @ Unit Price | Amount, where the third cell holds
 * the quantity, the unit and the unit price written together as contractors write them by hand
 * ("12 LF @ $45.00", "12 LF @ 45.00/LF" or "12 @ $45.00 per LF"), and the amount is the quantity times
 * that price, to the cent. No material or labor split. Trades or rooms as bold underlined headings,
 * sometimes a total line after each; the foot: subtotal, overhead and profit sometimes, a permit
 * sometimes, TOTAL BID, then the deposit due at signing after it, and the terms and signature lines.
 */

type PriceCell = (quantity: string, unit: string, price: string) => string;

interface Style {
  title: string;
  cell: PriceCell;
  sectionTotals: boolean;
  totalLabel: string;
}

const CELLS: PriceCell[] = [
  (quantity, unit, price) => `${quantity} ${unit} @ $${price}`,
  (quantity, unit, price) => `${quantity} ${unit} @ ${price}/${unit}`,
  (quantity, unit, price) => `${quantity} @ $${price} per ${unit}`,
];

function chooseStyle(random: Random): Style {
  return {
    title: random.pick(['BID PROPOSAL', 'ESTIMATE', 'REPAIR BID']),
    cell: random.pick(CELLS),
    sectionTotals: random.chance(0.5),
    totalLabel: random.pick(['TOTAL BID', 'TOTAL PRICE', 'TOTAL ESTIMATE']),
  };
}

const LEFT = 60;
const RIGHT = 552;

const COLUMNS: Column[] = [
  { key: 'number', header: ['No.'], x: LEFT, width: 30, align: 'left' },
  { key: 'description', header: ['Description'], x: 90, width: 262, align: 'left' },
  { key: 'price', header: ['Quantity @ Unit Price'], x: 352, width: 122, align: 'left' },
  { key: 'total', header: ['Amount'], x: 474, width: RIGHT - 474, align: 'right' },
];

/** The price of one unit, material and labor together: the amount is the quantity times it, to the cent. */
const unitPrice = (item: LineItem): number => item.materialRate + item.laborRate;

function letterhead(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const middle = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name, middle, 56, { ...bold, size: 16 }, 'center');
  sheet.text(`${streetLine(contractor.address)}  ·  ${cityLine(contractor.address)}`, middle, 70, regular, 'center');
  sheet.text(`Tel. ${contractor.phone}  ·  License No. ${contractor.license}`, middle, 82, regular, 'center');
  sheet.rule(LEFT, RIGHT, 90, 1.2);
  sheet.text(style.title, LEFT, 112, { ...bold, size: 13 });
  sheet.text(`Date: ${formatDate(parties.reportDate, 'us')}`, RIGHT, 112, regular, 'right');
  sheet.y = 124;
  sheet.text('Prepared for:', LEFT, sheet.y + 10, bold);
  sheet.y += 14;
  const pairs: Pair[] = [
    ['Owner:', parties.borrower],
    ['Job address:', streetLine(parties.property)],
    ['', cityLine(parties.property)],
    ['Lender:', parties.lender],
  ];
  labelValues(sheet, pairs, LEFT + 12, 74, regular, regular, 13);
  sheet.y += 10;
}

function itemRows(document: SorDocument, style: Style): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      const price = style.cell(quantityText(item.quantity), item.unit, money(unitPrice(item)));
      return { kind: 'item', cells: { number: `${number}.`, description: item.description, price, total: money(item.total, { dollar: true }) } };
    }),
    ...(style.sectionTotals ? [{ kind: 'total' as const, label: `Total ${section.heading}`, labelKey: 'description', cells: { total: money(sectionTotal(section), { dollar: true }) } }] : []),
    { kind: 'space', height: 4 },
  ]);
}

function recap(sheet: Sheet, document: SorDocument, style: Style, regular: TextStyle, bold: TextStyle): void {
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Subtotal', amount: dollars(lines.subtotal), rule: true }];
  if (lines.overhead) rows.push({ label: `Overhead & profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(lines.grandTotal), bold: true, rule: true });
  rows.push(...lines.after.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  sheet.ensure(rows.length * 14 + 12);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 352, amountRight: RIGHT - 3, leading: 14, regular, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g46-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 56, bottom: 60, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${streetLine(parties.property)}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const regular: TextStyle = { font: fonts.regular, size: 10 };
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  sheet.addPage();
  letterhead(sheet, document, style, regular, bold);
  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: regular,
    bold,
    header: bold,
    lineHeight: 12,
    rowGap: 4,
    padding: 3,
    headerRules: 'above-below',
    heading: {
      height: 17,
      draw: (target, text, top) => {
        target.text(text, 90 + 3, top + 13, bold);
        target.rule(90 + 3, 90 + 3 + target.textWidth(text, bold), top + 14.5, 0.6);
      },
    },
  };
  writeTable(sheet, spec, itemRows(document, style));
  recap(sheet, document, style, regular, bold);
  sheet.y += 12;
  const terms = [
    'The deposit above is due when this bid is accepted; the balance is paid in draws as the work is inspected and approved by the lender.',
    'Prices are good for 30 days. Any change to the work above will be written up as a change order before it is done.',
    '',
    'Accepted by: ______________________________     Date: ______________',
  ];
  flowLines({ sheet, fonts, body: regular, bold, lineHeight: 13 }, terms, LEFT, RIGHT - LEFT);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 760, { ...regular, size: 9 }, 'center'));
  return sheet.save();
}

export const g46: SorFamily = {
  id: 'g46',
  name: 'typed contractor bid with the quantity, unit and unit price written in one cell ("12 LF @ $45.00")',
  heldOut: false,
  items: [8, 40],
  dateStyle: 'us',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const byRoom = random.chance(0.5);
    const depositRate = random.pick([25, 30, 33]);
    return {
      itemCount,
      grouping: byRoom ? 'room' : 'trade',
      contractorSelected: true,
      heading: ({ trade, room }) => (room ? room.name : trade!.name),
      verbosity: 0.25,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.4) ? [10, 15] : null,
        before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Permit fee'], 800),
        after: (_inner, grandTotal) => [{ label: `Deposit due at signing (${depositRate}%)`, amount: Math.round((grandTotal * depositRate) / 100) }],
      },
    };
  },
  render,
};
