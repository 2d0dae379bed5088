import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, contingencyReserve, permitFee, pickEach, printedFields, recapRows, streetLine, workItemOf, type RecapRow, type TextContext } from './parts.js';

/**
 * g72: a general contractor's bid for a 203(k) or HomeStyle renovation with the draw each item is paid in,
 * portrait, the table in Times 9 and the captions in Helvetica. A two-column page head: the contractor's
 * letterhead at the left, a "Prepared for" block (borrower, property) at the right; under it a ruled grid of
 * job facts, four boxes across and two down, each with a small caption over its value (loan number, FHA case
 * number, lender, bid date; consultant, inspection date, license, telephone). The table has a rule under its
 * header and none elsewhere: Item | Description of Work | Qty | Unit | Labor | Materials | Total | Draw, the
 * last a small whole number (1 to 3) after the line total: the draw that pays for the item. Trades are bold
 * headings in capitals, each closed by "Total <trade>" with the labor, materials and total. Under the table, at
 * the left, the DRAW SCHEDULE (each draw's work and their sum) and at the right, in a ruled box, the subtotal,
 * general conditions sometimes, overhead and profit sometimes, a permit sometimes and the CONTRACT SUM; a
 * contingency reserve after it sometimes.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['CONTRACT SUM', 'TOTAL CONTRACT SUM', 'BID TOTAL'],
    drawHeader: ['Draw', 'Draw #', 'Pay Draw'],
    numbering: ['running', 'trade'] as const,
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

/** The draw that pays for an item: rough work in the first, finishes in the last. */
const DRAW_BY_TRADE: Record<string, number> = {
  general: 1, demolition: 1, concrete: 1, masonry: 1, carpentry: 2, roofing: 1, openings: 2,
  finishes: 3, cabinets: 3, plumbing: 2, hvac: 2, electrical: 2, site: 3,
};

const drawOf = (item: LineItem): number => DRAW_BY_TRADE[workItemOf(item).trade] ?? 2;

const columns = (style: Style) =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Item', 30, 'left'],
    ['description', 'Description of Work', 226, 'left'],
    ['quantity', 'Qty', 36, 'right'],
    ['unit', 'Unit', 28, 'center'],
    ['labor', 'Labor', 56, 'right'],
    ['material', 'Materials', 58, 'right'],
    ['total', 'Total', 60, 'right'],
    ['draw', style.drawHeader, 'rest', 'center'],
  ]);

function itemRows(document: SorDocument, style: Style): TableRow[] {
  let running = 0;
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => {
      running += 1;
      return {
        kind: 'item',
        cells: {
          number: style.numbering === 'running' ? String(running) : `${sectionIndex + 1}-${index + 1}`,
          description: item.description,
          quantity: quantityText(item.quantity),
          unit: item.unit,
          labor: money(item.labor),
          material: money(item.material),
          total: money(item.total),
          draw: String(drawOf(item)),
        },
      };
    }),
    {
      kind: 'total',
      label: `Total ${section.heading}`,
      labelKey: 'description',
      cells: { labor: money(sectionTotal(section, 'labor')), material: money(sectionTotal(section, 'material')), total: money(sectionTotal(section)) },
    },
    { kind: 'space', height: 6 },
  ]);
}

function pageHead(context: TextContext, document: SorDocument, caption: TextStyle): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 50, { ...bold, size: 14 });
  sheet.text(streetLine(contractor.address), LEFT, 63, body);
  sheet.text(cityLine(contractor.address), LEFT, 74, body);
  sheet.text(contractor.email, LEFT, 85, body);
  const right = 360;
  sheet.text('PREPARED FOR', right, 44, caption);
  sheet.text(parties.borrower, right, 56, bold);
  sheet.text('PROPERTY', right, 68, caption);
  sheet.text(streetLine(parties.property), right, 80, body);
  sheet.text(cityLine(parties.property), right, 91, body);
  sheet.text('CONTRACTOR BID AND DRAW SCHEDULE', (LEFT + RIGHT) / 2, 114, { ...bold, size: 11 }, 'center');
  const boxes: Array<Array<[string, string]>> = [
    [['LOAN NUMBER', parties.loanNumber], ['FHA CASE NO.', parties.fhaCaseNumber], ['LENDER', parties.lender], ['BID DATE', formatDate(parties.reportDate, 'long')]],
    [['203(K) CONSULTANT', parties.consultant], ['INSPECTION DATE', formatDate(parties.inspectionDate, 'long')], ['LICENSE NO.', contractor.license], ['TELEPHONE', contractor.phone]],
  ];
  const width = (RIGHT - LEFT) / 4;
  boxes.forEach((row, rowIndex) => {
    const top = 124 + rowIndex * 24;
    row.forEach(([label, value], column) => {
      const x = LEFT + column * width;
      sheet.box(x, top, width, 24, { stroke: 0, thickness: 0.5 });
      sheet.text(label, x + 3, top + 7, caption);
      sheet.text(value, x + 3, top + 19, { ...body, size: 8.5 });
    });
  });
  sheet.y = 124 + 48 + 12;
}

function drawSchedule(context: TextContext, document: SorDocument, caption: TextStyle, top: number): void {
  const { sheet, body, bold } = context;
  const items = document.sections.flatMap((section) => section.items);
  const draws = [1, 2, 3].map((draw) => items.filter((item) => drawOf(item) === draw).reduce((sum, item) => sum + item.total, 0));
  sheet.y = top;
  sheet.text('DRAW SCHEDULE (cost of work)', LEFT, sheet.y + 8, caption);
  sheet.y += 12;
  const rows: RecapRow[] = draws.flatMap((amount, index) => (amount ? [{ label: `Draw ${index + 1}${index === 2 ? ' (final)' : ''}`, amount: money(amount) }] : []));
  rows.push({ label: 'Total of draws', amount: money(draws.reduce((sum, amount) => sum + amount, 0)), bold: true, rule: true });
  recapRows(sheet, rows, { labelX: LEFT, amountRight: LEFT + 180, leading: 12, regular: body, bold });
}

function recapBox(context: TextContext, document: SorDocument, style: Style, caption: TextStyle): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const rows: RecapRow[] = [{ label: 'Subtotal', amount: money(recap.subtotal) }];
  if (recap.generalConditions) rows.push({ label: 'General conditions', rate: percentText(recap.generalConditions.rate), amount: money(recap.generalConditions.amount) });
  if (recap.overhead) rows.push({ label: 'Overhead and profit', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  const height = rows.length * 12 + 12 + recap.after.length * 12;
  sheet.ensure(Math.max(height, 70) + 10);
  sheet.y += 10;
  const top = sheet.y;
  const left = 340;
  sheet.box(left, top, RIGHT - left, rows.length * 12 + 8, { stroke: 0, thickness: 0.8 });
  sheet.y = top + 3;
  recapRows(sheet, rows, { labelX: left + 5, rateX: 470, amountRight: RIGHT - 5, ruleFrom: left, ruleTo: RIGHT, leading: 12, regular: body, bold });
  sheet.y = top + rows.length * 12 + 12;
  recapRows(sheet, recap.after.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })), { labelX: left + 5, amountRight: RIGHT - 5, leading: 12, regular: body, bold });
  const end = sheet.y;
  drawSchedule(context, document, caption, top);
  sheet.y = Math.max(end, sheet.y) + 18;
  sheet.ensure(30);
  sheet.text('Contractor: ______________________________   Borrower: ______________________________', LEFT, sheet.y + 9, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g72-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `Bid ${parties.fileNumber}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const helvetica = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const caption: TextStyle = { font: helvetica.bold, size: 6.5, gray: 0.3 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11 };
  sheet.addPage();
  pageHead(context, document, caption);
  writeTable(sheet, {
    columns: columns(style),
    wrapKey: 'description',
    body,
    bold,
    header: { font: helvetica.bold, size: 7.5 },
    headerRules: 'below',
    lineHeight: 11,
    rowGap: 2,
    padding: 3,
    heading: { height: 15, draw: (target, text, top) => target.text(text, LEFT + 3, top + 11, bold) },
    continued: (text) => `${text}, continued`,
  }, itemRows(document, style));
  recapBox(context, document, style, caption);
  sheet.decorate((index, count) => sheet.text(`${parties.borrower} - ${streetLine(parties.property)} - page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7.5, gray: 0.4 }, 'center'));
  return sheet.save();
}

export const g72: SorFamily = {
  id: 'g72',
  name: 'bid with a Draw column (1 to 3) after each line total, a two-column page head over a ruled grid of job facts, a rule under the table header only, a draw schedule beside the recap box',
  heldOut: false,
  items: [10, 42],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.3,
    recap: {
      generalConditions: random.chance(0.4) ? [5, 6] : null,
      overheadAndProfit: random.chance(0.7) ? [10, 12, 15] : null,
      before: (inner) => permitFee(inner, 0.5, ['Permits', 'Building permit'], 800),
      after: (inner, grandTotal) => (inner.chance(0.5) ? [contingencyReserve(inner, grandTotal, [10, 15])] : []),
    },
  }),
  render,
};
