import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, workItemOf, type RecapRow, type TextContext } from './parts.js';

/**
 * g62: a remodeler's room-by-room estimate, portrait, in Times 9 with Helvetica headings. The contractor's
 * name and address at the left, ESTIMATE with its number and date in a ruled box at the right, then the
 * owner, property and lender at the left and the consultant and the inspection date at the right, and a
 * sentence on allowances. The table is No. | Description | Qty | Unit | Allow. | Material | Labor | Total:
 * rooms are numbered headings ("2. Hall Bath", "Room 2 - Hall Bath", "2 - HALL BATH"), their items numbered
 * again from 1 in each room ("2.1", "2.2"), and trades measure in mixed numbers ("12 1/2" LF, "3 1/2" SQ).
 * Fixture and finish items the owner selects are marked ALLOW in a column of their own. Each room ends with
 * a subtotal row. After the table a SUMMARY BY ROOM lists every room and its total again, then the total of
 * the rooms, overhead and profit sometimes, a permit sometimes and the ESTIMATE TOTAL; acceptance lines.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['ESTIMATE', 'REMODELING ESTIMATE', 'RENOVATION ESTIMATE'],
    subtotalLabel: ['subtotal', 'total'],
    summaryTitle: ['SUMMARY BY ROOM', 'ROOM SUMMARY', 'SUMMARY OF ROOMS'],
    roomsLabel: ['Total of all rooms', 'Total - all rooms', 'Rooms total'],
    totalLabel: ['ESTIMATE TOTAL', 'TOTAL ESTIMATE', 'TOTAL PRICE'],
    allowanceChance: [0.3, 0.45],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 42;
const RIGHT = 570;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'No.', 28, 'left'],
  ['description', 'Description', 236, 'left'],
  ['quantity', 'Qty', 40, 'right'],
  ['unit', 'Unit', 28, 'center'],
  ['allowance', 'Allow.', 34, 'center'],
  ['material', 'Material', 54, 'right'],
  ['labor', 'Labor', 54, 'right'],
  ['total', 'Total', 'rest', 'right'],
]);

const ALLOWANCE_TRADES = new Set(['finishes', 'cabinets', 'plumbing', 'electrical', 'openings']);

/** "12 1/2" for half units, "140" otherwise, as trades write measured quantities. */
function mixedNumber(quantity: number): string {
  const whole = Math.floor(quantity);
  return quantity === whole ? quantityText(quantity) : `${quantityText(whole)} 1/2`;
}

/** The room's name without its number: what the summary and the subtotal rows print. */
const roomName = (heading: string): string => heading.replace(/^(?:Room )?\d+(?:\.| -) /, '');

function header(context: TextContext, document: SorDocument, style: Style, heading: TextStyle): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 54, { ...heading, size: 14 });
  sheet.text(streetLine(contractor.address), LEFT, 67, body);
  sheet.text(cityLine(contractor.address), LEFT, 78, body);
  sheet.text(`Phone ${contractor.phone}`, LEFT, 89, body);
  sheet.text(`Lic. ${contractor.license}`, LEFT, 100, body);
  sheet.box(400, 44, RIGHT - 400, 58, { stroke: 0, thickness: 0.8 });
  sheet.text(style.title, (400 + RIGHT) / 2, 62, { ...heading, size: 12 }, 'center');
  sheet.text(`Estimate #  ${parties.fileNumber}`, 408, 80, body);
  sheet.text(`Date  ${formatDate(parties.reportDate, 'abbrev')}`, 408, 93, body);
  labelValueColumns(
    sheet,
    [
      [LEFT, 58, [['Owner:', parties.borrower], ['Property:', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender:', parties.lender]]],
      [330, 78, [['Consultant:', parties.consultant], ['Inspected:', formatDate(parties.inspectionDate, 'abbrev')], ['Loan no.:', parties.loanNumber]]],
    ],
    122,
    12,
    bold,
    body,
  );
  sheet.y = 122 + 4 * 12;
  flowLines(
    context,
    ['Prices are grouped by room. Items marked ALLOW are allowances for fixtures and finishes the owner selects; the difference from the allowance is added or credited at cost.'],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 6;
}

function itemRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item: LineItem, index): TableRow => {
      const allowance = ALLOWANCE_TRADES.has(workItemOf(item).trade) && random.chance(style.allowanceChance);
      return {
        kind: 'item',
        cells: {
          number: `${sectionIndex + 1}.${index + 1}`,
          description: item.description,
          quantity: mixedNumber(item.quantity),
          unit: item.unit,
          allowance: allowance ? 'ALLOW' : '',
          material: money(item.material),
          labor: money(item.labor),
          total: money(item.total),
        },
      };
    }),
    { kind: 'total', label: `${roomName(section.heading)} ${style.subtotalLabel}`, labelKey: 'description', cells: { total: money(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 5 },
  ]);
}

function summary(context: TextContext, document: SorDocument, style: Style, heading: TextStyle): void {
  const { sheet, body, bold } = context;
  const { recap, sections } = document;
  const rows: RecapRow[] = sections.map((section) => ({ label: section.heading, amount: money(sectionTotal(section)) }));
  rows.push({ label: style.roomsLabel, amount: money(recap.subtotal, { dollar: true }), bold: true, rule: true });
  if (recap.overhead) rows.push({ label: 'Overhead & profit', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 13 + 80);
  sheet.y += 10;
  sheet.text(style.summaryTitle, 330, sheet.y + 10, { ...heading, size: 10 });
  sheet.y += 16;
  recapRows(sheet, rows, { labelX: 330, rateX: 480, amountRight: RIGHT - 3, leading: 13, regular: body, bold });
  sheet.y += 30;
  sheet.rule(LEFT, 250, sheet.y, 0.5);
  sheet.rule(330, RIGHT, sheet.y, 0.5);
  sheet.text('Accepted by owner / date', LEFT, sheet.y + 10, { ...body, size: 7.5 });
  sheet.text('Contractor / date', 330, sheet.y + 10, { ...body, size: 7.5 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g62-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const helvetica = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const heading: TextStyle = { font: helvetica.bold, size: 9 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11.5 };
  sheet.addPage();
  header(context, document, style, heading);
  const spec = descriptionTable(COLUMNS, body, bold, {
    header: { ...heading, size: 8 },
    headerBand: 0.88,
    headerRules: 'below',
    lineHeight: 11,
    rowGap: 2.5,
    padding: 3,
    heading: {
      height: 18,
      draw: (target, text, top) => target.text(text, LEFT + 3, top + 13, { ...heading, size: 9.5 }),
    },
    continued: (text) => `${text} (cont'd)`,
  });
  writeTable(sheet, spec, itemRows(document, style, random.child('allowances')));
  summary(context, document, style, heading);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 770, { ...body, size: 7.5 }, 'right'));
  return sheet.save();
}

const HEADINGS = [
  (ordinal: number, name: string) => `${ordinal}. ${name}`,
  (ordinal: number, name: string) => `Room ${ordinal} - ${name}`,
  (ordinal: number, name: string) => `${ordinal} - ${name.toUpperCase()}`,
];

export const g62: SorFamily = {
  id: 'g62',
  name: 'room-by-room remodeling estimate: items numbered again in each room ("2.1"), mixed-number quantities ("12 1/2"), ALLOW marks in a column of their own, a summary by room before the total',
  heldOut: false,
  items: [10, 42],
  dateStyle: 'abbrev',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const heading = random.pick(HEADINGS);
    return {
      itemCount,
      grouping: 'room',
      contractorSelected: true,
      heading: ({ ordinal, room }) => heading(ordinal, room!.name),
      verbosity: 0.25,
      halfFeet: true,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.6) ? [10, 12, 15] : null,
        before: (inner) => permitFee(inner, 0.5, ['Building permit', 'Permit & inspections', 'Permits'], 1200),
      },
    };
  },
  render,
};
