import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, permitFee, pickEach, printedFields, recapRows, roomHeading, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g59: a remodeler's estimate typed in a word processor in Times 10, with no rules anywhere in the table. A
 * centred letterhead, the date written out ("March 3, 2026"), an "Estimate for" block with the owner, the job
 * and the lender, and a sentence of proposal. The table is Item | Description | Quantity | Unit Price | Per |
 * Amount: the unit stands after the unit price, as what the price is per ("45.00 LF"), items are numbered "1.",
 * "2." … through the estimate in a column of their own so that the long descriptions (two to four lines) hang
 * indented under their first word, and the figures stand on the first or on the last line of the description.
 * Amounts are right-aligned without "$". Rooms as bold headings (in capitals in some), a total line after each room.
 * The foot: total of all items, overhead and profit sometimes, a permit sometimes and the total of the
 * estimate, then the terms and a signature.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    valuesOn: ['first', 'last'] as const,
    totalLabel: ['TOTAL ESTIMATE', 'AMOUNT OF ESTIMATE', 'TOTAL PRICE'],
    itemsLabel: ['Total of all items', 'Total of items above', 'Sum of rooms'],
    priceHeader: [['Unit', 'Price'], ['Rate'], ['Price']],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 62;
const RIGHT = 552;
const MIDDLE = (LEFT + RIGHT) / 2;

const columns = (style: Style) =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Item', 26, 'left'],
    ['description', 'Description', 236, 'left'],
    ['quantity', 'Quantity', 56, 'right'],
    ['rate', style.priceHeader, 64, 'right'],
    ['per', 'Per', 34, 'left'],
    ['total', 'Amount', 'rest', 'right'],
  ]);

function letterhead(context: TextContext, document: SorDocument, title: TextStyle): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, MIDDLE, 58, { ...title, size: 16 }, 'center');
  sheet.text(`${streetLine(contractor.address)}  ~  ${cityLine(contractor.address)}`, MIDDLE, 72, body, 'center');
  sheet.text(`${contractor.phone}  ~  ${contractor.email}  ~  Lic. No. ${contractor.license}`, MIDDLE, 84, body, 'center');
  sheet.text(formatDate(parties.reportDate, 'long'), RIGHT, 114, body, 'right');
  sheet.text('Estimate for:', LEFT, 114, bold);
  [parties.borrower, streetLine(parties.property), cityLine(parties.property), `Financing through ${parties.lender}`].forEach((line, index) => sheet.text(line, LEFT + 70, 114 + index * 12.5, body));
  sheet.text(`Estimate No. ${parties.fileNumber}`, RIGHT, 127, body, 'right');
  sheet.y = 114 + 4 * 12.5 + 8;
  flowLines(context, ['We propose to furnish all labor and materials for the work described below, room by room, at the prices stated:'], LEFT, RIGHT - LEFT);
  sheet.y += 8;
}

function itemRows(document: SorDocument): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: `${number}.`,
          description: item.description,
          quantity: quantityText(item.quantity),
          rate: money(item.materialRate + item.laborRate),
          per: item.unit,
          total: money(item.total),
        },
      };
    }),
    { kind: 'total', label: `${section.heading === section.heading.toUpperCase() ? 'TOTAL' : 'Total'} ${section.heading}`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } },
    { kind: 'space', height: 6 },
  ]);
}

function foot(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap, parties } = document;
  const rows: RecapRow[] = [{ label: style.itemsLabel, amount: money(recap.subtotal) }];
  if (recap.overhead) rows.push({ label: `Overhead and profit at ${percentText(recap.overhead.rate)}`, amount: money(recap.overhead.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal), bold: true });
  sheet.ensure(rows.length * 14 + 120);
  sheet.y += 10;
  recapRows(sheet, rows, { labelX: 300, amountRight: RIGHT - 3, leading: 14, regular: body, bold });
  sheet.y += 14;
  flowLines(
    context,
    [
      'Prices include labor, materials, equipment and cleanup. Payment through the rehabilitation escrow of the lender named above, as each stage of the work is inspected and approved. This estimate may be withdrawn if not accepted within 45 days.',
      '',
      'Respectfully submitted,',
    ],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 22;
  sheet.text(parties.contractor!.name, LEFT, sheet.y, body);
  sheet.text('Accepted: ______________________  Date: __________', RIGHT, sheet.y, body, 'right');
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g59-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 58, left: LEFT, right: 612 - RIGHT }, title: `Estimate - ${parties.borrower}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 10 };
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 12.5 };
  sheet.addPage();
  letterhead(context, document, { font: fonts.bold, size: 16 });
  const spec = descriptionTable(columns(style), body, bold, {
    header: { font: fonts.italic, size: 10 },
    headerRules: 'none',
    lineHeight: 12,
    rowGap: 5,
    padding: 2,
    valuesOn: style.valuesOn,
    heading: {
      height: 20,
      draw: (target, text, top) => target.text(text, LEFT + 28, top + 15, bold),
    },
    continued: (text) => `${text} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document));
  foot(context, document, style);
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`${parties.borrower}  -  page ${index + 1} of ${count}`, MIDDLE, 760, { ...body, size: 8.5 }, 'center');
  });
  return sheet.save();
}

export const g59: SorFamily = {
  id: 'g59',
  name: 'unruled word-processor estimate, hanging-indented numbered descriptions, the unit after the unit price (Unit Price | Per | Amount)',
  heldOut: false,
  items: [7, 34],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: roomHeading(random.chance(0.5)),
    verbosity: 0.85,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.5) ? [10, 15] : null,
      before: (inner) => permitFee(inner, 0.4, ['Building permit', 'Permit and inspection fees'], 800),
    },
  }),
  render,
};
