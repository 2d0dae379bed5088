import { addDays, formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import type { TradeId } from '../work-items.js';
import { cityLine, permitFee, pickEach, printedFields, streetLine, workItemOf, type TextContext } from './parts.js';

/**
 * g78: a remodeler's estimate typed in a word-processor template, portrait, Helvetica 8.5. The company at the top
 * left, ESTIMATE with its number, date and "Valid until" at the top right; PREPARED FOR (the owner and the job
 * site) and FINANCING (lender, loan and FHA case numbers, the 203(k) consultant and the inspection date) side by
 * side. The table: Item | Scope of Work | Qty | Unit | Material | Labor | $ | Total under a dark header band. Each
 * item is its description in bold, then one to three unpriced bullet lines of what the item includes
 * ("• Shut off and drain supply lines"); its quantity, unit and amounts stand on the item's LAST line, beside the
 * last bullet, and the "$" of the total is a cell of its own left of the right-aligned amount. Trades are bold
 * headings with a rule under them, each closed by "Total <trade>". The recap at the right under the table:
 * subtotal, overhead and profit as two percentages sometimes, a dumpster and permit allowance sometimes and
 * ESTIMATE TOTAL in a box; the owner's acceptance below.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'TOTAL PROJECT PRICE'],
    sectionLabel: ['Total {t}', '{t} Total'],
    validDays: [30, 45, 60],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;
/** Column edges: item number, scope, quantity, unit, material, labor, dollar sign, total. */
const X = { item: LEFT, scope: LEFT + 30, quantity: 366, unit: 372, material: 446, labor: 500, dollar: 514, total: RIGHT - 4 };
const LINE = 10.5;

/** What an item of each trade includes, as the bullet lines under it. */
const INCLUDES: Record<TradeId, string[]> = {
  general: ['Schedule and coordinate inspections', 'Daily cleanup of work areas', 'Protect floors along the path of travel'],
  demolition: ['Disconnect and cap utilities as needed', 'Load out and haul debris to landfill', 'Broom clean on completion'],
  concrete: ['Saw cut and remove existing', 'Compact base, set forms and reinforcing', 'Broom finish and cure'],
  masonry: ['Rake out loose mortar joints', 'Match existing mortar color', 'Clean brick on completion'],
  carpentry: ['Verify framing is plumb and level', 'Fasteners, shims and adhesive', 'Caulk and fill nail holes, ready for paint'],
  roofing: ['Tear off to deck, inspect sheathing', 'Ice and water shield at eaves and valleys', 'Magnetic sweep of yard for nails'],
  openings: ['Remove existing unit and dispose', 'Flash and insulate rough opening', 'Adjust hardware and weatherstrip'],
  finishes: ['Prep and patch substrate', 'Prime and two finish coats', 'Transitions and trim at doorways'],
  cabinets: ['Set boxes level and scribe to walls', 'Install hardware and adjust doors', 'Connect and test appliances'],
  plumbing: ['Shut off and drain supply lines', 'New shut-off valves and supply lines', 'Test for leaks and proper drainage'],
  hvac: ['Recover refrigerant per EPA rules', 'Start up, balance and test system', 'Register warranty with owner'],
  electrical: ['Work by licensed electrician', 'Verify circuits with tester', 'Label panel directory'],
  site: ['Call 811 before digging', 'Grade away from foundation', 'Rake and seed disturbed areas'],
};

/** The bullet lines under an item: one to three from its trade, none under a short general or credit line. */
function bulletsOf(document: SorDocument, item: LineItem, index: number): string[] {
  const random = new Random(document.seed).child(`g78 bullets ${index}`);
  if (item.total < 0 || (item.unit === 'LS' && random.chance(0.3))) return [];
  return random.sample(INCLUDES[workItemOf(item).trade], random.int(1, 3));
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 52, { ...bold, size: 15 });
  sheet.text(streetLine(contractor.address), LEFT, 65, body);
  sheet.text(cityLine(contractor.address), LEFT, 75.5, body);
  sheet.text(`${contractor.phone}   ${contractor.email}`, LEFT, 86, body);
  sheet.text(`License No. ${contractor.license}`, LEFT, 96.5, body);
  sheet.text('ESTIMATE', RIGHT, 56, { ...bold, size: 22, gray: 0.25 }, 'right');
  const facts: Array<[string, string]> = [
    ['Estimate #', parties.fileNumber],
    ['Date', formatDate(parties.reportDate, 'us')],
    ['Valid until', formatDate(addDays(parties.reportDate, style.validDays), 'us')],
  ];
  facts.forEach(([label, value], index) => {
    sheet.text(label, RIGHT - 110, 74 + index * 10.5, bold);
    sheet.text(value, RIGHT, 74 + index * 10.5, body, 'right');
  });
  sheet.rule(LEFT, RIGHT, 108, 1.5, 0.25);
  const caption = { ...bold, size: 7, gray: 0.35 };
  sheet.text('PREPARED FOR', LEFT, 124, caption);
  [parties.borrower, `Job site: ${streetLine(parties.property)}`, cityLine(parties.property)].forEach((text, index) =>
    sheet.text(text, LEFT, 135 + index * 10.5, index === 0 ? bold : body));
  sheet.text('FINANCING', 320, 124, caption);
  const financing: Array<[string, string]> = [
    ['Lender', parties.lender],
    ['Loan No.', parties.loanNumber],
    ['FHA Case No.', parties.fhaCaseNumber],
    ['203(k) Consultant', parties.consultant],
    ['Inspection date', formatDate(parties.inspectionDate, 'us')],
  ];
  financing.forEach(([label, value], index) => {
    sheet.text(label, 320, 135 + index * 10.5, body);
    sheet.text(value, 400, 135 + index * 10.5, body);
  });
  sheet.y = 196;
}

function tableHeader(context: TextContext): void {
  const { sheet, bold } = context;
  const white: TextStyle = { ...bold, size: 8, gray: 1 };
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 15, { fill: 0.22 });
  const baseline = sheet.y + 10.5;
  sheet.text('Item', X.item + 3, baseline, white);
  sheet.text('Scope of Work', X.scope, baseline, white);
  sheet.text('Qty', X.quantity, baseline, white, 'right');
  sheet.text('Unit', X.unit, baseline, white);
  sheet.text('Material', X.material, baseline, white, 'right');
  sheet.text('Labor', X.labor, baseline, white, 'right');
  sheet.text('Total', X.total, baseline, white, 'right');
  sheet.y += 19;
}

function heading(context: TextContext, text: string): void {
  const { sheet, bold } = context;
  sheet.text(text, X.scope, sheet.y + 10, { ...bold, size: 9.5 });
  sheet.rule(X.scope, RIGHT, sheet.y + 13, 0.6);
  sheet.y += 17;
}

/** A new page with the table header and the heading carried over, when `height` more points do not fit. */
function room(context: TextContext, height: number, carried: string | null): void {
  if (!context.sheet.ensure(height)) return;
  tableHeader(context);
  if (carried) heading(context, `${carried} (continued)`);
}

/** An item's bold description lines and its bullet lines (each with whether it starts a bullet). */
function itemLines(context: TextContext, document: SorDocument, item: LineItem, number: number): { title: string[]; bullets: Array<readonly [boolean, string]> } {
  const { sheet, body, bold } = context;
  const width = X.quantity - 40 - X.scope;
  const title = sheet.wrap(item.description, width, bold);
  const bullets = bulletsOf(document, item, number).flatMap((text) => sheet.wrap(text, width - 10, body).map((line, index) => [index === 0, line] as const));
  return { title, bullets };
}

const blockHeight = ({ title, bullets }: ReturnType<typeof itemLines>): number => (title.length + bullets.length) * LINE + 5;

function items(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  let number = 0;
  for (const section of document.sections) {
    room(context, 17 + blockHeight(itemLines(context, document, section.items[0], number + 1)), null);
    heading(context, section.heading);
    for (const item of section.items) {
      number += 1;
      const lines = itemLines(context, document, item, number);
      const { title, bullets } = lines;
      const height = blockHeight(lines);
      room(context, height, section.heading);
      const top = sheet.y;
      sheet.text(String(number), X.item + 3, top + 8.5, body);
      title.forEach((line, index) => sheet.text(line, X.scope, top + 8.5 + index * LINE, bold));
      bullets.forEach(([first, line], index) => {
        const baseline = top + 8.5 + (title.length + index) * LINE;
        if (first) sheet.text('\u2022', X.scope + 2, baseline, body);
        sheet.text(line, X.scope + 10, baseline, body);
      });
      const last = top + 8.5 + (title.length + bullets.length - 1) * LINE;
      sheet.text(quantityText(item.quantity), X.quantity, last, body, 'right');
      sheet.text(item.unit, X.unit, last, body);
      sheet.text(money(item.material, { parentheses: true }), X.material, last, body, 'right');
      sheet.text(money(item.labor, { parentheses: true }), X.labor, last, body, 'right');
      sheet.text('$', X.dollar, last, body);
      sheet.text(money(item.total, { parentheses: true }), X.total, last, body, 'right');
      sheet.rule(X.scope, RIGHT, top + height - 1, 0.3, 0.7);
      sheet.y += height;
    }
    room(context, 18, section.heading);
    const baseline = sheet.y + 9;
    sheet.text(style.sectionLabel.replace('{t}', section.heading), X.labor, baseline, bold, 'right');
    sheet.text('$', X.dollar, baseline, bold);
    sheet.text(money(sectionTotal(section)), X.total, baseline, bold, 'right');
    sheet.y += 18;
  }
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const rows: Array<[string, number]> = [['Subtotal', totals.subtotal]];
  if (totals.overhead) rows.push([`Overhead (${percentText(totals.overhead.rate)})`, totals.overhead.amount]);
  if (totals.profit) rows.push([`Profit (${percentText(totals.profit.rate)})`, totals.profit.amount]);
  for (const line of totals.before) rows.push([line.label, line.amount]);
  sheet.ensure(rows.length * 12 + 110);
  sheet.y += 6;
  for (const [label, amount] of rows) {
    sheet.text(label, 340, sheet.y + 9, body);
    sheet.text('$', X.dollar, sheet.y + 9, body);
    sheet.text(money(amount), X.total, sheet.y + 9, body, 'right');
    sheet.y += 12;
  }
  sheet.box(334, sheet.y + 1, RIGHT - 334, 17, { stroke: 0, thickness: 1 });
  sheet.text(style.totalLabel, 340, sheet.y + 13, { ...bold, size: 9.5 });
  sheet.text('$', X.dollar, sheet.y + 13, { ...bold, size: 9.5 });
  sheet.text(money(totals.grandTotal), X.total, sheet.y + 13, { ...bold, size: 9.5 }, 'right');
  sheet.y += 34;
  sheet.text('ACCEPTANCE OF ESTIMATE', LEFT, sheet.y + 8, bold);
  sheet.y += 12;
  sheet.paragraph('The prices, scope and conditions above are satisfactory and are hereby accepted. Work is priced as described; the bulleted lines describe what each priced item includes and are not priced separately.', LEFT, RIGHT - LEFT, body, LINE);
  sheet.y += 16;
  sheet.text('Owner signature ___________________________   Date __________        Contractor ___________________________', LEFT, sheet.y + 8, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g78-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'Microsoft Word for Microsoft 365', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: TextContext = { sheet, fonts, body: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 }, lineHeight: LINE };
  sheet.addPage();
  header(context, document, style);
  tableHeader(context);
  items(context, document, style);
  recap(context, document, style);
  sheet.decorate((index, count) => {
    sheet.text(`Estimate # ${parties.fileNumber}`, LEFT, 770, { ...context.body, size: 7, gray: 0.4 });
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, { ...context.body, size: 7, gray: 0.4 }, 'right');
  });
  return sheet.save();
}

export const g78: SorFamily = {
  id: 'g78',
  name: 'word-processor estimate with each priced item in bold followed by unpriced bullet lines of what it includes, the quantity, unit and amounts on the item\'s last line (bottom-aligned), a "$" cell of its own before each total, and "Total <trade>" rows',
  heldOut: false,
  items: [8, 34],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const markups = random.chance(0.6);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => trade!.name,
      verbosity: 0.2,
      credits: 0.12,
      recap: {
        generalConditions: null,
        overheadAndProfit: markups ? [8, 10, 12] : null,
        split: markups,
        before: (inner) => permitFee(inner, 0.5, ['Dumpster & permit allowance', 'Permit and disposal allowance'], 900),
      },
    };
  },
  render,
};
