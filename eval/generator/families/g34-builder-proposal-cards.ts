import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, flowLines, labelValueColumns, permitFee, printedFields, recapRows, streetLine, type DrawingContext, type RecapRow } from './parts.js';

/**
 * g34: a builder's proposal printed from construction project-management software (web app),
 * portrait. A square logo with the builder's initials, the builder's address and license, PROPOSAL
 * with its number and dates at the right; "Prepared for" and "Project" blocks side by side and a
 * sentence of thanks. Then every cost group (room or trade) is a card of its own: a shaded title bar
 * with the group's name at the left and its total at the right, sometimes a line of scope in italics,
 * and a small table Description | Qty | Unit | Labor | Materials | Price (labor and materials in
 * either order) with credits as negative amounts; a card that runs over a page goes on with
 * "(continued)". A "Proposal summary" card lists the groups with their totals, the subtotal, the
 * builder's fee, permits and PROPOSAL TOTAL; the payment schedule (draw amounts) and the client's
 * approval follow it.
 */

interface Style {
  app: string;
  laborFirst: boolean;
  scopeLines: boolean;
  feeLabel: string;
  totalLabel: string;
  number: string;
}

function chooseStyle(random: Random): Style {
  return {
    app: random.pick(['BuildLedger', 'Crewline Pro', 'HomeBuilder Cloud']),
    laborFirst: random.chance(0.5),
    scopeLines: random.chance(0.6),
    feeLabel: random.pick(["Builder's fee", 'Contractor fee', 'Overhead & profit']),
    totalLabel: random.pick(['PROPOSAL TOTAL', 'Total Proposal Price', 'TOTAL']),
    number: `${random.pick(['P-', 'PR', '#'])}${random.int(1200, 4999)}`,
  };
}

const LEFT = 44;
const RIGHT = 568;
const BAR = 20;
/** Right edges of the amount columns, left edges of the quantity and unit columns. */
const X = { description: LEFT + 8, quantity: 352, unit: 358, first: 448, second: 508, price: RIGHT - 8 };
const DESCRIPTION_WIDTH = 262;

const SCOPE_LINES = [
  'All labor, material and clean-up for the work listed below.',
  'Finishes and fixtures as selected by the owner within the amounts shown.',
  'Work to be coordinated with the draw inspections of the renovation loan.',
  'Existing surfaces protected; debris hauled off daily.',
  'Includes rough-in inspections where the code requires them.',
];

type Context = DrawingContext<Style>;

const gray = (context: Context, size: number, level = 0.4): TextStyle => ({ font: context.fonts.regular, size, gray: level });

function letterhead(context: Context, document: SorDocument): void {
  const { sheet, fonts, style } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const initials = contractor.name.split(/\s+/).filter((word) => /^[A-Z]/.test(word)).slice(0, 2).map((word) => word[0]).join('');
  sheet.box(LEFT, 40, 46, 46, { fill: 0.3 });
  sheet.text(initials, LEFT + 23, 70, { font: fonts.bold, size: 18, gray: 1 }, 'center');
  sheet.text(contractor.name, LEFT + 58, 52, { font: fonts.bold, size: 13 });
  const lines = [`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, `${contractor.phone}  |  ${contractor.email}`, `License ${contractor.license}`];
  lines.forEach((line, index) => sheet.text(line, LEFT + 58, 64 + index * 10, gray(context, 8)));
  sheet.text('PROPOSAL', RIGHT, 54, { font: fonts.bold, size: 20, gray: 0.25 }, 'right');
  const created = parties.reportDate;
  const panel: Array<[string, string]> = [['Proposal', style.number], ['Date', formatDate(created, 'long')], ['Expires', formatDate(addDays(created, 30), 'long')]];
  panel.forEach(([label, value], index) => {
    sheet.text(label, RIGHT - 118, 68 + index * 10, gray(context, 8));
    sheet.text(value, RIGHT, 68 + index * 10, { font: fonts.regular, size: 8 }, 'right');
  });
  sheet.rule(LEFT, RIGHT, 104, 0.6, 0.6);
}

function partiesBlock(context: Context, document: SorDocument): void {
  const { sheet, fonts, body } = context;
  const { parties: who } = document;
  const caption: TextStyle = { font: fonts.bold, size: 7.5, gray: 0.45 };
  sheet.text('PREPARED FOR', LEFT, 120, caption);
  sheet.text('PROJECT', 316, 120, caption);
  labelValueColumns(
    sheet,
    [
      [LEFT, 0, [['', who.borrower], ['', streetLine(who.property)], ['', cityLine(who.property)]]],
      [316, 52, [['Job', `Renovation – ${streetLine(who.property)}`], ['Lender', who.lender], ['Loan #', who.loanNumber]]],
    ],
    133,
    11,
    gray(context, 8.5),
    body,
  );
  sheet.y = 172;
  flowLines(context, [`Thank you for the opportunity to bid your renovation. This proposal covers the work below, priced by area, to be financed through ${who.lender.replace(/\.$/, '')}.`], LEFT, RIGHT - LEFT, gray(context, 8.5, 0.2));
  sheet.y += 8;
}

function titleBar(context: Context, text: string, amount: string): void {
  const { sheet, fonts } = context;
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, BAR, { fill: 0.9, stroke: 0.55, thickness: 0.6 });
  const bold: TextStyle = { font: fonts.bold, size: 10 };
  sheet.text(text, LEFT + 8, sheet.y + 13.5, bold);
  if (amount) sheet.text(amount, RIGHT - 8, sheet.y + 13.5, bold, 'right');
  sheet.y += BAR;
}

function columnHeads(context: Context): void {
  const { sheet, fonts, style } = context;
  const caption: TextStyle = { font: fonts.bold, size: 7, gray: 0.45 };
  const baseline = sheet.y + 10;
  const [first, second] = style.laborFirst ? ['LABOR', 'MATERIALS'] : ['MATERIALS', 'LABOR'];
  sheet.text('DESCRIPTION', X.description, baseline, caption);
  sheet.text('QTY', X.quantity, baseline, caption, 'right');
  sheet.text('UNIT', X.unit, baseline, caption);
  sheet.text(first, X.first, baseline, caption, 'right');
  sheet.text(second, X.second, baseline, caption, 'right');
  sheet.text('PRICE', X.price, baseline, caption, 'right');
  sheet.rule(LEFT + 6, RIGHT - 6, sheet.y + 14, 0.4, 0.7);
  sheet.y += 17;
}

const itemHeight = (context: Context, item: LineItem): number => context.sheet.wrap(item.description, DESCRIPTION_WIDTH, context.body).length * context.lineHeight + 5;

/** The card's side rules from `top` to the cursor. */
function sides(context: Context, top: number): void {
  context.sheet.vrule(LEFT, top, context.sheet.y, 0.6, 0.55);
  context.sheet.vrule(RIGHT, top, context.sheet.y, 0.6, 0.55);
}

function itemRow(context: Context, item: LineItem): void {
  const { sheet, style, body, lineHeight } = context;
  const lines = sheet.wrap(item.description, DESCRIPTION_WIDTH, body);
  const baseline = sheet.y + body.size + 1;
  lines.forEach((line, index) => sheet.text(line, X.description, baseline + index * lineHeight, body));
  const amount = (cents: number) => money(cents, { dollar: true });
  const [first, second] = style.laborFirst ? [item.labor, item.material] : [item.material, item.labor];
  sheet.text(quantityText(item.quantity), X.quantity, baseline, body, 'right');
  sheet.text(item.unit, X.unit, baseline, body);
  sheet.text(amount(first), X.first, baseline, body, 'right');
  sheet.text(amount(second), X.second, baseline, body, 'right');
  sheet.text(amount(item.total), X.price, baseline, { ...body, font: context.fonts.bold }, 'right');
  sheet.y += itemHeight(context, item);
}

function card(context: Context, section: Section, random: Random): void {
  const { sheet, style, fonts } = context;
  const scope = style.scopeLines ? random.pick(SCOPE_LINES) : '';
  sheet.ensure(BAR + 30 + itemHeight(context, section.items[0]));
  titleBar(context, section.heading, money(sectionTotal(section), { dollar: true }));
  let top = sheet.y;
  if (scope) {
    sheet.text(scope, LEFT + 8, sheet.y + 11, { font: fonts.italic, size: 8, gray: 0.35 });
    sheet.y += 14;
  }
  columnHeads(context);
  for (const item of section.items) {
    if (sheet.y + itemHeight(context, item) + 4 > sheet.bottom) {
      sides(context, top);
      sheet.rule(LEFT, RIGHT, sheet.y, 0.6, 0.55);
      sheet.addPage();
      titleBar(context, `${section.heading} (continued)`, '');
      top = sheet.y;
      columnHeads(context);
    }
    itemRow(context, item);
  }
  sheet.y += 2;
  sides(context, top);
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6, 0.55);
  sheet.y += 12;
}

function summary(context: Context, document: SorDocument): void {
  const { sheet, style, fonts, body } = context;
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const overhead = recap.overhead ? [{ label: `${style.feeLabel} (${percentText(recap.overhead.rate)})`, amount: dollars(recap.overhead.amount) }] : [];
  const rows: RecapRow[] = [
    ...document.sections.map((section) => ({ label: section.heading, amount: dollars(sectionTotal(section)) })),
    { label: 'Subtotal', amount: dollars(recap.subtotal), bold: true, rule: true },
    ...overhead,
    ...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })),
    { label: style.totalLabel, amount: dollars(recap.grandTotal), bold: true, rule: true },
  ];
  const height = BAR + rows.length * 14 + 16;
  sheet.ensure(height);
  titleBar(context, 'Proposal summary', '');
  const top = sheet.y;
  sheet.y += 6;
  recapRows(sheet, rows, { labelX: LEFT + 8, amountRight: RIGHT - 8, ruleFrom: 300, leading: 14, regular: body, bold: { font: fonts.bold, size: 10 } });
  sheet.y += 4;
  sides(context, top);
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6, 0.55);
  sheet.y += 16;
}

function payments(context: Context, document: SorDocument): void {
  const { sheet, fonts, body } = context;
  const { after } = document.recap;
  sheet.ensure(after.length * 12 + 110);
  sheet.text('Payment schedule', LEFT, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 16;
  recapRows(sheet, after.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })), { labelX: LEFT + 8, amountRight: 330, leading: 12, regular: { ...body, size: 8.5 }, bold: body });
  sheet.y += 14;
  flowLines(
    context,
    ['By signing below the client accepts this proposal, its scope and payment schedule. Changes to the scope are made by written change order and may change the price.'],
    LEFT,
    RIGHT - LEFT,
    gray(context, 8, 0.25),
  );
  sheet.y += 26;
  for (const [x, label] of [[LEFT, 'Client signature'], [250, 'Printed name'], [440, 'Date']] as const) {
    sheet.rule(x, x + (x === 440 ? RIGHT - 440 : 180), sheet.y, 0.5);
    sheet.text(label, x, sheet.y + 10, gray(context, 7.5));
  }
  sheet.y += 16;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g34-render');
  const style = chooseStyle(random.child('style'));
  const { parties: who } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 46, bottom: 54, left: LEFT, right: 612 - RIGHT }, title: `Proposal ${style.number}`, producer: `${style.app} Proposals`, date: who.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: Context = { sheet, style, fonts, body: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 }, lineHeight: 10.5 };
  sheet.addPage();
  letterhead(context, document);
  partiesBlock(context, document);
  document.sections.forEach((section, index) => card(context, section, random.child(`scope ${index}`)));
  summary(context, document);
  payments(context, document);
  sheet.decorate((index, count) => {
    const small = gray(context, 7);
    sheet.text(`${who.contractor!.name}  ·  Proposal ${style.number}  ·  ${who.borrower}`, LEFT, 762, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 762, small, 'right');
  });
  return sheet.save();
}

/** Draws of the proposal total: a deposit, then stages, the last taking what is left so they add up. */
function drawSchedule(random: Random, grandTotal: number): RecapLine[] {
  const plan = random.pick<Array<[string, number]>>([
    [['Deposit at signing', 10], ['Rough-in complete', 40], ['Drywall and cabinets set', 30], ['Final completion', 20]],
    [['Deposit', 20], ['Start of work', 30], ['Substantial completion', 40], ['Final walk-through', 10]],
    [['At loan closing', 25], ['Midpoint draw', 50], ['Final draw', 25]],
  ]);
  let left = grandTotal;
  return plan.map(([label, rate], index) => {
    const amount = index === plan.length - 1 ? left : Math.round((grandTotal * rate) / 100);
    left -= amount;
    return { label: `${label} (${rate}%)`, amount };
  });
}

export const g34: SorFamily = {
  id: 'g34',
  name: "builder's proposal with each cost group in a card of its own",
  heldOut: false,
  items: [8, 36],
  dateStyle: 'long',
  printed: printedFields({ consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => {
    const numbered = random.chance(0.4);
    const grouping = random.chance(0.65) ? 'room' : 'trade';
    return {
      itemCount,
      grouping,
      contractorSelected: true,
      heading: ({ ordinal, trade, room }) => {
        const name = room ? room.name : trade!.name;
        return numbered ? `${String(ordinal).padStart(2, '0')} · ${name}` : name;
      },
      verbosity: 0.3,
      credits: 0.2,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.75) ? [10, 12, 15, 18] : null,
        before: (inner) => permitFee(inner, 0.6, ['Permits & inspection fees', 'Building permit', 'Permit allowance'], 1400),
        after: drawSchedule,
      },
    };
  },
  render,
};
