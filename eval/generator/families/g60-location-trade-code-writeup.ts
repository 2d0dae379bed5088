import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow } from '../table.js';
import type { Area, TradeId } from '../work-items.js';
import {
  descriptionTable, itemCells, labelValueRows, oneLine, permitFee, pickEach, printedFields, streetLine, withTotalLine, workItemOf, type Pair, type TextContext,
} from './parts.js';

/**
 * g60: a 203(k) consultant's work write-up in the layout of HUD's specification of repairs, portrait, in
 * Helvetica 7.5 in one ruled grid. The consultant's name and HUD consultant number at the top, a title, then a
 * ruled block of label/value pairs four across (borrower, property, FHA case, lender; inspection, report date,
 * contractor, license, telephone). The grid is No. | Trade | Location | Description of Work | Qty | Unit |
 * Material | Labor | Total: each line carries a two-letter trade code (PL, EL, CP …) and the room or place
 * where the work is done in columns of their own, quantities are field measured to the half foot ("12.5"),
 * and the sections are the trades, as shaded rows in capitals with a total row under each. Under the grid a
 * numbered SUMMARY OF COSTS: the total of the repair items, overhead and profit sometimes, permits sometimes,
 * the TOTAL COST OF REPAIRS, then the contingency reserve as a percent of the cost of repairs, the draw
 * inspection and title update fees and the TOTAL REHABILITATION COST.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['SPECIFICATION OF REPAIRS', 'WORK WRITE-UP AND COST ESTIMATE', 'HUD 203(k) WORK WRITE-UP'],
    itemsLabel: ['Total of repair items (all trades)', 'Sum of trade totals', 'Repair items subtotal'],
    band: [0.82, 0.88],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 36;
const RIGHT = 576;

const TRADE_CODES: Record<TradeId, string> = {
  general: 'GR', demolition: 'DM', concrete: 'CN', masonry: 'MS', carpentry: 'CP', roofing: 'RF', openings: 'DW',
  finishes: 'FN', cabinets: 'CA', plumbing: 'PL', hvac: 'HV', electrical: 'EL', site: 'SW',
};

const PLACES: Record<Area, string[]> = {
  kitchen: ['Kitchen'],
  bath: ['Hall bath', 'Primary bath', 'Half bath'],
  bedroom: ['Bedroom 1', 'Bedroom 2', 'Primary bedroom'],
  living: ['Living room', 'Dining room', 'Family room'],
  exterior: ['Exterior front', 'Exterior rear', 'Exterior north'],
  roof: ['Roof'],
  basement: ['Basement'],
  laundry: ['Laundry'],
  garage: ['Garage'],
  whole: ['Whole house', 'Throughout'],
  site: ['Yard', 'Driveway', 'Site'],
};

function columns(): Column[] {
  const cells: Array<[string, string, number, Column['align']]> = [
    ['number', 'No.', 20, 'center'],
    ['trade', 'Trade', 28, 'center'],
    ['location', 'Location', 62, 'left'],
    ['description', 'Description of Work', 216, 'left'],
    ['quantity', 'Qty', 36, 'right'],
    ['unit', 'Unit', 24, 'center'],
    ['material', 'Material', 50, 'right'],
    ['labor', 'Labor', 50, 'right'],
    ['total', 'Total', RIGHT - LEFT - 486, 'right'],
  ];
  let x = LEFT;
  return cells.map(([key, header, width, align]) => {
    const column: Column = { key, header: [header], x, width, align };
    x += width;
    return column;
  });
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.text(`${parties.consultant}, HUD 203(k) Consultant No. ${parties.consultantId}`, LEFT, 46, { ...bold, size: 10 });
  sheet.text(`${parties.consultantCompany}  |  ${oneLine(parties.consultantAddress)}  |  ${parties.consultantPhone}`, LEFT, 57, body);
  sheet.text(style.title, (LEFT + RIGHT) / 2, 80, { ...bold, size: 12 }, 'center');
  const rows: Pair[][] = [
    [['Borrower', parties.borrower], ['FHA case no.', parties.fhaCaseNumber]],
    [['Property', oneLine(parties.property)], ['Lender', parties.lender]],
    [['Inspection date', formatDate(parties.inspectionDate, 'us')], ['Report date', formatDate(parties.reportDate, 'us')]],
    [['Contractor', contractor ? contractor.name : 'To be selected by borrower'], ['License / phone', contractor ? `${contractor.license}  /  ${contractor.phone}` : '']],
  ];
  const top = 90;
  sheet.box(LEFT, top, RIGHT - LEFT, rows.length * 12 + 4, { stroke: 0, thickness: 0.6 });
  for (let index = 1; index < rows.length; index += 1) sheet.rule(LEFT, RIGHT, top + 2 + index * 12, 0.3, 0.5);
  sheet.vrule(370, top, top + rows.length * 12 + 4, 0.4);
  labelValueRows(sheet, rows, [[LEFT + 4, 64], [374, 62]], top + 11, 12, { ...body, gray: 0.35 }, bold);
  sheet.y = top + rows.length * 12 + 14;
}

function itemRows(document: SorDocument, random: Random): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      const work = workItemOf(item);
      return {
        kind: 'item',
        cells: { number: String(number), trade: TRADE_CODES[work.trade], location: random.pick(random.pick(work.areas.map((area) => PLACES[area]))), ...itemCells(item), quantity: quantityText(item.quantity) },
      };
    }),
    { kind: 'total', label: `TOTAL ${section.heading}`, labelKey: 'description', cells: { total: money(sectionTotal(section)) } },
  ]);
}

interface SummaryLine {
  label: string;
  amount: number;
  bold?: boolean;
}

/** The numbered summary in a ruled box: line number, label and amount; the first line of the escrow part starts after a rule. */
function summary(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const repairs: SummaryLine[] = [{ label: style.itemsLabel, amount: recap.subtotal }];
  if (recap.overhead) repairs.push({ label: `Contractor overhead and profit (${percentText(recap.overhead.rate)})`, amount: recap.overhead.amount });
  repairs.push(...recap.before);
  const costLine = repairs.length + 1;
  repairs.push({ label: `TOTAL COST OF REPAIRS (lines 1-${costLine - 1})`, amount: recap.grandTotal, bold: true });
  const escrow = recap.after.map((line, index): SummaryLine => (index === recap.after.length - 1 ? { label: `${line.label} (lines ${costLine}-${costLine + index})`, amount: line.amount, bold: true } : line));
  const lines = [...repairs, ...escrow];
  const leading = 12.5;
  const height = lines.length * leading + 32;
  sheet.ensure(height + 70);
  sheet.y += 12;
  const left = 250;
  const top = sheet.y;
  sheet.box(left, top, RIGHT - left, height, { stroke: 0, thickness: 0.7 });
  sheet.box(left, top, RIGHT - left, 14, { fill: style.band });
  sheet.text('SUMMARY OF COSTS', left + 6, top + 10, bold);
  sheet.text('Line', left + 6, top + 24, { ...body, gray: 0.35 });
  lines.forEach((line, index) => {
    const baseline = top + 24 + (index + 1) * leading;
    if (index === repairs.length) sheet.rule(left, RIGHT, baseline - 9, 0.5);
    const style = line.bold ? bold : body;
    sheet.text(`${index + 1}.`, left + 6, baseline, body);
    sheet.text(line.label, left + 28, baseline, style);
    sheet.text(money(line.amount, { dollar: true }), RIGHT - 6, baseline, style, 'right');
  });
  sheet.y = top + height + 30;
  sheet.rule(LEFT, LEFT + 190, sheet.y, 0.5);
  sheet.rule(330, 450, sheet.y, 0.5);
  sheet.text(`${document.parties.consultant}, Consultant`, LEFT, sheet.y + 9, body);
  sheet.text('Date', 330, sheet.y + 9, body);
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g60-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 40, bottom: 46, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${streetLine(parties.property)}`, producer: 'RehabWriter 203k', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9.5 };
  sheet.addPage();
  header(context, document, style);
  const spec = descriptionTable(columns(), body, bold, {
    headerBand: style.band,
    grid: true,
    mergedHeadings: true,
    lineHeight: 9.5,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 13,
      draw: (target, text, top) => {
        target.box(LEFT, top, RIGHT - LEFT, 13, { fill: 0.93 });
        target.text(text, LEFT + 4, top + 9.5, { ...bold, size: 8 });
      },
    },
    continued: (text) => `${text} (CONTINUED)`,
  });
  writeTable(sheet, spec, itemRows(document, random.child('locations')));
  summary(context, document, style);
  sheet.decorate((index, count) => sheet.text(`FHA case ${parties.fhaCaseNumber}  -  ${streetLine(parties.property)}  -  Page ${index + 1} of ${count}`, RIGHT, 772, { ...body, size: 7, gray: 0.35 }, 'right'));
  return sheet.save();
}

function escrowLines(random: Random, grandTotal: number): RecapLine[] {
  const draws = random.int(3, 5);
  const fee = random.pick([150, 175, 200]);
  const rate = random.pick([10, 15, 20]);
  return withTotalLine(
    [
      { label: `Contingency reserve, ${rate}% of cost of repairs`, amount: Math.round((grandTotal * rate) / 100) },
      { label: `Draw inspection fees (${draws} @ $${fee}.00)`, amount: draws * fee * 100 },
      { label: `Title update fees (${draws} @ $50.00)`, amount: draws * 5000 },
    ],
    'TOTAL REHABILITATION COST',
    grandTotal,
  );
}

export const g60: SorFamily = {
  id: 'g60',
  name: "consultant's HUD-style write-up by trade with trade-code and location columns, half-foot quantities and a numbered summary of costs",
  heldOut: false,
  items: [10, 46],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    heading: ({ trade }) => trade!.name.toUpperCase(),
    verbosity: 0.3,
    halfFeet: true,
    locationColumn: true,
    recap: {
      generalConditions: null,
      overheadAndProfit: random.chance(0.35) ? [10, 12, 15] : null,
      before: (inner) => permitFee(inner, 0.5, ['Permits and fees', 'Building permit'], 900),
      after: escrowLines,
    },
  }),
  render,
};
