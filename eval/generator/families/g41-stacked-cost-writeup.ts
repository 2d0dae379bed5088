import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import type { TradeId } from '../work-items.js';
import { contingencyReserve, labelValues, oneLine, permitFee, printedFields, recapRows, workItemOf, withTotalLine, type DrawingContext, type Pair, type RecapRow } from './parts.js';

/**
 * g41: a 203(k) consultant's repair specification from a web-based write-up service, portrait: the
 * cost summary comes first, in a box on the first page beside the parties (total of repair items,
 * overhead and profit on one line or two, permits, TOTAL REPAIR COST, then the contingency reserve, the
 * draw inspection fees and the total rehabilitation cost), before any item. Then the trades, each under
 * a heading band, and every item a block: a trade code ("PL-03") in the left gutter, the specification
 * in Times with "Quantity: 12 LF" in small italics under it, and at the right, one above the other,
 * the material, the labor and the item total, each with a small label. A section total line closes
 * each trade; blocks are never split over pages. No table rules, no column headers.
 */

interface Style {
  labels: [string, string, string];
  quantityLabel: string;
  summaryTitle: string;
  totalLabel: string;
  codeWidth: number;
  service: string;
}

function chooseStyle(random: Random): Style {
  return {
    labels: random.pick<[string, string, string]>([['Material', 'Labor', 'Item total'], ['Mat.', 'Lab.', 'Total'], ['Materials', 'Labor', 'Cost']]),
    quantityLabel: random.pick(['Quantity:', 'Qty:', 'Measured:']),
    summaryTitle: random.pick(['COST SUMMARY', 'Summary of Costs', 'REPAIR COST SUMMARY']),
    totalLabel: random.pick(['TOTAL REPAIR COST', 'Total Cost of Repairs', 'TOTAL REPAIRS']),
    codeWidth: random.pick([40, 46]),
    service: random.pick(['RehabWriter', 'SpecPoint 203k', 'WriteUp Online']),
  };
}

const LEFT = 42;
const RIGHT = 570;
const AMOUNTS = { label: 458, right: RIGHT };
const CODES: Record<TradeId, string> = {
  general: 'GR', demolition: 'DM', concrete: 'CN', masonry: 'MS', carpentry: 'CP', roofing: 'RF', openings: 'DW', finishes: 'FN',
  cabinets: 'CB', plumbing: 'PL', hvac: 'HV', electrical: 'EL', site: 'SW',
};

type Context = DrawingContext<Style> & { serif: TextStyle; small: TextStyle };

function summaryRows(document: SorDocument, style: Style): RecapRow[] {
  const { recap } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: 'Total of repair items', amount: dollars(recap.subtotal) }];
  if (recap.overhead && recap.profit) {
    rows.push({ label: `Overhead (${percentText(recap.overhead.rate)})`, amount: dollars(recap.overhead.amount) });
    rows.push({ label: `Profit (${percentText(recap.profit.rate)})`, amount: dollars(recap.profit.amount) });
  } else if (recap.overhead) {
    rows.push({ label: `Overhead & profit (${percentText(recap.overhead.rate)})`, amount: dollars(recap.overhead.amount) });
  }
  rows.push(...recap.before.map((line) => ({ label: line.label, amount: dollars(line.amount) })));
  rows.push({ label: style.totalLabel, amount: dollars(recap.grandTotal), bold: true, rule: true });
  return [...rows, ...recap.after.map((line, index) => ({ label: line.label, amount: dollars(line.amount), bold: index === recap.after.length - 1, rule: index === recap.after.length - 1 }))];
}

function firstPage(context: Context, document: SorDocument): void {
  const { sheet, fonts, style, small } = context;
  const { parties } = document;
  sheet.box(LEFT, 34, RIGHT - LEFT, 30, { fill: 0.2 });
  sheet.text(parties.consultantCompany, LEFT + 10, 53, { font: fonts.bold, size: 12, gray: 1 });
  sheet.text('REPAIR SPECIFICATION & COST ESTIMATE', RIGHT - 10, 53, { font: fonts.bold, size: 9, gray: 1 }, 'right');
  sheet.text(`${parties.consultant}, Consultant ${parties.consultantId}  ·  ${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 76, small);
  sheet.y = 88;
  const contractor = parties.contractor;
  const pairs: Pair[] = [
    ['Borrower', parties.borrower],
    ['Property', oneLine(parties.property)],
    ['Lender', parties.lender],
    ['FHA case', parties.fhaCaseNumber],
    ['Inspected', formatDate(parties.inspectionDate, 'dotted')],
    ['Contractor', contractor ? contractor.name : 'Not yet selected'],
    ['License', contractor ? contractor.license : ''],
    ['Phone', contractor ? contractor.phone : ''],
  ];
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  for (const [name, value] of pairs) {
    const lines = sheet.wrap(value, 230, { font: fonts.regular, size: 8.5 });
    labelValues(sheet, [[name, lines[0]]], LEFT, 56, label, { font: fonts.regular, size: 8.5 }, 11);
    labelValues(sheet, lines.slice(1).map((line): Pair => ['', line]), LEFT, 56, label, { font: fonts.regular, size: 8.5 }, 11);
  }
  const bottom = sheet.y;
  sheet.y = 90;
  const boxLeft = 340;
  sheet.text(style.summaryTitle, boxLeft + 8, sheet.y + 9, { font: fonts.bold, size: 9 });
  sheet.y += 16;
  const rows = summaryRows(document, style);
  const top = 84;
  recapRows(sheet, rows.slice(0, rows.length - document.recap.after.length), { labelX: boxLeft + 8, amountRight: RIGHT - 8, leading: 11.5, regular: { font: fonts.regular, size: 8 }, bold: { font: fonts.bold, size: 8.5 } });
  sheet.y += 4;
  recapRows(sheet, rows.slice(rows.length - document.recap.after.length), { labelX: boxLeft + 8, amountRight: RIGHT - 8, leading: 11.5, regular: { font: fonts.regular, size: 8 }, bold: { font: fonts.bold, size: 8.5 } });
  sheet.box(boxLeft, top, RIGHT - boxLeft, sheet.y - top + 4, { stroke: 0, thickness: 0.8 });
  sheet.y = Math.max(bottom, sheet.y + 8) + 6;
  const intro =
    'Each repair item is specified below with its measured quantity and its material and labor cost. All work to meet local code and HUD Minimum Property Requirements; ' +
    'the contractor verifies quantities before ordering. The cost summary above carries the totals of the trades below.';
  sheet.paragraph(intro, LEFT, RIGHT - LEFT, { ...context.serif, font: fonts.italic, size: 8.5 }, 10.5);
  sheet.y += 4;
}

function headingBand(context: Context, text: string): void {
  const { sheet, fonts } = context;
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 15, { fill: 0.88 });
  sheet.text(text, LEFT + 6, sheet.y + 10.8, { font: fonts.bold, size: 9 });
  sheet.y += 19;
}

function blockHeight(context: Context, item: LineItem): number {
  const { sheet, serif, style } = context;
  const lines = sheet.wrap(item.description, AMOUNTS.label - LEFT - style.codeWidth - 14, serif).length;
  return Math.max(lines * 11 + 11, 35) + 5;
}

function block(context: Context, item: LineItem, code: string): void {
  const { sheet, fonts, serif, style, small } = context;
  const top = sheet.y;
  const x = LEFT + style.codeWidth;
  sheet.text(code, LEFT + 2, top + 9, { font: fonts.bold, size: 8 });
  const lines = sheet.wrap(item.description, AMOUNTS.label - x - 14, serif);
  lines.forEach((line, index) => sheet.text(line, x, top + 9 + index * 11, serif));
  sheet.text(`${style.quantityLabel} ${quantityText(item.quantity)} ${item.unit}`, x, top + 9 + lines.length * 11, { ...small, font: fonts.italic });
  const amounts: Array<[string, number, boolean]> = [[style.labels[0], item.material, false], [style.labels[1], item.labor, false], [style.labels[2], item.total, true]];
  amounts.forEach(([label, amount, bold], index) => {
    const baseline = top + 9 + index * 11;
    sheet.text(label, AMOUNTS.label, baseline, small);
    sheet.text(money(amount), AMOUNTS.right, baseline, { font: bold ? fonts.bold : fonts.regular, size: 8.5 }, 'right');
  });
  sheet.y = top + blockHeight(context, item);
  sheet.rule(x, RIGHT, sheet.y - 3, 0.3, 0.65);
}

function section(context: Context, current: Section, index: number): void {
  const { sheet, fonts } = context;
  const codeOf = CODES[workItemOf(current.items[0]).trade];
  current.items.forEach((item, itemIndex) => {
    const need = blockHeight(context, item) + (itemIndex === 0 ? 19 + 6 : 0);
    if (sheet.ensure(need) && itemIndex > 0) headingBand(context, `${current.heading} (continued)`);
    if (itemIndex === 0) {
      sheet.y += index === 0 ? 0 : 6;
      headingBand(context, current.heading);
    }
    block(context, item, `${codeOf}-${String(itemIndex + 1).padStart(2, '0')}`);
  });
  sheet.ensure(16);
  const text = `${current.heading.replace(/^[A-Z]{2} – /, '')} — section total`;
  sheet.text(text, AMOUNTS.label - 8, sheet.y + 9, { font: fonts.bold, size: 8.5 }, 'right');
  sheet.text(money(sectionTotal(current), { dollar: true }), AMOUNTS.right, sheet.y + 9, { font: fonts.bold, size: 9 }, 'right');
  sheet.y += 16;
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g41-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 48, bottom: 52, left: LEFT, right: 612 - RIGHT }, title: `Repair Specification – ${parties.property.street}`, producer: style.service, date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const times = await sheet.fonts('Times');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.35 };
  const context: Context = { sheet, fonts, style, body: { font: fonts.regular, size: 8.5 }, bold: { font: fonts.bold, size: 8.5 }, lineHeight: 11, serif: { font: times.regular, size: 9.5 }, small };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${oneLine(parties.property)}  ·  ${parties.borrower}`, LEFT, 36, small);
  };
  sheet.addPage();
  firstPage(context, document);
  document.sections.forEach((current, index) => section(context, current, index));
  sheet.decorate((index, count) => sheet.text(`${style.service}  ·  page ${index + 1} / ${count}`, RIGHT, 770, small, 'right'));
  return sheet.save();
}

/** The contingency reserve, the draw inspection fees and the total with them, after the total repair cost. */
function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  const draws = random.int(3, 6);
  const fee = random.pick([125, 150, 175, 200]);
  return withTotalLine([contingencyReserve(random, grandTotal, [10, 15, 20]), { label: `Draw inspection fees (${draws} × $${fee})`, amount: draws * fee * 100 }], 'TOTAL REHABILITATION COST', grandTotal);
}

export const g41: SorFamily = {
  id: 'g41',
  name: "consultant's specification with the cost summary first and each item's amounts stacked",
  heldOut: false,
  items: [10, 48],
  dateStyle: 'dotted',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const form = random.int(0, 2);
    const marked = random.chance(0.55);
    const split = marked && random.chance(0.4);
    return {
      itemCount,
      grouping: 'trade',
      heading: ({ ordinal, trade }) => [`${CODES[trade!.id]} – ${trade!.name}`, `SECTION ${ordinal}: ${trade!.name.toUpperCase()}`, trade!.name][form],
      verbosity: 0.6,
      credits: 0.2,
      recap: {
        generalConditions: null,
        overheadAndProfit: marked ? (split ? [5, 6, 8] : [10, 12, 15]) : null,
        split,
        before: (inner) => permitFee(inner, 0.6, ['Permits', 'Building & trade permits'], 1200),
        after: afterTotal,
      },
    };
  },
  render,
};
