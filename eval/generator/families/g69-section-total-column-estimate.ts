import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, labelValueColumns, permitFee, pickEach, printedFields, streetLine, type TextContext } from './parts.js';

/**
 * g69: a contractor's estimate laid out in a spreadsheet and printed portrait, in Helvetica 8 with thin rules
 * under every row. The company's name in a dark band across the top, ESTIMATE with its number, date and expiry
 * at the right; CUSTOMER and JOB SITE blocks side by side, with the lender and the consultant whose write-up it
 * prices. The table is Line | Description | Qty | Unit | Unit Cost | Line Total | Section Total: the unit cost is
 * material and labor per unit in one figure, lines are numbered by section ("301", "302"), and each trade's
 * total stands in the Section Total column, in bold, on the trade's last line: there are no total rows. Trades
 * are heading rows in capitals on a gray band, "(cont'd)" after a page break, and every page but the last ends
 * with "Continued on next page". Under the table, in the two right-hand columns: subtotal, contractor's fee as
 * a percentage sometimes, a permit sometimes, a contingency as a percentage above the GRAND TOTAL sometimes;
 * after it the deposit due at signing and the balance due on completion.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    totalLabel: ['GRAND TOTAL', 'ESTIMATE TOTAL', 'TOTAL PROJECT COST'],
    feeLabel: ["Contractor's fee", 'Overhead & profit', 'Management fee'],
    band: [0.86, 0.9],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['number', 'Line', 30, 'left'],
    ['description', 'Description', 250, 'left'],
    ['quantity', 'Qty', 40, 'right'],
    ['unit', 'Unit', 30, 'center'],
    ['unitCost', 'Unit Cost', 56, 'right'],
    ['total', 'Line Total', 62, 'right'],
    ['section', 'Section Total', 'rest', 'right'],
  ]);

function itemRows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sectionIndex + 1}${String(index + 1).padStart(2, '0')}`,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        unitCost: money(item.materialRate + item.laborRate),
        total: money(item.total),
        section: index === section.items.length - 1 ? money(sectionTotal(section), { dollar: true }) : '',
      },
    })),
  ]);
}

function header(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.box(LEFT, 30, RIGHT - LEFT, 30, { fill: 0.22 });
  sheet.text(contractor.name.toUpperCase(), LEFT + 8, 50, { ...bold, size: 13, gray: 1 });
  sheet.text('ESTIMATE', RIGHT - 8, 50, { ...bold, size: 13, gray: 1 }, 'right');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  |  ${contractor.phone}  |  Lic. # ${contractor.license}`, LEFT, 72, body);
  const estimateDate = formatDate(parties.reportDate, 'dotted');
  labelValueColumns(sheet, [[430, 52, [['Estimate #', parties.fileNumber], ['Date', estimateDate], ['Valid for', '30 days']]]], 72, 10, bold, body);
  const caption = { ...bold, size: 7, gray: 0.4 };
  sheet.text('CUSTOMER', LEFT, 108, caption);
  sheet.text('JOB SITE', 300, 108, caption);
  sheet.rule(LEFT, 280, 111, 0.5, 0.5);
  sheet.rule(300, RIGHT, 111, 0.5, 0.5);
  [parties.borrower, `Financing: ${parties.lender}`].forEach((line, index) => sheet.text(line, LEFT, 122 + index * 10, body));
  [streetLine(parties.property), cityLine(parties.property), `Per write-up by ${parties.consultant}`].forEach((line, index) => sheet.text(line, 300, 122 + index * 10, body));
  sheet.y = 160;
}

function recapUnder(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold, lineHeight } = context;
  const { recap } = document;
  const rows: Array<[string, string, boolean]> = [['Subtotal', money(recap.subtotal, { dollar: true }), true]];
  if (recap.overhead) rows.push([`${style.feeLabel} (${percentText(recap.overhead.rate)})`, money(recap.overhead.amount), false]);
  for (const line of recap.before) rows.push([line.label, money(line.amount), false]);
  rows.push([style.totalLabel, money(recap.grandTotal, { dollar: true }), true]);
  for (const line of recap.after) rows.push([line.label, money(line.amount, { dollar: true }), false]);
  sheet.ensure(rows.length * (lineHeight + 2) + 10);
  sheet.y += 6;
  const labelRight = 470;
  rows.forEach(([label, amount, strong]) => {
    if (label === style.totalLabel) sheet.box(390, sheet.y - 1, RIGHT - 390, lineHeight + 3, { fill: style.band });
    const text = strong ? bold : body;
    sheet.text(label, labelRight, sheet.y + text.size + 1, text, 'right');
    sheet.text(amount, RIGHT - 3, sheet.y + text.size + 1, text, 'right');
    sheet.y += lineHeight + 2;
  });
  sheet.y += 14;
  sheet.ensure(24);
  sheet.text('Customer approval: ______________________________   Date: ____________', LEFT, sheet.y, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g69-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 58, left: LEFT, right: 612 - RIGHT }, title: `Estimate ${parties.fileNumber}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 8 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 10 };
  sheet.addPage();
  header(context, document);
  const spec = descriptionTable(columns(), body, bold, {
    headerRules: 'above-below',
    lineHeight: 10,
    rowGap: 3,
    padding: 3,
    rowRules: 0.7,
    heading: {
      height: 14,
      draw: (target, text, top) => {
        target.box(LEFT, top + 1, RIGHT - LEFT, 12, { fill: style.band });
        target.text(text, LEFT + 3, top + 10, bold);
      },
    },
    continued: (text) => `${text} (cont'd)`,
  });
  writeTable(sheet, spec, itemRows(document));
  recapUnder(context, document, style);
  sheet.decorate((index, count) => {
    if (index < count - 1) sheet.text('Continued on next page', RIGHT, 748, { ...bold, size: 8 }, 'right');
    sheet.text(`Estimate ${parties.fileNumber}  -  Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7, gray: 0.4 }, 'center');
  });
  return sheet.save();
}

/** A contingency as a percentage of the work, above the total. */
function contingency(random: Random, sections: Section[]): RecapLine[] {
  if (!random.chance(0.5)) return [];
  const rate = random.pick([5, 7.5, 10]);
  const work = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `Contingency (${rate}%)`, amount: Math.round((work * rate) / 100) }];
}

/** The deposit at signing and the balance on completion, after the total. */
function depositAndBalance(random: Random, grandTotal: number): RecapLine[] {
  const share = random.pick([25, 30, 33, 50]);
  const deposit = Math.round((grandTotal * share) / 100);
  return [
    { label: `Deposit due at signing (${share}%)`, amount: deposit },
    { label: 'Balance due on completion', amount: grandTotal - deposit },
  ];
}

export const g69: SorFamily = {
  id: 'g69',
  name: 'spreadsheet estimate with one unit cost per line (material and labor together) and each trade\'s total in a Section Total column on its last line, no total rows, "Continued on next page", the deposit and balance after the total',
  heldOut: false,
  items: [10, 46],
  dateStyle: 'dotted',
  printed: printedFields({ materialLabor: 'none', inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.3,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.6) ? [10, 12, 15] : null,
      before: (inner, sections) => [...permitFee(inner, 0.4, ['Permit allowance', 'Building permit'], 800), ...contingency(inner, sections)],
      after: (inner, grandTotal) => depositAndBalance(inner, grandTotal),
    },
  }),
  render,
};
