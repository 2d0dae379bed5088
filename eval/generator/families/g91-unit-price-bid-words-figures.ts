import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type FontFamily, type TextStyle } from '../layout.js';
import type { LineItem, SorDocument } from '../model.js';
import { Random } from '../random.js';
import type { Column } from '../table.js';
import { amountInWords, columnsAcross, labelValueRows, oneLine, permitFee, pickEach, printedFields, recapRows, type DrawingContext, type Pair, type RecapRow } from './parts.js';

/**
 * g91: a housing-rehabilitation program's unit-price bid schedule as a bidder fills it in, portrait, Times or
 * Helvetica: the program's title block centred, the owner, property, lender, rehabilitation specialist and
 * write-up date in a ruled grid, the bidder's name, license and telephone under them, and the instruction that
 * the unit price in words governs. The grid is Item | Description of Work | Est. Qty | Unit | Unit Price in
 * Words | Unit Price in Figures | Extension, every row ruled, the price written out ("Forty-Five and 00/100
 * Dollars") wrapping in its own column beside the wrapping description, the figures and the extension on the
 * row's first line. The items are numbered through the whole form under category rows ("CATEGORY 3 —
 * PLUMBING") with no category totals. The foot: the total of the bid items (subtotal), a permit allowance
 * sometimes, TOTAL BID PRICE in figures and then in words, and the bidder's certification and signature.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    font: ['Times', 'Helvetica'] as FontFamily[],
    program: ['HOUSING REHABILITATION PROGRAM', 'OWNER-OCCUPIED REHABILITATION LOAN PROGRAM', 'RESIDENTIAL REHABILITATION PROGRAM'],
    title: ['UNIT PRICE BID SCHEDULE', "BIDDER'S PROPOSAL — SCHEDULE OF UNIT PRICES"],
    totalLabel: ['TOTAL BID PRICE', 'TOTAL BASE BID'],
  });

type Style = ReturnType<typeof chooseStyle>;
type Context = DrawingContext<Style> & { italic: TextStyle };

const LEFT = 36;
const RIGHT = 576;
const PAD = 3;

const COLUMNS: Column[] = columnsAcross(LEFT, RIGHT, [
  ['number', 'Item', 26, 'center'],
  ['description', 'Description of Work', 172, 'left'],
  ['quantity', ['Est.', 'Qty'], 36, 'right'],
  ['unit', 'Unit', 28, 'center'],
  ['words', ['Unit Price', 'in Words'], 146, 'left'],
  ['figures', ['Unit Price', 'in Figures'], 62, 'right'],
  ['total', 'Extension', 'rest', 'right'],
]);

const column = (key: string): Column => COLUMNS.find((candidate) => candidate.key === key)!;

/** The price of one unit: every line's amount is its quantity times this price, to the cent. */
const unitPrice = (item: LineItem): number => item.materialRate + item.laborRate;

function drawHeader(context: Context): void {
  const { sheet, bold } = context;
  const top = sheet.y;
  const height = 2 * (bold.size + 2) + 6;
  sheet.box(LEFT, top, RIGHT - LEFT, height, { fill: 0.88, stroke: 0, thickness: 0.6 });
  for (const cell of COLUMNS) {
    if (cell.x > LEFT) sheet.vrule(cell.x, top, top + height, 0.5);
    const x = cell.align === 'right' ? cell.x + cell.width - PAD : cell.align === 'center' ? cell.x + cell.width / 2 : cell.x + PAD;
    const first = top + 3 + bold.size + (cell.header.length === 1 ? (bold.size + 2) / 2 : 0);
    cell.header.forEach((line, index) => sheet.text(line, x, first + index * (bold.size + 2), bold, cell.align));
  }
  sheet.y = top + height;
}

function cellLines(context: Context, item: LineItem, number: number): Record<string, string[]> {
  const { sheet, body, italic } = context;
  return {
    number: [String(number)],
    description: sheet.wrap(item.description, column('description').width - 2 * PAD, body),
    quantity: [quantityText(item.quantity)],
    unit: [item.unit],
    words: sheet.wrap(amountInWords(unitPrice(item)), column('words').width - 2 * PAD, italic),
    figures: [money(unitPrice(item), { dollar: true })],
    total: [money(item.total, { dollar: true })],
  };
}

function drawItem(context: Context, item: LineItem, number: number): void {
  const { sheet, body, italic, lineHeight } = context;
  const lines = cellLines(context, item, number);
  const height = Math.max(...Object.values(lines).map((cell) => cell.length)) * lineHeight + 4;
  sheet.ensure(height);
  const top = sheet.y;
  for (const cell of COLUMNS) {
    const x = cell.align === 'right' ? cell.x + cell.width - PAD : cell.align === 'center' ? cell.x + cell.width / 2 : cell.x + PAD;
    lines[cell.key].forEach((line, index) => sheet.text(line, x, top + 2 + body.size + index * lineHeight, cell.key === 'words' ? italic : body, cell.align));
    if (cell.x > LEFT) sheet.vrule(cell.x, top, top + height, 0.4);
  }
  sheet.vrule(LEFT, top, top + height, 0.6);
  sheet.vrule(RIGHT, top, top + height, 0.6);
  sheet.rule(LEFT, RIGHT, top + height, 0.4);
  sheet.y = top + height;
}

function drawCategory(context: Context, heading: string): void {
  const { sheet, bold, lineHeight } = context;
  sheet.ensure(2 * lineHeight + 18);
  const top = sheet.y;
  sheet.box(LEFT, top, RIGHT - LEFT, lineHeight + 5, { fill: 0.95, stroke: 0, thickness: 0.6 });
  sheet.text(heading, LEFT + PAD, top + 2.5 + bold.size, bold);
  sheet.y = top + lineHeight + 5;
}

function titleBlock(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style } = context;
  const { parties } = document;
  const middle = (LEFT + RIGHT) / 2;
  sheet.text(style.program, middle, 52, { ...bold, size: bold.size + 3 }, 'center');
  sheet.text(style.title, middle, 68, { ...bold, size: bold.size + 1.5 }, 'center');
  sheet.text(`Work Write-up No. ${parties.fileNumber}`, middle, 81, body, 'center');
  const contractor = parties.contractor!;
  const rows: Pair[][] = [
    [['Owner:', parties.borrower], ['Lender:', parties.lender]],
    [['Property:', oneLine(parties.property)], ['Rehab Specialist:', parties.consultant]],
    [['Bidder:', contractor.name], ['Write-up Date:', formatDate(parties.inspectionDate, 'long')]],
    [['License No.:', contractor.license], ['Telephone:', contractor.phone]],
  ];
  sheet.box(LEFT, 90, RIGHT - LEFT, rows.length * 14 + 4, { stroke: 0, thickness: 0.6 });
  rows.slice(1).forEach((_, index) => sheet.rule(LEFT, RIGHT, 90 + (index + 1) * 14 + 2, 0.3));
  sheet.vrule(346, 90, 94 + rows.length * 14, 0.3);
  labelValueRows(sheet, rows, [[LEFT + 4, 62], [350, 82]], 103, 14, bold, body);
  sheet.y = 106 + rows.length * 14;
  sheet.paragraph(
    'Bidder shall state a price for every item, in words and in figures. Quantities are the rehabilitation specialist\'s estimates; in case of a discrepancy the unit price in words governs and the extension will be corrected.',
    LEFT, RIGHT - LEFT, context.italic, context.lineHeight,
  );
  sheet.y += 6;
}

function foot(context: Context, document: SorDocument): void {
  const { sheet, body, bold, style, lineHeight } = context;
  const { recap, sections } = document;
  const count = sections.reduce((sum, section) => sum + section.items.length, 0);
  const rows: RecapRow[] = [
    { label: `Total of Bid Items 1 through ${count}`, amount: money(recap.subtotal, { dollar: true }), bold: true },
    ...recap.before.map((line) => ({ label: line.label, amount: money(line.amount, { dollar: true }) })),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  sheet.ensure(rows.length * 13 + 120);
  sheet.y += 10;
  recapRows(sheet, rows, { labelX: 330, amountRight: RIGHT - PAD, ruleFrom: 326, leading: 13, regular: body, bold });
  sheet.y += 6;
  sheet.paragraph(`${style.totalLabel} in words: ${amountInWords(recap.grandTotal)}`, LEFT, RIGHT - LEFT, context.italic, lineHeight);
  sheet.y += 8;
  sheet.paragraph('The undersigned bidder certifies that the prices above include all labor, materials, equipment, permits and disposal needed to complete the work as written up, and that this bid remains open for sixty (60) days.', LEFT, RIGHT - LEFT, body, lineHeight);
  sheet.y += 24;
  sheet.text('______________________________', LEFT, sheet.y, body);
  sheet.text('______________________________', 330, sheet.y, body);
  sheet.text("Bidder's signature and title", LEFT, sheet.y + 11, body);
  sheet.text('Date', 330, sheet.y + 11, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g91-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Adobe Acrobat', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const size = style.font === 'Times' ? 8.5 : 7.8;
  const context: Context = {
    sheet,
    fonts,
    body: { font: fonts.regular, size },
    bold: { font: fonts.bold, size },
    italic: { font: fonts.italic, size },
    lineHeight: 10,
    style,
  };
  sheet.addPage();
  titleBlock(context, document);
  drawHeader(context);
  sheet.onPageStart = () => drawHeader(context);
  let number = 0;
  for (const section of document.sections) {
    drawCategory(context, section.heading);
    for (const item of section.items) {
      number += 1;
      drawItem(context, item, number);
    }
  }
  sheet.onPageStart = () => undefined;
  foot(context, document);
  sheet.decorate((index, count) => sheet.text(`Bid Schedule — Page ${index + 1} of ${count}`, RIGHT, 770, { ...context.body, size: 7 }, 'right'));
  return sheet.save();
}

export const g91: SorFamily = {
  id: 'g91',
  name: 'rehabilitation program\'s unit-price bid schedule with each unit price written in words and in figures in columns of their own, category rows and no material or labor split',
  heldOut: false,
  items: [10, 36],
  dateStyle: 'long',
  printed: printedFields({ materialLabor: 'none' }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ ordinal, trade }) => `CATEGORY ${ordinal} — ${trade!.name.toUpperCase()}`,
    verbosity: random.pick([0.1, 0.3]),
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (inner) => permitFee(inner, 0.5, ['Permit allowance', 'Building permit allowance'], 600),
    },
  }),
  render,
};
