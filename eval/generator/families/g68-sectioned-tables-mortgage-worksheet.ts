import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow, type TableSpec } from '../table.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, labelValueColumns, permitFee, pickEach, printedFields, streetLine, withTotalLine, type TextContext } from './parts.js';

/**
 * g68: a 203(k) consultant's work write-up typed in a word processor, portrait, in Times 9 with Helvetica
 * headings, where every trade is a table of its own. The consultant's firm centred at the top, the title, then
 * the job facts in two columns (borrower, property, lender, FHA case; consultant, inspection date, contractor,
 * license and telephone). Each trade starts with a numbered title in Helvetica capitals on a thick rule
 * ("4  ELECTRICAL"), an italic line of general requirements, then its own table with its own header row:
 * Ref. | Description | Qty | U/M | Material | Labor | Total, items lettered a. b. c. in each trade, and a
 * "Total for Electrical" row; a table that runs over a page goes on under the trade title and "(cont.)". At the
 * end, a COST SUMMARY table lists every trade with its material, labor and total again (totals of groups),
 * then the subtotal, permits sometimes and TOTAL COST OF REPAIRS; under it the 203(k) worksheet items after
 * the total: contingency reserve, mortgage payment reserve (months × payment), consultant fee, draw inspection
 * and title update fees, and TOTAL REHABILITATION COST.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['WORK WRITE-UP AND COST ESTIMATE', 'SPECIFICATION OF REPAIRS', 'SCOPE OF WORK & COST ESTIMATE'],
    note: [
      'All work to be performed in a workmanlike manner and to meet local code.',
      'Contractor to verify all measurements before ordering materials.',
      'Match existing finishes where work meets existing surfaces.',
    ],
    summaryTotal: ['TOTAL COST OF REPAIRS', 'TOTAL REPAIR COST'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 54;
const RIGHT = 558;

const tradeName = (section: Section): string => section.heading.replace(/^\d+\s+/, '');
const titleCaseName = (section: Section): string => tradeName(section).toLowerCase().replace(/(^|[\s,&-])([a-z])/g, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`);

/** "a." … "z.", then "aa." … for a long trade. */
const letter = (index: number): string => `${index >= 26 ? String.fromCharCode(97 + Math.floor(index / 26) - 1) : ''}${String.fromCharCode(97 + (index % 26))}.`;

function tableSpec(context: TextContext): TableSpec {
  const { body, bold } = context;
  return descriptionTable(
    columnsAcross(LEFT, RIGHT, [
      ['number', 'Ref.', 26, 'left'],
      ['description', 'Description', 250, 'left'],
      ['quantity', 'Qty', 40, 'right'],
      ['unit', 'U/M', 30, 'center'],
      ['material', 'Material', 54, 'right'],
      ['labor', 'Labor', 54, 'right'],
      ['total', 'Total', 'rest', 'right'],
    ]),
    body,
    bold,
    { header: { ...bold, size: 8.5 }, grid: true, headerBand: 0.9, lineHeight: 10.5, rowGap: 3, padding: 3, heading: { height: 0, draw: () => undefined } },
  );
}

function sectionRows(section: Section): TableRow[] {
  return [
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: letter(index),
        description: item.description,
        quantity: quantityText(item.quantity),
        unit: item.unit,
        material: money(item.material),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
    { kind: 'total', label: `Total for ${titleCaseName(section)}`, labelKey: 'description', cells: { material: money(sectionTotal(section, 'material')), labor: money(sectionTotal(section, 'labor')), total: money(sectionTotal(section, 'total')) } },
  ];
}

function tradeTitle(context: TextContext, text: string): void {
  const { sheet, fonts } = context;
  const style: TextStyle = { font: fonts.bold, size: 9.5 };
  sheet.text(text, LEFT, sheet.y + 10, style);
  sheet.box(LEFT, sheet.y + 13, RIGHT - LEFT, 1.6, { fill: 0 });
  sheet.y += 18;
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, fonts } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  const centre = (LEFT + RIGHT) / 2;
  sheet.text(parties.consultantCompany, centre, 50, { font: fonts.bold, size: 12 }, 'center');
  sheet.text(`${streetLine(parties.consultantAddress)}, ${cityLine(parties.consultantAddress)}  -  ${parties.consultantPhone}`, centre, 62, body, 'center');
  sheet.text(style.title, centre, 84, { font: fonts.bold, size: 11 }, 'center');
  const label: TextStyle = { font: fonts.italic, size: 9 };
  labelValueColumns(
    sheet,
    [
      [LEFT, 62, [['Borrower:', parties.borrower], ['Property:', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender:', parties.lender], ['FHA Case:', parties.fhaCaseNumber]]],
      [320, 74, [['Consultant:', parties.consultant], ['Inspected:', formatDate(parties.inspectionDate, 'abbrev')], ['Contractor:', contractor ? contractor.name : 'Not yet selected'], ['License:', contractor?.license ?? ''], ['Telephone:', contractor?.phone ?? '']]],
    ],
    102,
    11.5,
    label,
    body,
  );
  sheet.y = 102 + 5 * 11.5;
}

function trades(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, fonts } = context;
  const spec = tableSpec(context);
  const running = (current: Sheet) => current.text(`${document.parties.borrower} - ${streetLine(document.parties.property)}`, LEFT, 38, { font: fonts.italic, size: 8, gray: 0.35 });
  sheet.onPageStart = running;
  for (const section of document.sections) {
    sheet.ensure(18 + 12 + 20 + 2 * 14);
    sheet.y += 6;
    tradeTitle(context, section.heading);
    flowLines(context, [style.note], LEFT, RIGHT - LEFT, { font: fonts.italic, size: 8.5 });
    sheet.y += 2;
    sheet.onPageStart = (current) => {
      running(current);
      tradeTitle(context, `${section.heading} (cont.)`);
    };
    writeTable(sheet, spec, sectionRows(section));
    sheet.onPageStart = running;
  }
}

function costSummary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold, fonts } = context;
  const { recap, sections } = document;
  const rows: Array<[string, string, string, string, boolean]> = sections.map((section) => [
    section.heading, money(sectionTotal(section, 'material')), money(sectionTotal(section, 'labor')), money(sectionTotal(section)), false,
  ]);
  const all = (field: 'material' | 'labor') => sections.reduce((sum, section) => sum + sectionTotal(section, field), 0);
  rows.push(['Subtotal', money(all('material')), money(all('labor')), money(recap.subtotal), true]);
  for (const line of recap.before) rows.push([line.label, '', '', money(line.amount), false]);
  rows.push([style.summaryTotal, '', '', money(recap.grandTotal, { dollar: true }), true]);
  for (const line of recap.after) rows.push([line.label, '', '', money(line.amount, { dollar: true }), line === recap.after.at(-1)]);
  const leading = 12;
  sheet.ensure(Math.min(rows.length * leading + 40, sheet.bottom - sheet.options.margins.top));
  sheet.y += 12;
  sheet.text('COST SUMMARY', LEFT, sheet.y + 10, { font: fonts.bold, size: 10 });
  sheet.y += 16;
  const edges = [400, 470, RIGHT - 3];
  sheet.box(LEFT, sheet.y, RIGHT - LEFT, 13, { fill: 0.9 });
  sheet.text('Trade', LEFT + 3, sheet.y + 9.5, bold);
  ['Material', 'Labor', 'Total'].forEach((text, index) => sheet.text(text, edges[index], sheet.y + 9.5, bold, 'right'));
  sheet.y += 15;
  rows.forEach(([label, material, labor, total, strong], index) => {
    sheet.ensure(leading);
    if (index === sections.length || label === style.summaryTotal) sheet.rule(LEFT, RIGHT, sheet.y, 0.7);
    const text = strong ? bold : body;
    sheet.text(label, LEFT + 3, sheet.y + 9, text);
    [material, labor, total].forEach((cell, column) => sheet.text(cell, edges[column], sheet.y + 9, text, 'right'));
    sheet.y += leading;
  });
  sheet.ensure(40);
  sheet.y += 26;
  sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
  sheet.text(`${document.parties.consultant}, 203(k) Consultant ${document.parties.consultantId}`, LEFT, sheet.y + 10, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g68-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 48, bottom: 54, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${streetLine(parties.property)}`, producer: 'Microsoft Word', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const helvetica = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 9 };
  const bold: TextStyle = { font: fonts.bold, size: 9 };
  const context: TextContext = { sheet, fonts: { ...fonts, bold: helvetica.bold }, body, bold, lineHeight: 11 };
  sheet.addPage();
  header(context, document, style);
  trades(context, document, style);
  costSummary(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}   Borrower initials ______`, RIGHT, 770, { ...body, size: 8 }, 'right'));
  return sheet.save();
}

/** The 203(k) worksheet items the lender escrows beside the cost of repairs, and their total with it. */
function worksheetLines(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 15, 20]);
  const months = random.int(0, 6);
  const payment = random.int(90, 260) * 1000 + random.pick([0, 2500, 5000, 7500]);
  const draws = random.int(3, 6);
  const lines: RecapLine[] = [{ label: `Contingency reserve (${rate}% of repairs)`, amount: Math.round((grandTotal * rate) / 100) }];
  if (months > 0) lines.push({ label: `Mortgage payment reserve (${months} mo. x ${money(payment, { dollar: true })})`, amount: months * payment });
  lines.push({ label: 'Consultant fee', amount: random.int(16, 40) * 2500 });
  const fee = random.pick([125, 150, 175]);
  lines.push({ label: `Draw inspection fees (${draws} @ $${fee}.00)`, amount: draws * fee * 100 });
  lines.push({ label: `Title update fees (${draws} @ $50.00)`, amount: draws * 5000 });
  return withTotalLine(lines, 'TOTAL REHABILITATION COST', grandTotal);
}

export const g68: SorFamily = {
  id: 'g68',
  name: "consultant's write-up with a separate table for every trade, each with its own header row and lettered items, a cost summary by trade and the 203(k) worksheet items (mortgage payment reserve) after the cost of repairs",
  heldOut: false,
  items: [10, 44],
  dateStyle: 'abbrev',
  printed: printedFields(),
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ ordinal, trade }) => `${ordinal} ${trade!.name.toUpperCase()}`,
    verbosity: 0.4,
    recap: {
      generalConditions: null,
      overheadAndProfit: null,
      before: (inner) => permitFee(inner, 0.5, ['Permits', 'Building permit fees'], 900),
      after: (inner, grandTotal) => worksheetLines(inner, grandTotal),
    },
  }),
  render,
};
