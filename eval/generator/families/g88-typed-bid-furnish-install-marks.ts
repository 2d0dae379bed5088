import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, permitFee, pickEach, printedFields, recapRows, streetLine } from './parts.js';

/**
 * g88: a contractor's typed bid proposal, Courier 8, portrait. The letterhead centred in capitals, "BID PROPOSAL"
 * between two rules, then "SUBMITTED TO" (borrower and property) at the left and "BID NO. / DATE / LOAN NO." at the
 * right. Trades headed by their cost code ("06.00 ROUGH & FINISH CARPENTRY"), items numbered "06.01": Item |
 * Description | M | L | Unit | Qty @ Price | Amount, an "X" under M where the line furnishes material and under L
 * where it includes labor (one amount column, no material or labor amounts), the quantity and the unit price in one
 * cell ("12 @ 45.00"). "SECTION 06 TOTAL" under each trade; the recap at the right with overhead and profit on two
 * lines, permits sometimes, "TOTAL BID", then the signature lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    subtotalLabel: ['TOTAL OF SECTIONS', 'SUBTOTAL - ALL WORK'],
    totalLabel: ['TOTAL BID', 'TOTAL BID PRICE'],
  });

const LEFT = 40;
const RIGHT = 572;

const codeOf = (heading: string): string => heading.slice(0, 2);

/** "12 @ 45.00": the quantity and the unit price (the amount over the quantity, to the cent). */
const atPrice = (item: LineItem): string => `${quantityText(item.quantity)} @ ${money(Math.round(Math.abs(item.total) / item.quantity))}`;

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${codeOf(section.heading)}.${String(index + 1).padStart(2, '0')}`,
        description: item.description,
        material: item.material !== 0 ? 'X' : '',
        labor: item.labor !== 0 ? 'X' : '',
        unit: item.unit,
        price: atPrice(item),
        amount: money(item.total),
      },
    })),
    { kind: 'total', label: `SECTION ${codeOf(section.heading)} TOTAL`, labelKey: 'description', cells: { amount: money(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 4 },
  ]);
}

function top(sheet: Sheet, document: SorDocument, body: TextStyle, bold: TextStyle): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name.toUpperCase(), 306, 46, { ...bold, size: 11 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, 306, 57, body, 'center');
  sheet.text(`PHONE ${contractor.phone}   LICENSE NO. ${contractor.license}`, 306, 67, body, 'center');
  sheet.rule(LEFT, RIGHT, 76, 0.8);
  sheet.text('B I D   P R O P O S A L', 306, 88, { ...bold, size: 10 }, 'center');
  sheet.rule(LEFT, RIGHT, 94, 0.8);
  sheet.text('SUBMITTED TO:', LEFT, 110, bold);
  [parties.borrower, streetLine(parties.property), cityLine(parties.property)].forEach((line, index) => sheet.text(line, LEFT + 90, 110 + index * 10, body));
  [['BID NO.', parties.fileNumber], ['DATE', formatDate(parties.reportDate, 'short')], ['LOAN NO.', parties.loanNumber]].forEach(([label, value], index) => {
    sheet.text(label, 390, 110 + index * 10, bold);
    sheet.text(value, 450, 110 + index * 10, body);
  });
  sheet.text('M = FURNISH MATERIAL   L = LABOR INCLUDED   PRICES PER UNIT SHOWN AFTER @', LEFT, 148, { ...body, size: 7 });
  sheet.y = 156;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g88-render');
  const style = chooseStyle(random.child('style'));
  const { parties, recap } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: 'Bid Proposal', producer: 'Corel WordPerfect', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  sheet.addPage();
  top(sheet, document, body, bold);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'ITEM', 36, 'left'],
      ['description', 'DESCRIPTION', RIGHT - LEFT - 36 - 18 - 18 - 30 - 96 - 70, 'left'],
      ['material', 'M', 18, 'center'],
      ['labor', 'L', 18, 'center'],
      ['unit', 'UNIT', 30, 'center'],
      ['price', 'QTY @ PRICE', 96, 'right'],
      ['amount', 'AMOUNT', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 9.5,
    rowGap: 2,
    padding: 3,
    heading: { height: 14, draw: (target, text, at) => target.text(text, LEFT + 3, at + 10, bold) },
    continued: (text) => `${text} (CONT'D)`,
  }, rows(document));
  sheet.ensure(130);
  sheet.y += 10;
  recapRows(sheet, [
    { label: style.subtotalLabel, amount: money(recap.subtotal) },
    ...(recap.overhead ? [{ label: `OVERHEAD ${percentText(recap.overhead.rate)}`, amount: money(recap.overhead.amount) }] : []),
    ...(recap.profit ? [{ label: `PROFIT ${percentText(recap.profit.rate)}`, amount: money(recap.profit.amount) }] : []),
    ...recap.before.map((line) => ({ label: line.label.toUpperCase(), amount: money(line.amount) })),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ], { labelX: 340, amountRight: RIGHT - 3, leading: 12, regular: body, bold });
  const signature = sheet.y + 34;
  sheet.rule(LEFT, LEFT + 200, signature);
  sheet.rule(LEFT + 280, RIGHT, signature);
  sheet.text('CONTRACTOR SIGNATURE / DATE', LEFT, signature + 9, { ...body, size: 7 });
  sheet.text('OWNER ACCEPTANCE / DATE', LEFT + 280, signature + 9, { ...body, size: 7 });
  sheet.decorate((index, count) => sheet.text(`PAGE ${index + 1} OF ${count}`, 306, 772, body, 'center'));
  return sheet.save();
}

export const g88: SorFamily = {
  id: 'g88',
  name: 'typed bid proposal in Courier: trades "06.00 ROUGH & FINISH CARPENTRY", items "06.01", M and L columns marked "X" instead of material and labor amounts, quantity and unit price in one cell "12 @ 45.00", overhead and profit on two lines',
  heldOut: false,
  items: [10, 44],
  dateStyle: 'short',
  printed: printedFields({ materialLabor: 'none', consultant: false, lenderName: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => `${trade!.csiNumber}.00 ${trade!.name.toUpperCase()}`,
    verbosity: 0.3,
    credits: 0.15,
    contractorSelected: true,
    recap: {
      generalConditions: null,
      overheadAndProfit: [8, 10],
      split: true,
      before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Permits'], 1200),
    },
  }),
  render,
};
