import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { cityLine, oneLine, permitFee, pickEach, printedFields, roomHeading, type TextContext } from './parts.js';

/**
 * g81: an estimate exported from a contractor's tablet app, landscape, Helvetica. A dark app bar with the company
 * and "Estimate #", a strip of label: value facts (client, job site, lender, consultant, inspected on, license,
 * phone). No table: each room is a shaded banner across the page with its name at the left and "n items ·
 * $12,340.00" at the right, and every item is a card of its own, three cards across: "#7" and the description in
 * bold at the top, then label: value lines, Quantity ("12 LF"), Material, Labor and Line total, the amounts with
 * "$" and a credit with a minus sign. Cards read across each row, then down; a row that does not fit goes to the
 * next page, the banner repeated with "(cont.)". The last card row is followed by a summary card at the right:
 * subtotal, markup as a percentage sometimes, a permit sometimes, Total and the deposit due after it.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    app: ['JobPad', 'SiteTab Pro', 'BidBoard'],
    markupLabel: ['Markup', 'Overhead & profit', 'Contractor markup'],
    totalLabel: ['Total', 'Estimate total', 'Grand total'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 30;
const RIGHT = 762;
const GAP = 10;
const ACROSS = 3;
const CARD = (RIGHT - LEFT - GAP * (ACROSS - 1)) / ACROSS;
const LINE = 10.5;

const dollarsText = (cents: number) => (cents < 0 ? `-${money(-cents, { dollar: true })}` : money(cents, { dollar: true }));

function cardFields(item: LineItem): Array<[string, string]> {
  return [
    ['Quantity', `${quantityText(item.quantity)} ${item.unit}`],
    ['Material', dollarsText(item.material)],
    ['Labor', dollarsText(item.labor)],
    ['Line total', dollarsText(item.total)],
  ];
}

function titleLines(context: TextContext, item: LineItem, number: number): string[] {
  return context.sheet.wrap(`#${number}  ${item.description}`, CARD - 16, context.bold);
}

const cardHeight = (lines: string[]): number => (lines.length + 4) * LINE + 14;

function card(context: TextContext, item: LineItem, lines: string[], x: number, top: number, height: number): void {
  const { sheet, body, bold } = context;
  sheet.box(x, top, CARD, height, { stroke: 0.55, thickness: 0.7 });
  lines.forEach((line, index) => sheet.text(line, x + 8, top + 12 + index * LINE, bold));
  const first = top + 12 + lines.length * LINE + 4;
  sheet.rule(x + 8, x + CARD - 8, first - 8, 0.4, 0.7);
  const gray: TextStyle = { ...body, gray: 0.35 };
  cardFields(item).forEach(([label, value], index) => {
    const baseline = first + index * LINE;
    const strong = index === 3;
    sheet.text(`${label}:`, x + 8, baseline, strong ? bold : gray);
    sheet.text(value, x + CARD - 8, baseline, strong ? bold : body, 'right');
  });
}

function banner(context: TextContext, section: Section, continued: boolean): void {
  const { sheet, bold } = context;
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 18, { fill: 0.86 });
  sheet.text(continued ? `${section.heading} (cont.)` : section.heading, LEFT + 8, sheet.y + 12.5, { ...bold, size: 10 });
  if (!continued) {
    const count = section.items.length;
    sheet.text(`${count} item${count === 1 ? '' : 's'} \u00b7 ${money(sectionTotal(section), { dollar: true })}`, RIGHT - 8, sheet.y + 12.5, { ...bold, size: 9 }, 'right');
  }
  sheet.y += 24;
}

function cards(context: TextContext, document: SorDocument): void {
  const { sheet } = context;
  let number = 0;
  for (const section of document.sections) {
    const rows: LineItem[][] = [];
    for (let index = 0; index < section.items.length; index += ACROSS) rows.push(section.items.slice(index, index + ACROSS));
    rows.forEach((row, rowIndex) => {
      const lines = row.map((item, index) => titleLines(context, item, number + index + 1));
      const height = Math.max(...lines.map(cardHeight));
      if (rowIndex === 0) {
        sheet.ensure(24 + height);
        banner(context, section, false);
      } else if (sheet.ensure(height)) {
        banner(context, section, true);
      }
      row.forEach((item, index) => card(context, item, lines[index], LEFT + index * (CARD + GAP), sheet.y, height));
      number += row.length;
      sheet.y += height + GAP;
    });
    sheet.y += 4;
  }
}

function summary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const rows: Array<[string, string, boolean]> = [['Subtotal', money(recap.subtotal, { dollar: true }), false]];
  if (recap.overhead) rows.push([`${style.markupLabel} (${percentText(recap.overhead.rate)})`, money(recap.overhead.amount, { dollar: true }), false]);
  for (const line of recap.before) rows.push([line.label, money(line.amount, { dollar: true }), false]);
  rows.push([style.totalLabel, money(recap.grandTotal, { dollar: true }), true]);
  for (const line of recap.after) rows.push([line.label, money(line.amount, { dollar: true }), false]);
  const height = 24 + rows.length * 13 + 6;
  sheet.ensure(height + 30);
  const x = LEFT + 2 * (CARD + GAP);
  const top = sheet.y + 4;
  sheet.box(x, top, CARD, height, { stroke: 0.2, thickness: 1 });
  sheet.box(x, top, CARD, 18, { fill: 0.2 });
  sheet.text('Estimate Summary', x + 8, top + 12.5, { ...bold, size: 9.5, gray: 1 });
  rows.forEach(([label, amount, strong], index) => {
    const baseline = top + 32 + index * 13;
    const style: TextStyle = strong ? { ...bold, size: 10 } : body;
    if (strong) sheet.rule(x + 8, x + CARD - 8, baseline - 10, 0.7);
    sheet.text(label, x + 8, baseline, style);
    sheet.text(amount, x + CARD - 8, baseline, style, 'right');
  });
  sheet.text('Approve this estimate in the app or sign here: ______________________________', LEFT, top + height - 4, body);
  sheet.y = top + height + 10;
}

function appBar(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const white: TextStyle = { ...bold, size: 13, gray: 1 };
  sheet.box(0, 0, sheet.width, 44, { fill: 0.16 });
  sheet.text(contractor.name, LEFT, 27, white);
  sheet.text(`Estimate #${parties.fileNumber}`, RIGHT, 22, { ...bold, size: 10, gray: 1 }, 'right');
  sheet.text(`Created ${formatDate(parties.reportDate, 'short')}`, RIGHT, 34, { ...body, gray: 0.85 }, 'right');
  const facts: Array<Array<[string, string]>> = [
    [['Client', parties.borrower], ['Job site', oneLine(parties.property)], ['Lender', parties.lender]],
    [['Consultant', parties.consultant], ['Inspected on', formatDate(parties.inspectionDate, 'short')], ['License', contractor.license], ['Phone', contractor.phone]],
  ];
  facts.forEach((row, index) => {
    let x = LEFT;
    const baseline = 60 + index * 13;
    for (const [label, value] of row) {
      sheet.text(`${label}:`, x, baseline, { ...bold, gray: 0.35 });
      const start = x + bold.font.widthOfTextAtSize(`${label}:`, bold.size) + 4;
      sheet.text(value, start, baseline, body);
      x = start + body.font.widthOfTextAtSize(value, body.size) + 22;
    }
  });
  sheet.y = 86;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g81-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 30, bottom: 34, left: LEFT, right: 792 - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: `${style.app} for iPad`, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const context: TextContext = { sheet, fonts, body: { font: fonts.regular, size: 8 }, bold: { font: fonts.bold, size: 8 }, lineHeight: LINE };
  sheet.addPage();
  appBar(context, document);
  cards(context, document);
  summary(context, document, style);
  sheet.decorate((index, count) =>
    sheet.text(`Generated with ${style.app}  \u00b7  ${cityLine(parties.property)}  \u00b7  Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 596, { ...context.body, size: 6.5, gray: 0.45 }, 'center'));
  return sheet.save();
}

export const g81: SorFamily = {
  id: 'g81',
  name: 'estimate exported from a tablet app in landscape: no table, every item a card of its own three across ("#7", the description in bold, then Quantity: 12 LF, Material:, Labor:, Line total: lines), room banners with the item count and total, a summary card at the end',
  heldOut: false,
  items: [8, 30],
  dateStyle: 'short',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const deposit = random.pick([25, 30, 33]);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: roomHeading(false),
      verbosity: 0.15,
      credits: 0.15,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.55) ? [10, 15, 18] : null,
        before: (inner) => permitFee(inner, 0.45, 'Permit', 600),
        after: (_inner, grandTotal) => [{ label: `Deposit due at signing (${deposit}%)`, amount: Math.round((grandTotal * deposit) / 100) }],
      },
    };
  },
  render,
};
