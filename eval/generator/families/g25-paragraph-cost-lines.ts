import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { oneLine, printedFields } from './parts.js';

/**
 * g25 (held out): a consultant's work write-up in numbered paragraphs with no table at all. A centred
 * letterhead and title, a two-column block of parties and a paragraph of instructions; then trade
 * headings ("4. PLUMBING", plain or "Category 4: Plumbing", underlined in some) and under each the items as paragraphs with a hanging
 * number ("4.1", "4-a", "(a)"), each followed by a cost line of its own, right-aligned at the margin,
 * that carries the quantity, material, labor and total in one of three wordings
 * ("240 SF  ·  Material $1,200.00  ·  Labor $2,050.00  ·  Item total $3,250.00"); sometimes a total
 * line after each trade. The last page sums up: each trade's total after dot leaders, the total of all
 * items, overhead and profit (one or two lines), permits, TOTAL COST OF REPAIRS, then the contingency
 * reserve and the fees after it. Pages after the first carry a running head, and every page lines for
 * the borrower's and the consultant's initials.
 */

interface Style {
  font: FontFamily;
  size: number;
  title: string;
  underline: boolean;
  marker: (section: number, item: number) => string;
  costLine: (item: LineItem, amount: (cents: number) => string) => string;
  sectionTotals: boolean;
}

const COST_LINES: Array<Style['costLine']> = [
  (item, amount) => `${quantityText(item.quantity)} ${item.unit}  ·  Material ${amount(item.material)}  ·  Labor ${amount(item.labor)}  ·  Item total ${amount(item.total)}`,
  (item, amount) => `Quantity: ${quantityText(item.quantity)} ${item.unit}     Mat. ${amount(item.material)}     Lab. ${amount(item.labor)}     Cost ${amount(item.total)}`,
  (item, amount) => `(${quantityText(item.quantity)} ${item.unit})   Materials: ${amount(item.material)}  +  Labor: ${amount(item.labor)}  =  ${amount(item.total)}`,
];

function chooseStyle(random: Random): Style {
  const font = random.pick<FontFamily>(['Times', 'Times', 'Helvetica']);
  return {
    font,
    size: font === 'Times' ? random.pick([10, 10.5]) : random.pick([9, 9.5]),
    title: random.pick(['WORK WRITE-UP AND COST ESTIMATE', 'SPECIFICATION OF REPAIRS', 'STATEMENT OF WORK AND COST']),
    underline: random.chance(0.5),
    marker: random.pick([
      (section: number, item: number) => `${section}.${item}`,
      (section: number, item: number) => `${section}-${String.fromCharCode(96 + item)}`,
      (_section: number, item: number) => `(${String.fromCharCode(96 + ((item - 1) % 26) + 1)})`,
    ]),
    costLine: random.pick(COST_LINES),
    sectionTotals: random.chance(0.5),
  };
}

const LEFT = 72;
const RIGHT = 540;
const HANG = 30;

interface Context {
  sheet: Sheet;
  style: Style;
  fonts: Fonts;
  regular: TextStyle;
  bold: TextStyle;
  leading: number;
}

function preamble(context: Context, document: SorDocument): void {
  const { sheet, style, fonts, regular } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultantCompany, 306, 60, { font: fonts.bold, size: style.size + 3 }, 'center');
  sheet.text(`${oneLine(parties.consultantAddress)}  ·  ${parties.consultantPhone}`, 306, 74, { ...regular, size: style.size - 1.5 }, 'center');
  sheet.rule(LEFT, RIGHT, 82, 0.6);
  sheet.text(style.title, 306, 102, { font: fonts.bold, size: style.size + 2 }, 'center');
  const label: TextStyle = { font: fonts.bold, size: style.size - 0.5 };
  const value: TextStyle = { font: fonts.regular, size: style.size - 0.5 };
  const columns: Array<[number, number, Array<[string, string]>]> = [
    [LEFT, 56, [['Borrower', parties.borrower], ['Property', oneLine(parties.property)], ['Lender', parties.lender], ['Contractor', contractor ? `${contractor.name}, ${contractor.phone}` : 'Not yet selected']]],
    [360, 70, [['FHA Case No.', parties.fhaCaseNumber], ['Inspected', formatDate(parties.inspectionDate, 'long')], ['Consultant', parties.consultant], ['Consultant ID', parties.consultantId]]],
  ];
  const leading = style.size + 3;
  let bottom = 124;
  for (const [x, width, pairs] of columns) {
    let y = 124;
    for (const [name, text] of pairs) {
      sheet.text(name, x, y, label);
      for (const line of sheet.wrap(text, (x === LEFT ? 352 : RIGHT) - x - width, value)) {
        sheet.text(line, x + width, y, value);
        y += leading;
      }
    }
    bottom = Math.max(bottom, y);
  }
  sheet.y = bottom - leading + 8;
  sheet.paragraph(
    'Each numbered item below is a separate line of the repair budget. The cost under each item includes all labor and ' +
      'material to complete the work as described, to code and in a workmanlike manner. The borrower and the consultant ' +
      'initial every page.',
    LEFT,
    RIGHT - LEFT,
    { font: fonts.italic, size: style.size - 0.5 },
    style.size + 2,
  );
  sheet.y += 10;
}

function drawHeading(context: Context, text: string): void {
  const { sheet, style, fonts } = context;
  const heading: TextStyle = { font: fonts.bold, size: style.size + 0.5 };
  sheet.y += 6;
  sheet.text(text, LEFT, sheet.y + style.size, heading);
  if (style.underline) sheet.rule(LEFT, LEFT + sheet.textWidth(text, heading), sheet.y + style.size + 2, 0.6);
  sheet.y += context.leading + 4;
}

function itemHeight(context: Context, description: string): number {
  const lines = context.sheet.wrap(description, RIGHT - LEFT - HANG, context.regular).length;
  return (lines + 1) * context.leading + 5;
}

function drawItem(context: Context, marker: string, item: LineItem, amount: (cents: number) => string): void {
  const { sheet, style, regular, leading } = context;
  const lines = sheet.wrap(item.description, RIGHT - LEFT - HANG, regular);
  sheet.text(marker, LEFT, sheet.y + style.size, regular);
  lines.forEach((line, index) => sheet.text(line, LEFT + HANG, sheet.y + style.size + index * leading, regular));
  sheet.text(style.costLine(item, amount), RIGHT, sheet.y + style.size + lines.length * leading, { ...regular, size: style.size - 0.5 }, 'right');
  sheet.y += (lines.length + 1) * leading + 5;
}

function body(context: Context, document: SorDocument): void {
  const { sheet, style, bold, leading } = context;
  const whole = document.sections.every((section) => section.items.every((item) => item.total % 100 === 0));
  const amount = (cents: number) => money(cents, { dollar: true, whole });
  document.sections.forEach((section, sectionIndex) => {
    const { heading } = section;
    if (sheet.ensure(leading * 2 + 10 + itemHeight(context, section.items[0].description))) sheet.y += 4;
    drawHeading(context, heading);
    section.items.forEach((item, index) => {
      if (sheet.ensure(itemHeight(context, item.description))) drawHeading(context, `${heading} (continued)`);
      drawItem(context, style.marker(sectionIndex + 1, index + 1), item, amount);
    });
    if (style.sectionTotals) {
      sheet.ensure(leading + 4);
      sheet.text(`Total, ${section.heading}`, LEFT + HANG, sheet.y + style.size, bold);
      sheet.text(money(sectionTotal(section), { dollar: true }), RIGHT, sheet.y + style.size, bold, 'right');
      sheet.y += leading + 4;
    }
  });
}

/** A label, dot leaders and an amount at the right margin. */
function leaderLine(context: Context, label: string, amount: string, text: TextStyle): void {
  const { sheet } = context;
  const baseline = sheet.y + text.size;
  sheet.text(label, LEFT, baseline, text);
  const from = LEFT + sheet.textWidth(label, text) + 6;
  const to = RIGHT - sheet.textWidth(amount, text) - 6;
  const dot = sheet.textWidth(' .', text);
  if (to > from) sheet.text(' .'.repeat(Math.floor((to - from) / dot)), from, baseline, { ...text, gray: 0.4 });
  sheet.text(amount, RIGHT, baseline, text, 'right');
  sheet.y += context.leading + 1;
}

function costSummary(context: Context, document: SorDocument): void {
  const { sheet, style, fonts, regular, bold, leading } = context;
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const lines = document.sections.length + 6 + recap.before.length + recap.after.length;
  sheet.ensure(lines * (leading + 1) + 40);
  sheet.y += 12;
  sheet.text('SUMMARY OF COSTS', 306, sheet.y + style.size, { font: fonts.bold, size: style.size + 1 }, 'center');
  sheet.y += leading + 6;
  document.sections.forEach((section) => leaderLine(context, section.heading, dollars(sectionTotal(section)), regular));
  sheet.rule(RIGHT - 120, RIGHT, sheet.y + 1, 0.6);
  sheet.y += 4;
  leaderLine(context, 'Total of all items', dollars(recap.subtotal), regular);
  if (recap.overhead && recap.profit) {
    leaderLine(context, `Contractor overhead (${percentText(recap.overhead.rate)})`, dollars(recap.overhead.amount), regular);
    leaderLine(context, `Contractor profit (${percentText(recap.profit.rate)})`, dollars(recap.profit.amount), regular);
  } else if (recap.overhead) {
    leaderLine(context, `Overhead and profit (${percentText(recap.overhead.rate)})`, dollars(recap.overhead.amount), regular);
  }
  for (const line of recap.before) leaderLine(context, line.label, dollars(line.amount), regular);
  sheet.rule(RIGHT - 120, RIGHT, sheet.y + 1, 0.6);
  sheet.y += 4;
  leaderLine(context, 'TOTAL COST OF REPAIRS', dollars(recap.grandTotal), bold);
  sheet.y += 8;
  for (const line of recap.after) leaderLine(context, line.label, dollars(line.amount), { ...regular, font: fonts.italic });
  sheet.y += 24;
  sheet.ensure(30);
  sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
  sheet.text(`${document.parties.consultant}, HUD 203(k) Consultant ${document.parties.consultantId}`, LEFT, sheet.y + style.size + 1, { ...regular, size: style.size - 1 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g25-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 66, bottom: 80, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: random.pick(['Microsoft Word', 'WordPerfect X9', 'Google Docs']), date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const regular: TextStyle = { font: fonts.regular, size: style.size };
  const context: Context = { sheet, style, fonts, regular, bold: { font: fonts.bold, size: style.size }, leading: style.size * 1.25 };
  const small: TextStyle = { font: fonts.regular, size: 8, gray: 0.25 };
  sheet.onPageStart = (current) => {
    if (current.pages.length === 1) return;
    current.text(`${style.title}  –  ${oneLine(parties.property)}`, LEFT, 44, { ...small, font: fonts.italic });
    current.rule(LEFT, RIGHT, 49, 0.4, 0.4);
  };
  sheet.addPage();
  preamble(context, document);
  body(context, document);
  costSummary(context, document);
  sheet.decorate((index, count) => {
    sheet.text('Borrower initials ______    Consultant initials ______', LEFT, 748, small);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 748, small, 'right');
  });
  return sheet.save();
}

function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  const reserve = Math.round((grandTotal * rate) / 100);
  const draws = random.int(3, 5);
  const fee = random.pick([125, 150, 175]) * 100;
  return [
    { label: `Contingency reserve (${rate}%)`, amount: reserve },
    { label: `Draw inspection fees (${draws} × ${money(fee, { dollar: true, whole: true })})`, amount: draws * fee },
    ...(random.chance(0.5) ? [{ label: 'Title update fees', amount: random.pick([150, 200, 250]) * 100 }] : []),
  ];
}

/** Trade headings as printed: numbered capitals, plain names, or "Category 4: Plumbing". */
const HEADINGS: Array<(ordinal: number, name: string) => string> = [
  (ordinal, name) => `${ordinal}. ${name.toUpperCase()}`,
  (_ordinal, name) => name,
  (ordinal, name) => `Category ${ordinal}: ${name}`,
];

export const g25: SorFamily = {
  id: 'g25',
  name: 'numbered-paragraph write-up with a cost line under each item',
  heldOut: false,
  items: [10, 36],
  dateStyle: 'long',
  printed: printedFields({ contractor: { name: true, license: false, phone: true } }),
  spec: (random, itemCount) => {
    const markups = random.chance(0.6);
    const split = markups && random.chance(0.35);
    const heading = random.pick(HEADINGS);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => heading(ordinal, trade!.name),
      verbosity: 0.5,
      wholeDollars: random.chance(0.3),
      recap: {
        generalConditions: null,
        overheadAndProfit: markups ? (split ? [6, 8, 10] : [10, 12, 15]) : null,
        split,
        before: (feeRandom) => (feeRandom.chance(0.6) ? [{ label: 'Permits', amount: feeRandom.int(6, 40) * 2500 }] : []),
        after: afterTotal,
      },
    };
  },
  render,
};
