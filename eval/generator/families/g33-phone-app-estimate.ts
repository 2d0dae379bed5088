import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, flowLines, labelValues, printedFields, recapLineRows, recapRows, streetLine, type DrawingContext, type RecapRow } from './parts.js';

/**
 * g33 (held out): a small contractor's estimate made in a phone app and sent as a PDF. A dark band
 * across the top with the company (name, phone, e-mail, license) and ESTIMATE in white; the client and
 * the job address at the left, the estimate number and dates at the right. No table: under a thin
 * "Item … Amount" strip, rooms or trades as bold titles, and each item a short block: the description
 * with its amount at the right of the first line and, in small gray type under it, the quantity, unit and
 * unit price ("6 EA × $620.00"); a subtotal after each title in some. At the end, right-aligned:
 * subtotal, sometimes a discount (negative), Total, then the deposit due and the balance; notes, a
 * signature box and the app's footer ("Page 1 of 2").
 */

interface Style {
  app: string;
  titleSubtotals: boolean;
}

function chooseStyle(random: Random): Style {
  return {
    app: random.pick(['FieldQuote', 'QuickBid Mobile', 'ProEstimate Go']),
    titleSubtotals: random.chance(0.6),
  };
}

const LEFT = 48;
const RIGHT = 564;
const DESCRIPTION_WIDTH = 380;

type Context = DrawingContext<Style>;

function banner(context: Context, document: SorDocument): void {
  const { sheet, fonts } = context;
  const contractor = document.parties.contractor!;
  sheet.box(0, 0, sheet.width, 92, { fill: 0.22 });
  const white: TextStyle = { font: fonts.regular, size: 8.5, gray: 1 };
  sheet.text(contractor.name, LEFT, 40, { font: fonts.bold, size: 17, gray: 1 });
  sheet.text(`${contractor.phone}   ·   ${contractor.email}`, LEFT, 56, white);
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, LEFT, 67, white);
  sheet.text(`Lic. # ${contractor.license}`, LEFT, 78, white);
  sheet.text('ESTIMATE', RIGHT, 44, { font: fonts.bold, size: 22, gray: 1 }, 'right');
}

function clientBlock(context: Context, document: SorDocument, number: string): void {
  const { sheet, fonts, body } = context;
  const { parties } = document;
  const caption: TextStyle = { font: fonts.bold, size: 7.5, gray: 0.45 };
  const top = 112;
  sheet.text('CLIENT', LEFT, top, caption);
  sheet.text(parties.borrower, LEFT, top + 13, { font: fonts.bold, size: 10 });
  sheet.text('JOB ADDRESS', LEFT, top + 32, caption);
  sheet.text(streetLine(parties.property), LEFT, top + 44, body);
  sheet.text(cityLine(parties.property), LEFT, top + 55, body);
  sheet.y = top - 8;
  const created = parties.reportDate;
  labelValues(sheet, [['Estimate #', number], ['Date', formatDate(created, 'abbrev')], ['Valid until', formatDate(addDays(created, 30), 'abbrev')]], 400, 70, caption, body, 13);
  sheet.y = top + 74;
}

function strip(context: Context): void {
  const { sheet, fonts } = context;
  const caption: TextStyle = { font: fonts.bold, size: 7.5, gray: 0.45 };
  sheet.text('ITEM', LEFT, sheet.y + 8, caption);
  sheet.text('AMOUNT', RIGHT, sheet.y + 8, caption, 'right');
  sheet.rule(LEFT, RIGHT, sheet.y + 12, 0.6, 0.5);
  sheet.y += 20;
}

const itemHeight = (context: Context, item: LineItem): number => context.sheet.wrap(item.description, DESCRIPTION_WIDTH, context.body).length * context.lineHeight + 19;

function itemBlock(context: Context, item: LineItem): void {
  const { sheet, fonts, body, lineHeight } = context;
  sheet.ensure(itemHeight(context, item));
  const lines = sheet.wrap(item.description, DESCRIPTION_WIDTH, body);
  lines.forEach((line, index) => sheet.text(line, LEFT + 8, sheet.y + body.size + index * lineHeight, body));
  sheet.text(money(item.total, { dollar: true }), RIGHT, sheet.y + body.size, body, 'right');
  const rate = item.materialRate + item.laborRate;
  const detail = `${quantityText(item.quantity)} ${item.unit} × ${money(rate, { dollar: true })}`;
  sheet.text(detail, LEFT + 8, sheet.y + body.size + lines.length * lineHeight + 1, { font: fonts.regular, size: 8, gray: 0.45 });
  sheet.y += itemHeight(context, item);
}

function sectionBlock(context: Context, section: Section): void {
  const { sheet, style, fonts, bold } = context;
  sheet.ensure(22 + itemHeight(context, section.items[0]));
  sheet.y += 4;
  sheet.text(section.heading, LEFT, sheet.y + 11, { font: fonts.bold, size: 11 });
  sheet.rule(LEFT, RIGHT, sheet.y + 15, 0.4, 0.7);
  sheet.y += 22;
  for (const item of section.items) itemBlock(context, item);
  if (!style.titleSubtotals) return;
  sheet.ensure(16);
  const label = `${section.heading} ${section.heading === section.heading.toUpperCase() ? 'SUBTOTAL' : 'subtotal'}`;
  sheet.text(label, RIGHT - 90, sheet.y + bold.size, { ...bold, size: 8.5 }, 'right');
  sheet.text(money(sectionTotal(section), { dollar: true }), RIGHT, sheet.y + bold.size, { ...bold, size: 8.5 }, 'right');
  sheet.y += 18;
}

function totals(context: Context, document: SorDocument): void {
  const { sheet, fonts, body } = context;
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Subtotal', amount: dollars(recap.subtotal) }, ...recapLineRows(recap.before, dollars)];
  const after = recapLineRows(recap.after, dollars);
  sheet.ensure(rows.length * 14 + after.length * 13 + 40);
  sheet.y += 8;
  sheet.rule(340, RIGHT, sheet.y, 0.6, 0.5);
  sheet.y += 6;
  const layout = { labelX: 350, amountRight: RIGHT, leading: 14, regular: { ...body, size: 9.5 }, bold: { font: fonts.bold, size: 13 } };
  recapRows(sheet, rows, layout);
  sheet.box(340, sheet.y, RIGHT - 340, 22, { fill: 0.9 });
  sheet.y += 4;
  recapRows(sheet, [{ label: 'Total', amount: dollars(recap.grandTotal), bold: true }], layout);
  sheet.y += 8;
  recapRows(sheet, after, { ...layout, leading: 13, regular: { font: fonts.regular, size: 8.5, gray: 0.3 } });
}

function closing(context: Context): void {
  const { sheet, fonts } = context;
  const small: TextStyle = { font: fonts.regular, size: 8.5 };
  sheet.ensure(120);
  sheet.y += 14;
  sheet.text('Notes', LEFT, sheet.y + 9, { font: fonts.bold, size: 9.5 });
  sheet.y += 14;
  flowLines(
    { ...context, body: small, lineHeight: 10.5 },
    [
      'Price includes labor, materials and clean-up. Anything not listed above is not included. Work to be paid from the renovation loan draws; ' +
        'the deposit is due when the estimate is approved.',
    ],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 10;
  sheet.box(LEFT, sheet.y, 260, 46, { stroke: 0.5, thickness: 0.6 });
  sheet.text('Client signature', LEFT + 6, sheet.y + 11, { ...small, gray: 0.45 });
  sheet.text('Date', LEFT + 180, sheet.y + 11, { ...small, gray: 0.45 });
  sheet.y += 52;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g33-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const number = String(random.int(1001, 1480));
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 58, bottom: 54, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${number}`, producer: `${style.app} for iOS`, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: Context = { sheet, style, fonts, body: { font: fonts.regular, size: 9.5 }, bold: { font: fonts.bold, size: 9.5 }, lineHeight: 11.5 };
  const small: TextStyle = { font: fonts.regular, size: 7.5, gray: 0.45 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`${parties.contractor!.name}  ·  Estimate #${number}  ·  ${parties.borrower}`, LEFT, 36, small);
    current.rule(LEFT, RIGHT, 42, 0.4, 0.7);
  };
  sheet.addPage();
  banner(context, document);
  clientBlock(context, document, number);
  strip(context);
  for (const section of document.sections) sectionBlock(context, section);
  totals(context, document);
  closing(context);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, 306, 762, small, 'center');
    sheet.text(`Created with ${style.app}`, RIGHT, 762, small, 'right');
  });
  return sheet.save();
}

function discount(random: Random, sections: Section[]): RecapLine[] {
  if (!random.chance(0.4)) return [];
  const rate = random.pick([5, 10]);
  const subtotal = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `${random.pick(['Discount', 'Referral discount', 'Returning customer discount'])} (${rate}%)`, amount: -Math.round((subtotal * rate) / 100) }];
}

function payments(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([25, 30, 40, 50]);
  const deposit = Math.round((grandTotal * rate) / 100);
  return [
    { label: `Deposit due (${rate}%)`, amount: deposit },
    { label: 'Balance due on completion', amount: grandTotal - deposit },
  ];
}

export const g33: SorFamily = {
  id: 'g33',
  name: 'contractor estimate from a phone app, items as blocks without a table',
  heldOut: false,
  items: [6, 30],
  dateStyle: 'abbrev',
  printed: printedFields({ materialLabor: 'none', consultant: false, lenderName: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const upper = random.chance(0.4);
    const grouping = random.chance(0.6) ? 'room' : 'trade';
    return {
      itemCount,
      grouping,
      contractorSelected: true,
      heading: ({ trade, room }) => {
        const name = room ? room.name : trade!.name;
        return upper ? name.toUpperCase() : name;
      },
      verbosity: 0.2,
      recap: { generalConditions: null, overheadAndProfit: null, before: discount, after: payments },
    };
  },
  render,
};
