import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, workItemOf, type RecapRow, type TextContext } from './parts.js';

/**
 * g64: a contractor's repair estimate printed by claims-style estimating software, portrait, in Helvetica 8.
 * The contractor's letterhead, then a two-column block (owner, property, lender; estimator, estimate name,
 * price list, date). Rooms are bold headings. Every line is two rows: its number and description across the
 * whole width, and under it the numbers in columns QUANTITY ("24.00 SF": quantity and unit in one cell) |
 * REMOVE | REPLACE | TAX | TOTAL, where REMOVE and REPLACE are unit prices (a tear-out line is priced under
 * REMOVE, a removal and replacement under both) and TOTAL is the quantity times their sum plus the sales tax on
 * the materials. "Totals: Kitchen" with the tax and the total after each room. The summary: line item total,
 * material sales tax, subtotal, overhead and profit as two lines, a permit sometimes and the estimate total;
 * then a "Recap by Room" that lists each room's total and its share of the subtotal.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['Total Estimate', 'Replacement Cost Value', 'Estimate Total'],
    priceList: ['NJNB8X_NOV26', 'PAPH8X_OCT26', 'OHCL8X_DEC26', 'GAAT8X_SEP26'],
    removeShare: [0.15, 0.2, 0.25],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;
/** Right edges of QUANTITY, REMOVE, REPLACE, TAX and TOTAL. */
const EDGES = [300, 364, 428, 490, RIGHT - 2];
const LABELS = ['QUANTITY', 'REMOVE', 'REPLACE', 'TAX', 'TOTAL'];

interface Prices {
  remove: number;
  replace: number;
}

/**
 * The unit prices of a line, whose sum times the quantity is its material and labor: tear-out work all under
 * REMOVE, a share of the labor under REMOVE for some other lines (even cents where the quantity is a half).
 */
function pricesOf(item: LineItem, style: Style, random: Random): Prices {
  const unit = item.materialRate + item.laborRate;
  if (workItemOf(item).trade === 'demolition') return { remove: unit, replace: 0 };
  if (item.laborRate === 0 || !random.chance(0.3)) return { remove: 0, replace: unit };
  let remove = Math.round(item.laborRate * style.removeShare);
  if (!Number.isInteger(item.quantity) && remove % 2 === 1) remove += 1;
  return { remove, replace: unit - remove };
}

type Context = TextContext & { small: TextStyle };

function columnHeader(context: Context): void {
  const { sheet, bold } = context;
  const top = sheet.y;
  sheet.rule(LEFT, RIGHT, top, 0.8);
  sheet.text('DESCRIPTION', LEFT + 2, top + 10, bold);
  LABELS.forEach((label, index) => sheet.text(label, EDGES[index], top + 10, bold, 'right'));
  sheet.rule(LEFT, RIGHT, top + 14, 0.8);
  sheet.y = top + 19;
}

function header(context: Context, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, (LEFT + RIGHT) / 2, 52, { ...bold, size: 13 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, (LEFT + RIGHT) / 2, 64, body, 'center');
  sheet.text(`${contractor.phone}  ·  ${contractor.email}  ·  Lic. ${contractor.license}`, (LEFT + RIGHT) / 2, 75, body, 'center');
  sheet.rule(LEFT, RIGHT, 83, 1);
  const estimate = `${parties.borrower.split(' ').at(-1)!.toUpperCase()}-REHAB`;
  labelValueColumns(
    sheet,
    [
      [LEFT, 56, [['Owner:', parties.borrower], ['Property:', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender:', parties.lender]]],
      [330, 74, [['Estimator:', contractor.name], ['Estimate:', estimate], ['Price List:', style.priceList], ['Date Entered:', formatDate(parties.reportDate, 'us')]]],
    ],
    98,
    11.5,
    bold,
    body,
  );
  sheet.y = 98 + 4 * 11.5 + 4;
  sheet.text(estimate, LEFT, sheet.y + 10, { ...bold, size: 10 });
  sheet.y += 16;
}

function roomLines(context: Context, document: SorDocument, style: Style, random: Random): void {
  const { sheet, body, bold, lineHeight } = context;
  let number = 0;
  for (const section of document.sections) {
    sheet.ensure(14 + 3 * lineHeight);
    sheet.text(section.heading, LEFT, sheet.y + 11, { ...bold, size: 9.5 });
    sheet.y += 16;
    for (const item of section.items) {
      number += 1;
      const lines = sheet.wrap(item.description, RIGHT - LEFT - 24, body);
      if (sheet.ensure((lines.length + 1) * lineHeight + 3)) {
        sheet.text(`${section.heading} (continued)`, LEFT, sheet.y + 11, { ...bold, size: 9.5 });
        sheet.y += 16;
      }
      sheet.text(`${number}.`, LEFT + 16, sheet.y + body.size, body, 'right');
      lines.forEach((line, index) => sheet.text(line, LEFT + 20, sheet.y + body.size + index * lineHeight, body));
      sheet.y += lines.length * lineHeight;
      const prices = pricesOf(item, style, random);
      const cells = [`${quantityText(item.quantity, 2)} ${item.unit}`, money(prices.remove), money(prices.replace), money(item.tax), money(item.total)];
      cells.forEach((cell, index) => sheet.text(cell, EDGES[index], sheet.y + body.size, body, 'right'));
      sheet.y += lineHeight + 3;
    }
    sheet.ensure(lineHeight + 6);
    sheet.rule(EDGES[2] + 10, RIGHT, sheet.y, 0.5);
    sheet.text(`Totals: ${section.heading}`, EDGES[2], sheet.y + body.size + 1, bold, 'right');
    sheet.text(money(sectionTotal(section, 'tax')), EDGES[3], sheet.y + body.size + 1, bold, 'right');
    sheet.text(money(sectionTotal(section)), EDGES[4], sheet.y + body.size + 1, bold, 'right');
    sheet.y += lineHeight + 10;
  }
}

function summary(context: Context, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap, sections } = document;
  const items = sections.flatMap((section) => section.items);
  const tax = items.reduce((sum, item) => sum + item.tax, 0);
  const rows: RecapRow[] = [
    { label: 'Line Item Total', amount: money(recap.subtotal - tax) },
    { label: 'Material Sales Tax', amount: money(tax) },
    { label: 'Subtotal', amount: money(recap.subtotal), rule: true },
  ];
  if (recap.overhead) rows.push({ label: `Overhead (${percentText(recap.overhead.rate)})`, amount: money(recap.overhead.amount) });
  if (recap.profit) rows.push({ label: `Profit (${percentText(recap.profit.rate)})`, amount: money(recap.profit.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: `$${money(recap.grandTotal)}`, bold: true, rule: true });
  sheet.ensure(rows.length * 12 + 30);
  sheet.y += 6;
  sheet.text('Summary', LEFT, sheet.y + 10, { ...bold, size: 10 });
  sheet.y += 16;
  recapRows(sheet, rows, { labelX: 300, amountRight: RIGHT - 2, ruleFrom: 300, leading: 12, regular: body, bold });
  sheet.ensure(sections.length * 12 + 30);
  sheet.y += 14;
  sheet.text('Recap by Room', LEFT, sheet.y + 10, { ...bold, size: 10 });
  sheet.y += 16;
  for (const section of sections) {
    const total = sectionTotal(section);
    sheet.text(section.heading, LEFT + 10, sheet.y + body.size, body);
    sheet.text(money(total), 430, sheet.y + body.size, body, 'right');
    sheet.text(`${((total * 100) / recap.subtotal).toFixed(2)}%`, 490, sheet.y + body.size, body, 'right');
    sheet.y += 12;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g64-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 52, left: LEFT, right: 612 - RIGHT }, title: `${parties.borrower} estimate`, producer: 'Xactimate-compatible estimate', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  const context: Context = { sheet, fonts, body, bold, lineHeight: 10, small: { ...body, size: 7 } };
  sheet.addPage();
  header(context, document, style);
  columnHeader(context);
  const running = (current: Sheet) => current.text(`${parties.contractor!.name}  -  ${parties.borrower}`, LEFT, 30, { ...body, size: 7, gray: 0.3 });
  sheet.onPageStart = (current) => {
    running(current);
    columnHeader(context);
  };
  roomLines(context, document, style, random.child('prices'));
  sheet.onPageStart = running;
  summary(context, document, style);
  sheet.decorate((index, count) => sheet.text(`${formatDate(parties.reportDate, 'us')}   Page: ${index + 1} of ${count}`, RIGHT, 772, context.small, 'right'));
  return sheet.save();
}

export const g64: SorFamily = {
  id: 'g64',
  name: 'claims-style repair estimate with each description on its own row above its numbers: QUANTITY ("24.00 SF") | REMOVE | REPLACE | TAX | TOTAL, and a recap by room after the total',
  heldOut: false,
  items: [9, 40],
  dateStyle: 'us',
  printed: printedFields({ materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ room }) => room!.name,
    verbosity: 0.3,
    materialTax: random.pick([6, 6.25, 7, 8]),
    recap: {
      generalConditions: null,
      overheadAndProfit: [10],
      split: true,
      before: (inner) => permitFee(inner, 0.4, ['Permits', 'Building Permit'], 800),
    },
  }),
  render,
};
