import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { cityLine, columnsAcross, contingencyReserve, labelValues, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g103: a remodeling contractor's repair estimate by room, typed in a word processor in Times on US letter portrait.
 * A centred letterhead (name, street and city, phone and license on one line), then two columns of text: at the left
 * a SCOPE OF WORK paragraph, at the right JOB INFORMATION (owner, property, lender, inspected, inspector, estimate
 * number). The table: No. | Work Description | Qty | Unit | Unit Cost | Material | Labor | Amount, where the unit cost
 * is material and labor per unit together. Each room is a numbered heading ("ROOM 3: MASTER BATH"), its lines
 * numbered in it ("3.2"), ending with "Room 3 total". After the table, two columns again: EXCLUSIONS at the left and
 * the SUMMARY OF COSTS at the right (total of all rooms, supervision and clean-up sometimes, overhead and profit as two
 * lines, a dumpster and permit allowance sometimes, the total, and sometimes an owner's contingency after it), then an
 * acceptance block. The page number stands centred at the foot of every page.
 */

const LEFT = 54;
const RIGHT = 558;
const MIDDLE = 318;

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['REPAIR ESTIMATE', 'ESTIMATE OF REPAIRS', 'REMODELING ESTIMATE'],
    subtotalLabel: ['Total, all rooms', 'Subtotal of rooms'],
    totalLabel: ['TOTAL REPAIR ESTIMATE', 'TOTAL ESTIMATED COST OF REPAIRS'],
    ruled: [true, false],
  });

type Style = ReturnType<typeof chooseStyle>;

function rows(document: SorDocument): TableRow[] {
  return document.sections.flatMap((section, sectionIndex): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${sectionIndex + 1}.${index + 1}`,
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        rate: money(item.materialRate + item.laborRate),
        material: money(item.material),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
    { kind: 'total', label: `Room ${sectionIndex + 1} total`, labelKey: 'description', cells: { total: money(sectionTotal(section)) }, rule: true },
    { kind: 'space', height: 6 },
  ]);
}

function letterhead(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold, fonts } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  const centre = (LEFT + RIGHT) / 2;
  sheet.text(contractor.name, centre, 58, { font: bold.font, size: 15 }, 'center');
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}`, centre, 71, body, 'center');
  sheet.text(`Tel. ${contractor.phone}  ·  Lic. # ${contractor.license}`, centre, 82, body, 'center');
  sheet.rule(LEFT, RIGHT, 89, 1.2);
  sheet.rule(LEFT, RIGHT, 91.5, 0.4);
  sheet.text(style.title, centre, 110, { font: bold.font, size: 12 }, 'center');
  sheet.text('SCOPE OF WORK', LEFT, 130, bold);
  sheet.text('JOB INFORMATION', MIDDLE + 12, 130, bold);
  sheet.y = 134;
  const scope = `At the request of the owner we inspected the property at ${streetLine(parties.property)} and priced the repairs below room by room. Quantities were taken on site; unit costs include material and labor. All work to be done in a workmanlike manner to code, with permits where required, and the site left broom clean daily.`;
  sheet.paragraph(scope, LEFT, MIDDLE - LEFT - 6, { font: fonts.regular, size: body.size }, 11);
  const after = sheet.y;
  sheet.y = 134;
  labelValues(
    sheet,
    [
      ['Owner:', parties.borrower],
      ['Property:', streetLine(parties.property)],
      ['', cityLine(parties.property)],
      ['Lender:', parties.lender],
      ['Inspected:', formatDate(parties.inspectionDate, 'long')],
      ['Inspector:', parties.consultant],
      ['Estimate No.:', `${parties.fileNumber}, ${formatDate(parties.reportDate, 'long')}`],
    ],
    MIDDLE + 12,
    58,
    bold,
    body,
    11,
  );
  sheet.y = Math.max(after, sheet.y) + 10;
}

function summary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: totals } = document;
  const lines: RecapRow[] = [{ label: style.subtotalLabel, amount: money(totals.subtotal, { dollar: true }) }];
  if (totals.generalConditions) lines.push({ label: `Supervision & clean-up (${percentText(totals.generalConditions.rate)})`, amount: money(totals.generalConditions.amount) });
  if (totals.overhead) lines.push({ label: `Overhead (${percentText(totals.overhead.rate)})`, amount: money(totals.overhead.amount) });
  if (totals.profit) lines.push({ label: `Profit (${percentText(totals.profit.rate)})`, amount: money(totals.profit.amount) });
  for (const line of totals.before) lines.push({ label: line.label, amount: money(line.amount) });
  lines.push({ label: style.totalLabel, amount: money(totals.grandTotal, { dollar: true }), bold: true, rule: true });
  for (const line of totals.after) lines.push({ label: line.label, amount: money(line.amount, { dollar: true }) });
  sheet.ensure(lines.length * 13 + 120);
  sheet.y += 10;
  const top = sheet.y;
  sheet.text('SUMMARY OF COSTS', MIDDLE + 12, top + bold.size, bold);
  sheet.y = top + 16;
  recapRows(sheet, lines, { labelX: MIDDLE + 12, amountRight: RIGHT, leading: 13, regular: body, bold });
  const end = sheet.y;
  sheet.text('EXCLUSIONS', LEFT, top + bold.size, bold);
  sheet.y = top + 16;
  const exclusions = 'Hidden conditions behind walls, floors or ceilings; lead or asbestos abatement; engineering and survey; appliances not listed; landscaping beyond the areas named. Changes to this scope only by written change order.';
  sheet.paragraph(exclusions, LEFT, MIDDLE - LEFT - 12, body, 11);
  sheet.y = Math.max(end, sheet.y) + 24;
  sheet.ensure(40);
  sheet.text('ACCEPTANCE: The above prices, scope and conditions are accepted.', LEFT, sheet.y, bold);
  sheet.rule(LEFT, LEFT + 200, sheet.y + 28, 0.5);
  sheet.rule(MIDDLE + 12, RIGHT, sheet.y + 28, 0.5);
  sheet.text('Owner', LEFT, sheet.y + 38, body);
  sheet.text(`For ${document.parties.contractor!.name}`, MIDDLE + 12, sheet.y + 38, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const style = chooseStyle(new Random(document.seed).child('g103-render'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 60, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11 };
  sheet.addPage();
  letterhead(context, document, style);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['number', 'No.', 26, 'left'],
      ['description', 'Work Description', 206, 'left'],
      ['quantity', 'Qty', 38, 'right'],
      ['unit', 'Unit', 28, 'left'],
      ['rate', 'Unit Cost', 50, 'right'],
      ['material', 'Material', 52, 'right'],
      ['labor', 'Labor', 52, 'right'],
      ['total', 'Amount', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'above-below',
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    rowRules: style.ruled ? 0.7 : undefined,
    heading: {
      height: 18,
      draw: (target, text, at) => {
        target.text(text, LEFT + 3, at + 13, { font: fonts.bold, size: 9.5 });
        target.rule(LEFT + 3, LEFT + 3 + target.textWidth(text, { font: fonts.bold, size: 9.5 }), at + 15, 0.5);
      },
    },
    continued: (text) => `${text} (continued)`,
  }, rows(document));
  summary(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Estimate ${parties.fileNumber}  -  Page ${index + 1} of ${count}`, 306, 760, { ...body, size: 8 }, 'center'));
  return sheet.save();
}

export const g103: SorFamily = {
  id: 'g103',
  name: 'Room-by-room repair estimate typed in Times: a scope paragraph beside the job information, No. | Work Description | Qty | Unit | Unit Cost | Material | Labor | Amount, numbered rooms with "Room n total", exclusions beside the summary of costs',
  heldOut: true,
  items: [10, 44],
  dateStyle: 'long',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    contractorSelected: true,
    heading: ({ ordinal, room }) => `ROOM ${ordinal}: ${room!.name.toUpperCase()}`,
    verbosity: 0.3,
    halfFeet: random.chance(0.5),
    credits: 0.1,
    recap: {
      generalConditions: random.chance(0.5) ? [3, 5] : null,
      overheadAndProfit: [8, 10],
      split: true,
      before: (inner) => permitFee(inner, 0.5, 'Dumpster & permit allowance', 1200),
      after: (inner, grandTotal) => (inner.chance(0.5) ? [contingencyReserve(inner, grandTotal, [5, 10])].map((line) => ({ ...line, label: `${line.label.replace('Contingency reserve', "Owner's contingency")}, not included` })) : []),
    },
  }),
  render,
};
