import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import type { Unit } from '../work-items.js';
import { amountInWords, cityLine, flowLines, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g73: a contractor's bid typed as a letter in Times 10.5, with no table. A centred letterhead, the date, then two
 * columns of text: "Submitted to" (owner, property, lender) at the left and a paragraph of proposal naming the
 * consultant's write-up at the right. The work follows as numbered paragraphs under trade headings in
 * underlined capitals: each paragraph hangs from its number ("7."), runs over one to four lines, ends with its
 * quantity written out in words in parentheses ("(140 lin. ft.)", "(1 lump sum)") and carries its price at the
 * right margin after a dot leader on its last line. After each trade, "Total PLUMBING" on a leader. The recap,
 * on leaders too: the sub-total, overhead and profit sometimes, sales tax on materials, a permit allowance, and
 * the TOTAL AMOUNT OF BID with the amount in words under it; then the terms and the signatures.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['TOTAL AMOUNT OF BID', 'TOTAL BID AMOUNT', 'AMOUNT OF PROPOSAL'],
    subtotalLabel: ['Sub-total', 'Sub-total of work', 'Total of items'],
    sectionTotals: [true, true, false],
    dollar: [true, false],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 72;
const RIGHT = 540;
const HANG = 26;
const LEADING = 13.5;

const UNIT_WORDS: Record<Unit, [one: string, many: string]> = {
  EA: ['each', 'each'],
  LF: ['lin. ft.', 'lin. ft.'],
  SF: ['sq. ft.', 'sq. ft.'],
  SY: ['sq. yd.', 'sq. yd.'],
  SQ: ['square', 'squares'],
  LS: ['lump sum', 'lump sum'],
  HR: ['hour', 'hours'],
  CY: ['cu. yd.', 'cu. yd.'],
};

/** "Replace gutters (140 lin. ft.)": the quantity in words after the work text. */
const withQuantity = (text: string, quantity: number, unit: Unit): string => `${text} (${quantityText(quantity)} ${UNIT_WORDS[unit][quantity === 1 ? 0 : 1]})`;

/** Dots from just after the text to just before the amount, on whole-dot positions so columns of leaders line up. */
function leaders(sheet: Sheet, from: number, to: number, baseline: number, style: TextStyle): void {
  const dot = sheet.textWidth('. ', style);
  const start = Math.ceil((from + 5) / dot) * dot;
  const count = Math.floor((to - 5 - start) / dot);
  if (count > 1) sheet.text('. '.repeat(count).trimEnd(), start, baseline, style);
}

/** A line at `x` with its amount at the right margin after a leader. */
function leaderLine(context: TextContext, label: string, amount: string, x: number, style: TextStyle): void {
  const { sheet } = context;
  sheet.ensure(LEADING);
  const baseline = sheet.y + style.size;
  sheet.text(label, x, baseline, style);
  leaders(sheet, x + sheet.textWidth(label, style), RIGHT - sheet.textWidth(amount, style), baseline, style);
  sheet.text(amount, RIGHT, baseline, style, 'right');
  sheet.y += LEADING;
}

function paragraph(context: TextContext, number: number, item: LineItem, price: string): void {
  const { sheet, body } = context;
  const lines = sheet.wrap(item.description, RIGHT - LEFT - HANG - 90, body);
  sheet.ensure(lines.length * LEADING);
  sheet.text(`${number}.`, LEFT, sheet.y + body.size, body);
  lines.forEach((line, index) => {
    if (index < lines.length - 1) {
      sheet.text(line, LEFT + HANG, sheet.y + body.size, body);
      sheet.y += LEADING;
    } else {
      leaderLine(context, line, price, LEFT + HANG, body);
    }
  });
  sheet.y += 3;
}

function opening(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const middle = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name, middle, 60, { ...bold, size: 15 }, 'center');
  sheet.text(`${streetLine(contractor.address)}  |  ${cityLine(contractor.address)}`, middle, 74, { ...body, size: 9.5 }, 'center');
  sheet.text(`Telephone ${contractor.phone}  |  License No. ${contractor.license}`, middle, 86, { ...body, size: 9.5 }, 'center');
  sheet.rule(LEFT, RIGHT, 93, 0.6);
  sheet.text(formatDate(parties.reportDate, 'long'), LEFT, 114, body);
  sheet.text('PROPOSAL', RIGHT, 114, { ...bold, size: 12 }, 'right');
  const top = 130;
  sheet.y = top;
  flowLines(context, ['Submitted to:'], LEFT, 200, bold);
  flowLines(context, [parties.borrower, streetLine(parties.property), cityLine(parties.property), `Lender: ${parties.lender}`], LEFT, 210);
  const left = sheet.y;
  sheet.y = top;
  const text =
    `We propose to furnish all labor, material and equipment for the repairs listed below at the property, as set out in the ` +
    `work write-up of ${parties.consultant}, 203(k) consultant, from the inspection of ${formatDate(parties.inspectionDate, 'long')}, ` +
    'for the prices stated after each item.';
  flowLines(context, [text], 300, RIGHT - 300);
  sheet.y = Math.max(left, sheet.y) + 14;
}

function recapLines(context: TextContext, document: SorDocument, style: Style, price: (cents: number) => string): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  sheet.ensure(LEADING * (4 + recap.before.length));
  sheet.y += 8;
  sheet.rule(RIGHT - 110, RIGHT, sheet.y - 3, 0.6);
  leaderLine(context, style.subtotalLabel, price(recap.subtotal), LEFT, body);
  if (recap.overhead) leaderLine(context, `Overhead and profit (${percentText(recap.overhead.rate)})`, price(recap.overhead.amount), LEFT, body);
  for (const line of recap.before) leaderLine(context, line.label, price(line.amount), LEFT, body);
  sheet.y += 3;
  leaderLine(context, style.totalLabel, price(recap.grandTotal), LEFT, { ...bold, size: 11 });
  flowLines({ ...context, lineHeight: LEADING }, [`(${amountInWords(recap.grandTotal)})`], LEFT, RIGHT - LEFT, { ...body, font: context.fonts.italic });
}

function closing(context: TextContext): void {
  const { sheet } = context;
  sheet.y += 12;
  flowLines({ ...context, lineHeight: LEADING }, [
    'Terms: payment in draws as released by the lender after inspection. Any change to the work above is to be agreed in writing ' +
      'before it is done. This proposal may be withdrawn if not accepted within 30 days.',
  ], LEFT, RIGHT - LEFT);
  sheet.ensure(50);
  sheet.y += 24;
  sheet.text('Respectfully submitted: ___________________________', LEFT, sheet.y, context.body);
  sheet.y += 22;
  sheet.text('Accepted: ___________________________   Date: ____________', LEFT, sheet.y, context.body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g73-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 60, bottom: 64, left: LEFT, right: 612 - RIGHT }, title: `Proposal - ${streetLine(parties.property)}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 10.5 };
  const bold: TextStyle = { font: fonts.bold, size: 10.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: LEADING };
  const price = (cents: number) => money(cents, { dollar: style.dollar });
  sheet.addPage();
  opening(context, document);
  let number = 0;
  for (const section of document.sections) {
    sheet.ensure(LEADING * 3 + 8);
    sheet.y += 6;
    const width = sheet.textWidth(section.heading, bold);
    sheet.text(section.heading, LEFT, sheet.y + bold.size, bold);
    sheet.rule(LEFT, LEFT + width, sheet.y + bold.size + 2, 0.6);
    sheet.y += LEADING + 3;
    for (const item of section.items) {
      number += 1;
      paragraph(context, number, item, price(item.total));
    }
    if (style.sectionTotals) leaderLine(context, `Total ${section.heading}`, price(sectionTotal(section)), LEFT + HANG, bold);
  }
  recapLines(context, document, style, price);
  closing(context);
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 760, { ...body, size: 9 }, 'center');
  });
  return sheet.save();
}

/** Sales tax on the materials, which the bid does not print line by line, above the total. */
function materialTax(random: Random, sections: Section[]): RecapLine[] {
  const rate = random.pick([4, 5, 6, 6.5, 7]);
  const material = sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0);
  return [{ label: `Sales tax on materials (${percentText(rate)})`, amount: Math.round((material * rate) / 100) }];
}

/** The permit allowance, in steps of $50. */
const permitAllowance = (random: Random): RecapLine => ({ label: 'Permit allowance', amount: random.int(4, 20) * 5000 });

export const g73: SorFamily = {
  id: 'g73',
  name: 'bid typed as a letter with no table: numbered hanging paragraphs under underlined trade headings, the quantity in words in parentheses at the end of each, prices after dot leaders, sales tax on materials and a permit allowance above the total',
  heldOut: false,
  items: [8, 34],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.45,
    withQuantity,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.5) ? [10, 15] : null,
      before: (inner, sections) => [...materialTax(inner, sections), permitAllowance(inner)],
    },
  }),
  render,
};
