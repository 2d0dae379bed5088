import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, labelValues, printedFields, recapRows, streetLine, type DrawingContext, type RecapRow } from './parts.js';

/**
 * g31 (held out): a remodeling contractor's estimate from estimating software, portrait, in Times. A
 * letterhead at the left and a boxed estimate panel at the right, then one column of label/value rows
 * (customer, job site, lender) and a sentence of scope. Item | Description | Qty | Unit | Unit Cost |
 * Cost | Total with no vertical rules: each item's row carries its quantity, unit and total, and two
 * indented italic rows under it, Material and Labor, carry the unit cost and the extended cost of each.
 * Rooms or trades as headings on a shaded band ("3. Kitchen", "KITCHEN", "Phase 3 – Kitchen"), a total
 * row per heading. The summary at the end: material and labor totals, the subtotal, overhead and profit
 * (one line or two), sales tax on materials and ESTIMATE TOTAL, then terms and an acceptance block.
 */

interface Style {
  estimateNumber: string;
  validDays: number;
  totalLabel: string;
  costTypes: [string, string];
}

function chooseStyle(random: Random): Style {
  return {
    estimateNumber: `${random.pick(['E', 'EST-', ''])}${random.int(1040, 4980)}`,
    validDays: random.pick([15, 30, 60]),
    totalLabel: random.pick(['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'TOTAL PROJECT PRICE']),
    costTypes: random.pick<[string, string]>([['Material', 'Labor'], ['Materials', 'Labor'], ['Material cost', 'Labor cost']]),
  };
}

const LEFT = 40;
const RIGHT = 572;
/** Left edges of the columns; amounts are right-aligned at the next column's edge. */
const X = { number: LEFT, description: LEFT + 30, quantity: LEFT + 262, unit: LEFT + 298, rate: LEFT + 326, cost: LEFT + 392, total: LEFT + 460 };
const DESCRIPTION_WIDTH = X.quantity - X.description - 8;

type Context = DrawingContext<Style>;

function tableHeader(context: Context): void {
  const { sheet, bold } = context;
  const top = sheet.y;
  sheet.rule(LEFT, RIGHT, top, 0.9);
  const baseline = top + 11;
  sheet.text('Item', X.number + 2, baseline, bold);
  sheet.text('Description', X.description, baseline, bold);
  sheet.text('Qty', X.unit - 6, baseline, bold, 'right');
  sheet.text('Unit', X.unit + 2, baseline, bold);
  sheet.text('Unit Cost', X.cost - 4, baseline, bold, 'right');
  sheet.text('Cost', X.total - 4, baseline, bold, 'right');
  sheet.text('Total', RIGHT - 2, baseline, bold, 'right');
  sheet.rule(LEFT, RIGHT, top + 15, 0.9);
  sheet.y = top + 19;
}

/** Moves to a new page with the table header when `height` does not fit; true when it did. */
function room(context: Context, height: number): boolean {
  if (!context.sheet.ensure(height)) return false;
  tableHeader(context);
  return true;
}

function heading(context: Context, text: string): void {
  const { sheet, fonts } = context;
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 14, { fill: 0.88 });
  sheet.text(text, X.number + 2, sheet.y + 10.2, { font: fonts.bold, size: 9.5 });
  sheet.y += 17;
}

/** The description's lines, then a row for material and one for labor. */
const itemHeight = (context: Context, item: LineItem): number => (context.sheet.wrap(item.description, DESCRIPTION_WIDTH, context.body).length + 2) * context.lineHeight + 4;

/** The heading without its number ("Kitchen" of "3. Kitchen" or "Phase 3 – Kitchen"). */
const headingName = (heading: string): string => heading.replace(/^(\d+\.|Phase \d+ –) /, '');

function itemBlock(context: Context, item: LineItem, number: string, heading: string): void {
  const { sheet, style, fonts, body, lineHeight } = context;
  const lines = sheet.wrap(item.description, DESCRIPTION_WIDTH, body);
  const height = itemHeight(context, item);
  if (room(context, height)) {
    sheet.text(`${heading} (continued)`, X.number + 2, sheet.y + 9, { font: fonts.bold, size: 9 });
    sheet.y += 14;
  }
  const baseline = sheet.y + body.size;
  sheet.text(number, X.number + 2, baseline, body);
  lines.forEach((line, index) => sheet.text(line, X.description, baseline + index * lineHeight, body));
  sheet.text(quantityText(item.quantity), X.unit - 6, baseline, body, 'right');
  sheet.text(item.unit, X.unit + 2, baseline, body);
  sheet.text(money(item.total), RIGHT - 2, baseline, body, 'right');
  const detail: TextStyle = { font: fonts.italic, size: body.size - 0.5 };
  const costs: Array<[string, number, number]> = [[style.costTypes[0], item.materialRate, item.material], [style.costTypes[1], item.laborRate, item.labor]];
  costs.forEach(([label, rate, cost], index) => {
    const y = baseline + (lines.length + index) * lineHeight;
    sheet.text(label, X.description + 16, y, detail);
    sheet.text(money(rate), X.cost - 4, y, detail, 'right');
    sheet.text(money(cost), X.total - 4, y, detail, 'right');
  });
  sheet.y += height;
  sheet.rule(X.description, RIGHT, sheet.y - 2, 0.3, 0.6);
}

function sectionBlock(context: Context, section: Section, sectionIndex: number, numbered: boolean, counter: { running: number }): void {
  const { sheet, bold, lineHeight } = context;
  room(context, 17 + itemHeight(context, section.items[0]));
  heading(context, section.heading);
  section.items.forEach((item, index) => {
    counter.running += 1;
    itemBlock(context, item, numbered ? `${sectionIndex + 1}.${index + 1}` : String(counter.running), section.heading);
  });
  room(context, lineHeight + 8);
  sheet.text(`Total ${headingName(section.heading)}`, X.description, sheet.y + bold.size + 1, bold);
  sheet.text(money(sectionTotal(section), { dollar: true }), RIGHT - 2, sheet.y + bold.size + 1, bold, 'right');
  sheet.y += lineHeight + 10;
}

function summary(context: Context, document: SorDocument): void {
  const { sheet, style, fonts, body, bold } = context;
  const { recap } = document;
  const items = document.sections.flatMap((section) => section.items);
  const dollars = (cents: number) => money(cents, { dollar: true });
  const markups: RecapRow[] = recap.profit
    ? [
        { label: 'Overhead', rate: percentText(recap.overhead!.rate), amount: dollars(recap.overhead!.amount) },
        { label: 'Profit', rate: percentText(recap.profit.rate), amount: dollars(recap.profit.amount) },
      ]
    : [{ label: 'Overhead & profit', rate: percentText(recap.overhead!.rate), amount: dollars(recap.overhead!.amount) }];
  const rows: RecapRow[] = [
    { label: `${style.costTypes[0]} total`, amount: dollars(items.reduce((sum, item) => sum + item.material, 0)) },
    { label: `${style.costTypes[1]} total`, amount: dollars(items.reduce((sum, item) => sum + item.labor, 0)) },
    { label: 'Subtotal', amount: dollars(recap.subtotal), bold: true, rule: true },
    ...markups,
    ...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })),
    { label: style.totalLabel, amount: dollars(recap.grandTotal), bold: true, rule: true },
  ];
  sheet.ensure(rows.length * 13 + 16);
  sheet.y += 6;
  recapRows(sheet, rows, { labelX: 340, rateX: 480, amountRight: RIGHT - 2, leading: 13, regular: { ...body, size: 9.5 }, bold: { ...bold, size: 10 } });
  sheet.y += 14;
  const terms =
    'This estimate is based on the site visit and the scope above; concealed conditions found during the work are extra by written change order. ' +
    'Payment by draws from the renovation loan as the lender releases them. Prices include labor, materials, clean-up and disposal.';
  sheet.ensure(110);
  sheet.paragraph(terms, LEFT, RIGHT - LEFT, { ...body, size: 8.5 }, 10.5);
  sheet.y += 24;
  for (const [x, label] of [[LEFT, 'Accepted by (owner)'], [330, 'Date']] as const) {
    sheet.rule(x, x + (x === LEFT ? 250 : 120), sheet.y, 0.5);
    sheet.text(label, x, sheet.y + 10, { font: fonts.italic, size: 8.5 });
  }
  sheet.y += 16;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g31-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const contractor = parties.contractor!;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 46, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${style.estimateNumber}`, producer: 'RemodelPro Estimator 8', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const context: Context = { sheet, style, fonts, body, bold: { font: fonts.bold, size: 9 }, lineHeight: 11 };
  sheet.addPage();
  sheet.text(contractor.name, LEFT, 62, { font: fonts.bold, size: 16 });
  const letterhead = [streetLine(contractor.address), cityLine(contractor.address), `Tel. ${contractor.phone}  ·  ${contractor.email}`, `License No. ${contractor.license}`];
  letterhead.forEach((line, index) => sheet.text(line, LEFT, 76 + index * 11, body));
  sheet.box(392, 46, RIGHT - 392, 62, { stroke: 0, thickness: 0.8 });
  sheet.text('ESTIMATE', 482, 64, { font: fonts.bold, size: 14 }, 'center');
  const panel: Array<[string, string]> = [['Estimate No.', style.estimateNumber], ['Date', formatDate(parties.reportDate, 'long')], ['Valid for', `${style.validDays} days`]];
  panel.forEach(([label, value], index) => {
    sheet.text(label, 398, 80 + index * 10.5, { ...body, size: 8.5 });
    sheet.text(value, RIGHT - 6, 80 + index * 10.5, { ...body, size: 8.5 }, 'right');
  });
  sheet.y = 130;
  sheet.rule(LEFT, RIGHT, sheet.y - 6, 0.5);
  labelValues(
    sheet,
    [['Customer:', parties.borrower], ['Job site:', `${streetLine(parties.property)}, ${cityLine(parties.property)}`], ['Lender:', parties.lender]],
    LEFT,
    62,
    context.bold,
    body,
    12,
  );
  sheet.y += 4;
  sheet.paragraph('We propose to furnish the labor and materials for the work below. Each item shows its material and labor cost separately.', LEFT, RIGHT - LEFT, { font: fonts.italic, size: 9 }, 11);
  sheet.y += 8;
  tableHeader(context);
  const numbered = /^\d|^Phase/.test(document.sections[0].heading);
  const counter = { running: 0 };
  document.sections.forEach((section, index) => sectionBlock(context, section, index, numbered, counter));
  summary(context, document);
  sheet.decorate((index, count) => {
    const small: TextStyle = { font: fonts.italic, size: 8 };
    sheet.text(`${contractor.name}  ·  Estimate ${style.estimateNumber}`, LEFT, 764, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 764, small, 'right');
  });
  return sheet.save();
}

function salesTax(random: Random, sections: Section[]): RecapLine[] {
  const rate = random.pick([6, 6.5, 7, 7.5, 8]);
  const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  return [{ label: `Sales tax on materials (${percentText(rate)})`, amount: Math.round((material * rate) / 100) }];
}

const HEADINGS: Array<(ordinal: number, name: string) => string> = [
  (ordinal, name) => `${ordinal}. ${name}`,
  (_ordinal, name) => name.toUpperCase(),
  (ordinal, name) => `Phase ${ordinal} – ${name}`,
];

export const g31: SorFamily = {
  id: 'g31',
  name: 'remodeling estimate with material and labor rows under each item',
  heldOut: false,
  items: [8, 34],
  dateStyle: 'long',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    const grouping = random.chance(0.7) ? 'room' : 'trade';
    const split = random.chance(0.5);
    return {
      itemCount,
      grouping,
      contractorSelected: true,
      heading: ({ ordinal, trade, room }) => heading(ordinal, room ? room.name : trade!.name),
      verbosity: 0.35,
      recap: {
        generalConditions: null,
        overheadAndProfit: split ? [8, 10, 12] : [15, 18, 20],
        split,
        before: salesTax,
      },
    };
  },
  render,
};
