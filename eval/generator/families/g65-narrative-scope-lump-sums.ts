import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, flowLines, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g65: a small remodeling contractor's proposal, portrait, typed in Courier 9.5: the scope in words first,
 * the price after it. A centred letterhead, the date, "Submitted to" and "Job location" lines, a sentence
 * naming the lender and the consultant's write-up; then SCOPE OF WORK: each room a heading followed by its
 * work as dashed lines of text, unpriced. Then PRICE: a short ruled table Description | Amount with one lump
 * sum per room (the room's name as the scope names it) and lines for the permit and the dumpster, no
 * quantities; the TOTAL CONTRACT PRICE under it, no subtotal. After the total, the PAYMENT SCHEDULE: a
 * deposit and draws, each with its percentage and amount, then the terms and signatures.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['PROPOSAL', 'PROPOSAL & CONTRACT', 'RENOVATION PROPOSAL'],
    scopeTitle: ['SCOPE OF WORK', 'WORK TO BE PERFORMED', 'SCOPE'],
    priceTitle: ['PRICE', 'PRICING', 'CONTRACT PRICE BREAKDOWN'],
    totalLabel: ['TOTAL CONTRACT PRICE', 'TOTAL PRICE', 'CONTRACT TOTAL'],
    scheduleTitle: ['PAYMENT SCHEDULE', 'DRAW SCHEDULE', 'PAYMENTS'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 60;
const RIGHT = 552;
const AMOUNT = 470;

const PERMITS = ['Building permit', 'Permits & inspection fees', 'Permit fees'];
const DUMPSTERS = ['Dumpster & debris removal', 'Roll-off dumpster rental', 'Dumpster / haul-off'];

/** The draw stages in order, with the percentages a schedule of that many draws uses. */
const SCHEDULES: Array<Array<[label: string, percent: number]>> = [
  [['Deposit at signing', 10], ['Draw 1 - rough-in inspections passed', 40], ['Draw 2 - drywall and cabinets set', 40], ['Final payment - completion and final inspection', 10]],
  [['Deposit upon acceptance', 30], ['Second payment - rough-in complete', 30], ['Third payment - finishes installed', 30], ['Balance on completion', 10]],
  [['Down payment', 25], ['Progress payment 1', 25], ['Progress payment 2', 25], ['Final payment on completion', 25]],
  [['Deposit', 33], ['Mid-project draw', 33], ['Upon completion', 34]],
];

/** The permit and the dumpster: lines of the price table that are no room's. */
function feeSection(random: Random): Section[] {
  const line = (description: string, cents: number): LineItem => ({ description, quantity: 1, unit: 'LS', materialRate: cents, laborRate: 0, material: cents, labor: 0, equipment: 0, tax: 0, total: cents });
  const permit = line(random.pick(PERMITS), random.int(12, 48) * 2500);
  const dumpster = line(random.pick(DUMPSTERS), random.int(1, 3) * random.int(19, 26) * 2500);
  return [{ heading: '', items: [permit, dumpster] }];
}

/** The deposit and draws after the total: percentages of it, the last taking what rounding left. */
function paymentSchedule(random: Random, grandTotal: number): RecapLine[] {
  const stages = random.pick(SCHEDULES);
  let left = grandTotal;
  return stages.map(([label, percent], index) => {
    const amount = index === stages.length - 1 ? left : Math.round((grandTotal * percent) / 100);
    left -= amount;
    return { label: `${label} (${percent}%)`, amount };
  });
}

const rooms = (document: SorDocument): Section[] => document.sections.filter((section) => section.heading !== '');
const fees = (document: SorDocument): LineItem[] => document.sections.filter((section) => section.heading === '').flatMap((section) => section.items);

/** The rows of the price table: one lump sum per room, its description the room's name, then the fees. */
function priceSections(document: SorDocument): Section[] {
  const lump = (section: Section): LineItem => {
    const total = sectionTotal(section);
    return { description: section.heading, quantity: 1, unit: 'LS', materialRate: 0, laborRate: 0, material: 0, labor: 0, equipment: 0, tax: 0, total };
  };
  return [{ heading: '', items: [...rooms(document).map(lump), ...fees(document)] }];
}

function letterhead(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const centre = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name.toUpperCase(), centre, 56, { ...bold, size: 12 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, centre, 69, body, 'center');
  sheet.text(`Tel. ${contractor.phone}   License No. ${contractor.license}`, centre, 80, body, 'center');
  sheet.rule(LEFT, RIGHT, 88, 0.6);
  sheet.text(style.title, centre, 108, { ...bold, size: 11 }, 'center');
  sheet.y = 122;
  const lines = [
    `Date: ${formatDate(parties.reportDate, 'long')}`,
    `Submitted to: ${parties.borrower}`,
    `Job location: ${streetLine(parties.property)}, ${cityLine(parties.property)}`,
    '',
    `We propose to furnish the labor and materials for the work below, financed through ${parties.lender} and as listed in the work write-up of ${parties.consultant}. Work not listed is not included.`,
    '',
  ];
  flowLines(context, lines, LEFT, RIGHT - LEFT);
}

function scope(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, bold, body, lineHeight } = context;
  sheet.ensure(3 * lineHeight);
  sheet.text(style.scopeTitle, LEFT, sheet.y + bold.size, bold);
  sheet.y += lineHeight * 1.5;
  const width = RIGHT - LEFT - 22;
  for (const section of rooms(document)) {
    sheet.ensure((1 + sheet.wrap(section.items[0].description, width, body).length) * lineHeight);
    sheet.text(section.heading, LEFT, sheet.y + bold.size, bold);
    sheet.rule(LEFT, LEFT + sheet.textWidth(section.heading, bold), sheet.y + bold.size + 1.5, 0.5);
    sheet.y += lineHeight;
    for (const item of section.items) {
      const lines = sheet.wrap(item.description, width, body);
      sheet.ensure(lines.length * lineHeight);
      sheet.text('-', LEFT + 10, sheet.y + body.size, body);
      flowLines(context, lines, LEFT + 22, width);
    }
    sheet.y += lineHeight / 2;
  }
}

function priceTable(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, bold, body, lineHeight } = context;
  const [section] = priceSections(document);
  sheet.ensure((section.items.length + 5) * lineHeight);
  sheet.y += lineHeight / 2;
  sheet.text(style.priceTitle, LEFT, sheet.y + bold.size, bold);
  sheet.y += lineHeight * 1.5;
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6);
  sheet.text('Description', LEFT + 4, sheet.y + bold.size + 2, bold);
  sheet.text('Amount', RIGHT - 4, sheet.y + bold.size + 2, bold, 'right');
  sheet.y += lineHeight + 2;
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6);
  sheet.y += 3;
  for (const item of section.items) {
    sheet.text(item.description, LEFT + 4, sheet.y + body.size, body);
    sheet.text(money(item.total, { dollar: true }), RIGHT - 4, sheet.y + body.size, body, 'right');
    sheet.y += lineHeight;
  }
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6);
  sheet.y += 3;
  sheet.text(style.totalLabel, LEFT + 4, sheet.y + bold.size, bold);
  sheet.text(money(document.recap.grandTotal, { dollar: true }), RIGHT - 4, sheet.y + bold.size, bold, 'right');
  sheet.y += lineHeight;
  sheet.rule(LEFT, RIGHT, sheet.y, 0.6);
  sheet.rule(LEFT, RIGHT, sheet.y + 2, 0.6);
  sheet.y += lineHeight;
}

function payments(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, bold, body, lineHeight } = context;
  const { after } = document.recap;
  sheet.ensure((after.length + 9) * lineHeight);
  sheet.text(style.scheduleTitle, LEFT, sheet.y + bold.size, bold);
  sheet.y += lineHeight * 1.5;
  for (const line of after) {
    sheet.text(line.label, LEFT + 10, sheet.y + body.size, body);
    sheet.text(money(line.amount, { dollar: true }), AMOUNT, sheet.y + body.size, body, 'right');
    sheet.y += lineHeight;
  }
  sheet.y += lineHeight / 2;
  flowLines(context, ['Draws are requested as each stage is inspected and approved by the lender. Changes to the work are priced in writing before they are done. This proposal may be withdrawn if not accepted within 30 days.'], LEFT, RIGHT - LEFT);
  sheet.y += lineHeight * 2;
  sheet.text('Accepted: ______________________  Date: _________', LEFT, sheet.y, body);
  sheet.y += lineHeight * 1.5;
  sheet.text('Contractor: ____________________  Date: _________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g65-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 50, bottom: 56, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${parties.borrower}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const body: TextStyle = { font: fonts.regular, size: 9.5 };
  const bold: TextStyle = { font: fonts.bold, size: 9.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11.5 };
  sheet.addPage();
  letterhead(context, document, style);
  scope(context, document, style);
  priceTable(context, document, style);
  payments(context, document, style);
  sheet.decorate((index, count) => {
    if (count > 1) sheet.text(`Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 8 }, 'center');
  });
  return sheet.save();
}

export const g65: SorFamily = {
  id: 'g65',
  name: "contractor's proposal with the scope in words by room, unpriced, then a price table of lump sums (one per room, the permit and the dumpster) and a payment schedule after the total",
  heldOut: false,
  items: [16, 40],
  dateStyle: 'long',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', inspectionDate: false, subtotal: false }),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ room }) => room!.name,
    verbosity: 0.35,
    extraSections: (random) => feeSection(random),
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      after: (random, grandTotal) => paymentSchedule(random, grandTotal),
    },
  }),
  render,
  printedSections: priceSections,
};
