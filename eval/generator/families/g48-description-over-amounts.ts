import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { contingencyReserve, labelValueColumns, oneLine, permitFee, printedFields, recapRows, type Pair, type RecapRow, type TextContext } from './parts.js';

/**
 * g48: a 203(k) consultant's cost estimate from a web-based estimating service, portrait, in Helvetica,
 * where every item takes two rows: its number and description across the full width of the page (wrapped
 * over as many lines as it needs), then, on a row of its own under it, the quantity, unit, material,
 * labor and item total under column headers at the right of the page (Qty | Unit | Material | Labor |
 * Total), the left of that row empty or holding a small caption ("Cost:", "Pricing:"); every other item
 * shaded in some. The column header repeats at the top of every page; an item's two rows never part over
 * a page break. Trades as bold headings with a rule, sometimes a total line after each. The consultant's
 * letterhead and two columns of parties above; at the end the recap (subtotal, general conditions
 * sometimes, overhead and profit on one line or two, permits, TOTAL COST OF REPAIRS, the contingency
 * reserve after it) and the consultant's certification.
 */

interface Style {
  caption: string;
  sectionTotals: boolean;
  shade: number | null;
  totalLabel: string;
}

function chooseStyle(random: Random): Style {
  return {
    caption: random.pick(['', 'Cost:', 'Pricing:']),
    sectionTotals: random.chance(0.6),
    shade: random.pick([null, 0.93]),
    totalLabel: random.pick(['TOTAL COST OF REPAIRS', 'TOTAL REPAIR COST', 'TOTAL ESTIMATED COST']),
  };
}

const LEFT = 40;
const RIGHT = 572;
const LINE = 10;

/** Right edges of the amount columns: qty, material, labor, total; the unit is centred between qty and material. */
const QTY = 330;
const UNIT = 352;
const MATERIAL = 440;
const LABOR = 506;
const TOTAL = RIGHT - 2;

type Context = TextContext & { style: Style; small: TextStyle };

function columnHeader(context: Context): void {
  const { sheet, bold } = context;
  const top = sheet.y;
  sheet.rule(LEFT, RIGHT, top, 0.8);
  sheet.text('Item / Description of work', LEFT + 2, top + 10, bold);
  const labels: Array<[string, number, 'right' | 'center']> = [['Qty', QTY, 'right'], ['Unit', UNIT, 'center'], ['Material', MATERIAL, 'right'], ['Labor', LABOR, 'right'], ['Total', TOTAL, 'right']];
  for (const [label, x, align] of labels) sheet.text(label, x, top + 21, bold, align);
  sheet.rule(LEFT, RIGHT, top + 25, 0.8);
  sheet.y = top + 29;
}

function descriptionLines(context: Context, number: string, item: LineItem): string[] {
  return context.sheet.wrap(`${number}  ${item.description}`, RIGHT - LEFT - 6, context.body);
}

function itemBlock(context: Context, number: string, item: LineItem, shaded: boolean): void {
  const { sheet, body, small, style } = context;
  const lines = descriptionLines(context, number, item);
  const height = (lines.length + 1) * LINE + 4;
  if (sheet.ensure(height)) columnHeader(context);
  const top = sheet.y;
  if (shaded && style.shade !== null) sheet.box(LEFT, top, RIGHT - LEFT, height, { fill: style.shade });
  lines.forEach((line, index) => sheet.text(line, LEFT + 2, top + 8 + index * LINE, body));
  const baseline = top + 8 + lines.length * LINE;
  if (style.caption) sheet.text(style.caption, 250, baseline, small, 'right');
  sheet.text(quantityText(item.quantity), QTY, baseline, body, 'right');
  sheet.text(item.unit, UNIT, baseline, body, 'center');
  [[item.material, MATERIAL], [item.labor, LABOR], [item.total, TOTAL]].forEach(([amount, x]) => sheet.text(money(amount), x, baseline, body, 'right'));
  sheet.y = top + height;
  sheet.rule(LEFT, RIGHT, sheet.y, 0.25, 0.6);
}

function sections(context: Context, document: SorDocument): void {
  const { sheet, bold, style } = context;
  document.sections.forEach((section, sectionIndex) => {
    if (sheet.ensure(18 + (descriptionLines(context, '', section.items[0]).length + 1) * LINE + 4)) columnHeader(context);
    sheet.y += 6;
    sheet.text(section.heading, LEFT + 2, sheet.y + 9, { ...bold, size: 9 });
    sheet.rule(LEFT, RIGHT, sheet.y + 12, 0.5);
    sheet.y += 14;
    section.items.forEach((item, index) => itemBlock(context, `${sectionIndex + 1}.${String(index + 1).padStart(2, '0')}`, item, index % 2 === 1));
    if (!style.sectionTotals) return;
    if (sheet.ensure(14)) columnHeader(context);
    const total = sectionTotal(section);
    [[sectionTotal(section, 'material'), MATERIAL], [sectionTotal(section, 'labor'), LABOR], [total, TOTAL]].forEach(([amount, x]) => sheet.text(money(amount), x, sheet.y + 10, bold, 'right'));
    sheet.text(`Total ${section.heading}`, QTY, sheet.y + 10, bold, 'right');
    sheet.y += 14;
  });
}

function recap(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Subtotal of repair items', amount: dollars(lines.subtotal) }];
  if (lines.generalConditions) rows.push({ label: `General conditions (${percentText(lines.generalConditions.rate)})`, amount: dollars(lines.generalConditions.amount) });
  if (lines.overhead && lines.profit) {
    rows.push({ label: `Overhead (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) }, { label: `Profit (${percentText(lines.profit.rate)})`, amount: dollars(lines.profit.amount) });
  } else if (lines.overhead) {
    rows.push({ label: `Overhead and profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  }
  rows.push(...lines.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(lines.grandTotal), bold: true, rule: true });
  rows.push(...lines.after.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  sheet.ensure(rows.length * 13 + 70);
  sheet.y += 14;
  recapRows(sheet, rows, { labelX: 330, amountRight: TOTAL, leading: 13, regular: { ...body, size: 9 }, bold: { ...bold, size: 9 } });
  sheet.y += 16;
  const { parties } = document;
  sheet.text(`I certify that I inspected this property on ${formatDate(parties.inspectionDate, 'long')} and that this estimate reflects the repairs required.`, LEFT, sheet.y + 8, body);
  sheet.rule(LEFT, LEFT + 220, sheet.y + 34, 0.6);
  sheet.text(`${parties.consultant}, HUD Consultant ${parties.consultantId}`, LEFT, sheet.y + 43, body);
}

function heading(context: Context, document: SorDocument): void {
  const { sheet, fonts, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(parties.consultantCompany, LEFT, 46, { font: fonts.bold, size: 14 });
  sheet.text(`${oneLine(parties.consultantAddress)}  ·  ${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 58, body);
  sheet.text('COST ESTIMATE', RIGHT, 46, { font: fonts.bold, size: 12 }, 'right');
  sheet.text(`Report ${parties.fileNumber}  ·  ${formatDate(parties.reportDate, 'long')}`, RIGHT, 58, body, 'right');
  sheet.rule(LEFT, RIGHT, 65, 1.2);
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 62, [['Borrower', parties.borrower], ['Property', oneLine(parties.property)], ['Lender', parties.lender], ['FHA case no.', parties.fhaCaseNumber]]],
    [330, 62, [['Consultant', parties.consultant], ['Inspected', formatDate(parties.inspectionDate, 'long')], ['Contractor', contractor ? contractor.name : 'To be selected'], ['Lic. / phone', contractor ? `${contractor.license}  ·  ${contractor.phone}` : '']]],
  ];
  labelValueColumns(sheet, columns, 79, 11, bold, body);
  sheet.y = 130;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g48-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 44, left: LEFT, right: 612 - RIGHT }, title: `Cost Estimate ${parties.fileNumber}`, producer: 'RehabWriter Online', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.italic, size: 7, gray: 0.35 };
  const context: Context = { sheet, fonts, style, small, body: { font: fonts.regular, size: 8 }, bold: { font: fonts.bold, size: 8 }, lineHeight: LINE };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${parties.borrower}  ·  ${oneLine(parties.property)}  ·  Report ${parties.fileNumber}`, LEFT, 32, { ...small, font: fonts.regular });
  };
  sheet.addPage();
  heading(context, document);
  columnHeader(context);
  sections(context, document);
  recap(context, document);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 768, { ...small, font: fonts.regular }, 'right'));
  return sheet.save();
}

export const g48: SorFamily = {
  id: 'g48',
  name: "consultant's cost estimate with each item's amounts on a row of their own under its full-width description",
  heldOut: false,
  items: [12, 55],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    const split = random.chance(0.35);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => [`${ordinal}. ${trade!.name.toUpperCase()}`, `Section ${ordinal} - ${trade!.name}`, trade!.name.toUpperCase()][form],
      verbosity: 0.6,
      recap: {
        generalConditions: random.chance(0.3) ? [5, 8] : null,
        overheadAndProfit: split ? [6, 8, 10] : random.chance(0.7) ? [10, 12, 15] : null,
        split,
        before: (inner) => permitFee(inner, 0.6, ['Permits', 'Building permit'], 1000),
        after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
      },
    };
  },
  render,
};
