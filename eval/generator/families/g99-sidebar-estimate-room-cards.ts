import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g99: a remodeler's estimate from a designed template, portrait, Helvetica: a gray sidebar down the left of every
 * page holds the company (name, address, phone, license) and, on the first page, the job in stacked label-over-value
 * pairs in capitals (ESTIMATE FOR, PROPERTY, LENDER, 203(K) CONSULTANT, SITE VISIT, ESTIMATE NO., DATE). The
 * table fills the column right of the sidebar: Scope | Qty | Unit | Materials | Labor | Line Total, every amount
 * with a dollar sign. Each room is a dark bar with its name in white capitals, its lines unnumbered, and a "<Room>
 * total" row under them. The recap follows the table in the main column: Subtotal, general conditions and
 * supervision sometimes, the contractor's fee, a permit and dumpster allowance sometimes, PROJECT TOTAL and the
 * recommended contingency under it; the last page's sidebar repeats each room's total (AT A GLANCE).
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['ESTIMATE', 'RENOVATION ESTIMATE', 'PROJECT ESTIMATE'],
    totalLabel: ['PROJECT TOTAL', 'TOTAL INVESTMENT'],
    feeLabel: ['Contractor fee', 'Builder fee (overhead & profit)'],
    band: [0.93, 0.9],
  });

type Style = ReturnType<typeof chooseStyle>;

const WIDTH = 612;
const HEIGHT = 792;
const SIDEBAR = 168;
const LEFT = 184;
const RIGHT = 578;

const dollars = (cents: number): string => money(cents, { dollar: true });

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => ({
      kind: 'item',
      cells: {
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        material: dollars(item.material),
        labor: dollars(item.labor),
        total: dollars(item.total),
      },
    })),
    { kind: 'total', label: `${section.heading.charAt(0)}${section.heading.slice(1).toLowerCase()} total`, labelKey: 'description', cells: { total: dollars(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 8 },
  ]);
}

/** Label over value, the label small and gray; returns the next baseline. */
function stacked(sheet: Sheet, label: string, values: string[], y: number, body: TextStyle, bold: TextStyle): number {
  sheet.text(label, 16, y, { ...bold, size: 6.5, gray: 0.4 });
  values.forEach((value, index) => sheet.wrap(value, SIDEBAR - 28, body).forEach((line, row) => sheet.text(line, 16, y + 10 + (index + row) * 10, body)));
  const lines = values.reduce((count, value) => count + sheet.wrap(value, SIDEBAR - 28, body).length, 0);
  return y + 18 + lines * 10;
}

function sidebar(context: TextContext, document: SorDocument, style: Style, first: boolean): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.box(0, 0, SIDEBAR, HEIGHT, { fill: style.band });
  let y = 46;
  sheet.wrap(contractor.name, SIDEBAR - 28, { ...bold, size: 11 }).forEach((line) => {
    sheet.text(line, 16, y, { ...bold, size: 11 });
    y += 13;
  });
  for (const line of [streetLine(contractor.address), cityLine(contractor.address), contractor.phone, `License ${contractor.license}`]) {
    sheet.text(line, 16, y, body);
    y += 10;
  }
  if (!first) {
    sheet.text(`Estimate ${parties.fileNumber} (continued)`, 16, y + 16, { ...body, font: context.fonts.italic });
    return;
  }
  y += 26;
  y = stacked(sheet, 'ESTIMATE FOR', [parties.borrower], y, body, bold);
  y = stacked(sheet, 'PROPERTY', [streetLine(parties.property), cityLine(parties.property)], y, body, bold);
  y = stacked(sheet, 'LENDER', [parties.lender], y, body, bold);
  y = stacked(sheet, '203(K) CONSULTANT', [parties.consultant, parties.consultantCompany], y, body, bold);
  y = stacked(sheet, 'SITE VISIT', [formatDate(parties.inspectionDate, 'long')], y, body, bold);
  y = stacked(sheet, 'ESTIMATE NO.', [parties.fileNumber], y, body, bold);
  stacked(sheet, 'DATE', [formatDate(parties.reportDate, 'long')], y, body, bold);
}

function glance(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  let y = HEIGHT - 60 - document.sections.length * 11;
  sheet.text('AT A GLANCE', 16, y, { ...bold, size: 6.5, gray: 0.4 });
  y += 12;
  for (const section of document.sections) {
    sheet.text(section.heading, 16, y, { ...body, size: body.size - 0.5 });
    sheet.text(dollars(sectionTotal(section)), SIDEBAR - 12, y, { ...body, size: body.size - 0.5 }, 'right');
    y += 11;
  }
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: 'Subtotal', amount: dollars(totals.subtotal), bold: true }];
  if (totals.generalConditions) lines.push({ label: `General conditions & supervision (${percentText(totals.generalConditions.rate)})`, amount: dollars(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `${style.feeLabel} (${percentText(totals.overhead.rate)})`, amount: dollars(totals.overhead.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: dollars(line.amount) });
  const tail: RecapRow[] = totals.after.map((line) => ({ label: line.label, amount: dollars(line.amount) }));
  sheet.ensure((lines.length + tail.length) * 14 + 70);
  sheet.y += 6;
  recapRows(sheet, lines, { labelX: 340, amountRight: RIGHT - 4, leading: 14, regular: body, bold });
  const at = sheet.y + 2;
  sheet.box(336, at, RIGHT - 336, 20, { fill: 0.2 });
  const white: TextStyle = { ...bold, size: bold.size + 2, gray: 1 };
  sheet.text(style.totalLabel, 342, at + 14, white);
  sheet.text(dollars(totals.grandTotal), RIGHT - 6, at + 14, white, 'right');
  sheet.y = at + 26;
  recapRows(sheet, tail, { labelX: 340, amountRight: RIGHT - 4, leading: 14, regular: { ...body, font: context.fonts.italic }, bold });
  sheet.y += 14;
  for (const text of ['Thank you for the opportunity to bid on your project. Prices are good for 30 days.', 'Accepted by ____________________________   Date ____________']) {
    sheet.text(text, LEFT, sheet.y, body);
    sheet.y += 14;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g99-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [WIDTH, HEIGHT], margins: { top: 40, bottom: 48, left: LEFT, right: WIDTH - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Canva', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.8 };
  const bold: TextStyle = { font: fonts.bold, size: 7.8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.onPageStart = () => sidebar(context, document, style, sheet.pages.length === 1);
  sheet.addPage();
  sheet.text(style.title, LEFT, 62, { ...bold, size: 20 });
  sheet.text(`No. ${parties.fileNumber}  ·  ${formatDate(parties.reportDate, 'long')}`, RIGHT, 62, body, 'right');
  sheet.y = 80;
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['description', 'Scope', RIGHT - LEFT - 34 - 28 - 3 * 62, 'left'],
      ['quantity', 'Qty', 34, 'right'],
      ['unit', 'Unit', 28, 'center'],
      ['material', 'Materials', 62, 'right'],
      ['labor', 'Labor', 62, 'right'],
      ['total', 'Line Total', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: { ...bold, gray: 0.3 },
    headerRules: 'below',
    lineHeight: 9.6,
    rowGap: 4,
    padding: 3,
    rowRules: 0.8,
    heading: {
      height: 17,
      draw: (target, text, at) => {
        target.box(LEFT, at + 1, RIGHT - LEFT, 13, { fill: 0.25 });
        target.text(text, LEFT + 5, at + 10.5, { ...bold, size: 8.5, gray: 1 });
      },
    },
    continued: (text) => `${text} (continued)`,
  }, rows(document));
  recap(context, document, style);
  const last = sheet.pages.length - 1;
  sheet.decorate((index, count) => {
    if (index === last) glance(context, document);
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, HEIGHT - 24, { ...body, size: 7 }, 'right');
  });
  return sheet.save();
}

export const g99: SorFamily = {
  id: 'g99',
  name: "remodeler's estimate from a designed template with a gray sidebar down every page (company, then the job as label-over-value pairs) and the table beside it: Scope | Qty | Unit | Materials | Labor | Line Total, rooms as dark bars, recap with a dark total bar",
  heldOut: false,
  items: [8, 36],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ room }) => room!.name.toUpperCase(),
    verbosity: 0.3,
    halfFeet: random.chance(0.5),
    credits: 0.15,
    recap: {
      generalConditions: random.chance(0.45) ? [5, 7.5, 10] : null,
      overheadAndProfit: [10, 12, 15, 18],
      before: (inner) => permitFee(inner, 0.55, ['Permit & dumpster allowance', 'Permits and disposal'], 1200),
      after: (inner, grandTotal) => {
        const rate = inner.pick([5, 10]);
        return [{ label: `Recommended contingency (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) }];
      },
    },
  }),
  render,
};
