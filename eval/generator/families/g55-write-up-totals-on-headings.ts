import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { Unit } from '../work-items.js';
import {
  cityLine, columnsAcross, contingencyReserve, descriptionTable, itemCells, labelValueColumns, permitFee, pickEach, printedFields, recapLineRows, recapRows,
  streetLine, withTotalLine, type Pair, type RecapRow, type TextContext,
} from './parts.js';

/**
 * g55: a 203(k) consultant's specification of repairs typed in Times, with no rules in the table. A centred
 * title block, two columns of job facts, then two columns of running text (the scope and the terms of the
 * estimate). The table is No. | Description | Qty | Unit | Material | Labor | Total with the units in lower
 * case with periods ("l.f.", "s.f.", "ea."): each section's heading carries the section's total at the right,
 * after a dot leader, and some sections hold a bold note row with no amounts. Under the table the total of
 * the items, the contractor's overhead and profit sometimes, permits sometimes and TOTAL COST OF REPAIRS;
 * below it, for the lender's escrow, the contingency reserve, the consultant's fee, the draw inspection and
 * title update fees and the TOTAL REHABILITATION COST with them.
 */

const UNIT_TEXT: Record<Unit, string> = { EA: 'ea.', LF: 'l.f.', SF: 's.f.', SY: 's.y.', SQ: 'sq.', LS: 'l.s.', HR: 'hr.', CY: 'c.y.' };

const NOTES = [
  'NOTE: Owner to select finish and color.',
  'NOTE: Verify framing when opened up.',
  'NOTE: Work to pass local inspection.',
  'NOTE: Match existing profile and finish.',
  'NOTE: Protect adjacent finishes.',
  'NOTE: Lead-safe work practices apply.',
];

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['SPECIFICATION OF REPAIRS AND COST ESTIMATE', '203(k) REHABILITATION COST ESTIMATE', 'WORK WRITE-UP / COST ESTIMATE'],
    itemsLabel: ['Total of construction items', 'Total of all sections', 'Construction subtotal'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 54;
const RIGHT = 558;
const MIDDLE = (LEFT + RIGHT) / 2;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'No.', 26, 'left'],
  ['description', 'Description', 250, 'left'],
  ['quantity', 'Qty', 42, 'right'],
  ['unit', 'Unit', 30, 'center'],
  ['material', 'Material', 52, 'right'],
  ['labor', 'Labor', 52, 'right'],
  ['total', 'Total', 'rest', 'right'],
]);

function titleBlock(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  sheet.text(parties.consultantCompany, MIDDLE, 60, { ...bold, size: 13 }, 'center');
  sheet.text(`${streetLine(parties.consultantAddress)}, ${cityLine(parties.consultantAddress)}  -  ${parties.consultantPhone}`, MIDDLE, 73, { ...body, size: 8.5 }, 'center');
  sheet.rule(LEFT, RIGHT, 80, 0.8);
  sheet.rule(LEFT, RIGHT, 82.5, 0.4);
  sheet.text(style.title, MIDDLE, 97, { ...bold, size: 11 }, 'center');
  const contractor = parties.contractor;
  const facts: Array<[number, number, Pair[]]> = [
    [LEFT, 66, [['Borrower:', parties.borrower], ['Property:', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender:', parties.lender], ['FHA Case No.:', parties.fhaCaseNumber]]],
    [318, 70, [
      ['Consultant:', `${parties.consultant} (${parties.consultantId})`],
      ['Inspected:', formatDate(parties.inspectionDate, 'us')],
      ['Report date:', formatDate(parties.reportDate, 'us')],
      ['Contractor:', contractor ? contractor.name : 'Not yet selected'],
      ['Lic. / Tel.:', contractor ? `${contractor.license}  /  ${contractor.phone}` : ''],
    ]],
  ];
  labelValueColumns(sheet, facts, 116, 12, bold, body);
  sheet.y = 116 + 5 * 12;
}

/** Two columns of running text side by side; the cursor ends under the longer one. */
function twoColumns(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const small = { ...body, size: 8 };
  const width = (RIGHT - LEFT - 18) / 2;
  const texts: Array<[string, string]> = [
    ['SCOPE', `The items below were observed at the inspection of ${formatDate(document.parties.inspectionDate, 'long')} and are required or elected repairs under the 203(k) program. Quantities are field measured; prices are typical local costs for material and labor.`],
    ['TERMS', 'Amounts shown are estimates, not bids. The contractor may substitute equal products with the owner\'s consent. The contingency reserve and fees below are held in the rehabilitation escrow and are not construction items.'],
  ];
  const top = sheet.y;
  const ends = texts.map(([title, text], index) => {
    const x = LEFT + index * (width + 18);
    sheet.text(title, x, top + 9, { ...bold, size: 8 });
    const lines = sheet.wrap(text, width, small);
    lines.forEach((line, row) => sheet.text(line, x, top + 19 + row * 9.5, small));
    return top + 19 + lines.length * 9.5;
  });
  sheet.y = Math.max(...ends) + 2;
}

/** Heading text with its section's total after a dot leader; a continued heading has no total. */
function drawHeading(sheet: Sheet, text: string, top: number, total: string | undefined, bold: TextStyle): void {
  const baseline = top + 12;
  sheet.text(text, LEFT + 2, baseline, bold);
  if (total === undefined) return;
  sheet.text(total, RIGHT - 3, baseline, bold, 'right');
  const from = LEFT + 2 + sheet.textWidth(text, bold) + 6;
  const to = RIGHT - 3 - sheet.textWidth(total, bold) - 6;
  const dot = sheet.textWidth('. ', bold);
  if (to > from) sheet.text('. '.repeat(Math.floor((to - from) / dot)), from, baseline, { ...bold, gray: 0.45 });
}

function itemRows(document: SorDocument, random: Random): TableRow[] {
  const notes = random.shuffle(NOTES);
  let number = 0;
  return document.sections.flatMap((section, sectionIndex): TableRow[] => {
    const noteAfter = random.chance(0.4) ? random.int(0, section.items.length - 1) : -1;
    const note = notes[sectionIndex % notes.length];
    const rows = section.items.flatMap((item, index): TableRow[] => {
      number += 1;
      const row: TableRow = { kind: 'item', cells: { number: `${number}.`, ...itemCells(item), unit: UNIT_TEXT[item.unit] } };
      return index === noteAfter ? [row, { kind: 'note', text: note }] : [row];
    });
    return [{ kind: 'heading', text: section.heading }, ...rows, { kind: 'space', height: 6 }];
  });
}

function recap(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap: lines } = document;
  const dollars = (cents: number) => money(cents, { dollar: true });
  const rows: RecapRow[] = [{ label: style.itemsLabel, amount: dollars(lines.subtotal), rule: true }];
  if (lines.overhead) rows.push({ label: `Contractor overhead & profit (${percentText(lines.overhead.rate)})`, amount: dollars(lines.overhead.amount) });
  rows.push(...recapLineRows(lines.before, dollars), { label: 'TOTAL COST OF REPAIRS', amount: dollars(lines.grandTotal), bold: true, rule: true });
  const escrow = recapLineRows(lines.after, dollars);
  escrow[escrow.length - 1] = { ...escrow.at(-1)!, bold: true, rule: true };
  sheet.ensure((rows.length + escrow.length) * 13 + 90);
  sheet.y += 4;
  const layout = { labelX: 300, amountRight: RIGHT - 3, leading: 13, regular: body, bold };
  recapRows(sheet, rows, layout);
  sheet.y += 8;
  sheet.text('Held in the rehabilitation escrow:', 300, sheet.y + 9, { ...body, font: context.fonts.italic });
  sheet.y += 13;
  recapRows(sheet, escrow, layout);
  sheet.y += 26;
  sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
  sheet.rule(330, 450, sheet.y, 0.5);
  sheet.text(`${document.parties.consultant}, 203(k) Consultant`, LEFT, sheet.y + 10, { ...body, size: 8 });
  sheet.text('Date', 330, sheet.y + 10, { ...body, size: 8 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g55-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 54, bottom: 58, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${streetLine(parties.property)}`, producer: 'WordPerfect 2021', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 9.5 };
  const bold: TextStyle = { font: fonts.bold, size: 9.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11.5 };
  sheet.addPage();
  titleBlock(context, document, style);
  twoColumns(context, document);
  const totals = new Map(document.sections.map((section) => [section.heading, money(sectionTotal(section))]));
  const spec = descriptionTable(COLUMNS, body, bold, {
    lineHeight: 11.5,
    rowGap: 2.5,
    padding: 2,
    headerRules: 'below',
    heading: { height: 17, draw: (target, text, top) => drawHeading(target, text, top, totals.get(text), bold) },
    continued: (heading) => `${heading} (cont.)`,
  });
  writeTable(sheet, spec, itemRows(document, random.child('notes')));
  recap(context, document, style);
  sheet.decorate((index, count) => sheet.text(`FHA ${parties.fhaCaseNumber}  -  page ${index + 1} of ${count}`, MIDDLE, 764, { ...body, size: 8 }, 'center'));
  return sheet.save();
}

/** The consultant's fee by the cost of repairs, as HUD's fee schedule steps it. */
function consultantFee(grandTotal: number): RecapLine {
  const steps: Array<[number, number]> = [[7_500, 400], [15_000, 500], [30_000, 600], [50_000, 700], [75_000, 800], [100_000, 900]];
  const fee = steps.find(([limit]) => grandTotal <= limit * 100)?.[1] ?? 1000;
  return { label: 'Consultant fee (write-up)', amount: fee * 100 };
}

function escrowLines(random: Random, grandTotal: number): RecapLine[] {
  const draws = random.int(3, 6);
  const fee = random.pick([150, 175, 200, 250]);
  return withTotalLine(
    [
      contingencyReserve(random, grandTotal, [10, 15, 20]),
      consultantFee(grandTotal),
      { label: `Draw inspection fees (${draws} @ $${fee}.00)`, amount: draws * fee * 100 },
      { label: `Title update fees (${draws} @ $50.00)`, amount: draws * 5000 },
    ],
    'TOTAL REHABILITATION COST',
    grandTotal,
  );
}

export const g55: SorFamily = {
  id: 'g55',
  name: "consultant's typed write-up with each section's total on its heading row, note rows and the escrow fees after the cost of repairs",
  heldOut: false,
  items: [8, 44],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const upper = random.chance(0.5);
    return {
      itemCount,
      grouping: random.chance(0.6) ? 'room' : 'trade',
      heading: ({ trade, room }) => {
        const name = room ? room.name : trade!.name;
        return upper ? name.toUpperCase() : name;
      },
      verbosity: 0.3,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.4) ? [10, 15] : null,
        before: (inner) => permitFee(inner, 0.4, ['Permits', 'Building permits'], 800),
        after: escrowLines,
      },
    };
  },
  render,
};
