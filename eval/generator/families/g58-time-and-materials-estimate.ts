import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId } from '../work-items.js';
import { cityLine, columnsAcross, descriptionTable, flowLines, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g58: a trade contractor's time-and-materials estimate, portrait, in Helvetica 8.5 with a Times title. The
 * contractor's name and address at the left, the estimate's title and number at the right, then two columns of
 * job facts and a short paragraph naming the consultant's write-up and its inspection date. The table is
 * No. | Description of Work | Hours | Rate | Labor | Materials | Line Total: the labor of each line is printed
 * as labor hours (in half hours, "6.5") times an hourly rate that differs by trade ("$92.00/hr" for electrical),
 * the materials as one amount, and the line total is labor + materials; no quantities or units. Trades as
 * bold headings on a thin rule, each followed by a trade total with its hours. The foot: the hours and the
 * labor and materials totals, the subtotal, overhead and profit as one percentage line sometimes, a permit
 * fee sometimes and the ESTIMATED TOTAL, then the terms of time-and-materials billing and a signature line.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['Time & Materials Estimate', 'T&M Estimate', 'Estimate - Time and Materials'],
    totalLabel: ['ESTIMATED TOTAL', 'TOTAL ESTIMATE', 'ESTIMATED T&M TOTAL'],
    rateForm: ['dollar', 'per hour'] as const,
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 40;
const RIGHT = 572;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['number', 'No.', 24, 'left'],
  ['description', 'Description of Work', 230, 'left'],
  ['hours', ['Labor', 'Hours'], 40, 'right'],
  ['rate', ['Hourly', 'Rate'], 56, 'right'],
  ['labor', 'Labor', 60, 'right'],
  ['material', 'Materials', 60, 'right'],
  ['total', ['Line', 'Total'], 'rest', 'right'],
]);

/** Shop rates in dollars per hour by trade, before the contractor's own adjustment. */
const SHOP_RATES: Record<TradeId, number> = {
  general: 55, demolition: 48, concrete: 62, masonry: 68, carpentry: 64, roofing: 60, openings: 62,
  finishes: 52, cabinets: 60, plumbing: 95, hvac: 98, electrical: 92, site: 58,
};

const hoursText = (hours: number): string => quantityText(hours, 1);

function rateText(item: LineItem, style: Style): string {
  return style.rateForm === 'dollar' ? money(item.laborRate, { dollar: true }) : `${money(item.laborRate)}/hr`;
}

const totalHours = (items: LineItem[]): number => items.reduce((sum, item) => sum + (item.hours ?? 0), 0);

function header(context: TextContext, document: SorDocument, style: Style, title: TextStyle): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 50, { ...bold, size: 13 });
  sheet.text(streetLine(contractor.address), LEFT, 63, body);
  sheet.text(cityLine(contractor.address), LEFT, 74, body);
  sheet.text(`Tel ${contractor.phone}  ·  License ${contractor.license}`, LEFT, 85, body);
  sheet.text(style.title, RIGHT, 56, { ...title, size: 17 }, 'right');
  sheet.text(`No. ${parties.fileNumber}`, RIGHT, 72, bold, 'right');
  sheet.text(formatDate(parties.reportDate, 'us'), RIGHT, 84, body, 'right');
  sheet.rule(LEFT, RIGHT, 94, 1.2);
  labelValueColumns(
    sheet,
    [
      [LEFT, 62, [['Customer:', parties.borrower], ['Job address:', streetLine(parties.property)], ['', cityLine(parties.property)]]],
      [330, 56, [['Lender:', parties.lender], ['Loan no.:', parties.loanNumber], ['FHA case:', parties.fhaCaseNumber]]],
    ],
    110,
    12,
    bold,
    body,
  );
  sheet.y = 110 + 3 * 12;
  flowLines(
    context,
    [
      `Labor is estimated in hours at our hourly rate for each trade; materials are estimated at cost. Scope per the 203(k) work write-up of ${parties.consultant} (${parties.consultantCompany}), inspection of ${formatDate(parties.inspectionDate, 'us')}.`,
    ],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 6;
}

function itemRows(document: SorDocument, style: Style): TableRow[] {
  let number = 0;
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      number += 1;
      return {
        kind: 'item',
        cells: {
          number: String(number),
          description: item.description,
          hours: hoursText(item.hours ?? 0),
          rate: rateText(item, style),
          labor: money(item.labor),
          material: money(item.material),
          total: money(item.total),
        },
      };
    }),
    {
      kind: 'total',
      label: `Total ${section.heading}`,
      labelKey: 'description',
      cells: { hours: hoursText(totalHours(section.items)), labor: money(sectionTotal(section, 'labor')), material: money(sectionTotal(section, 'material')), total: money(sectionTotal(section)) },
      rule: true,
    },
    { kind: 'space', height: 4 },
  ]);
}

function foot(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap, sections } = document;
  const items = sections.flatMap((section) => section.items);
  const field = (name: 'labor' | 'material') => money(sections.reduce((sum, section) => sum + sectionTotal(section, name), 0));
  const rows: RecapRow[] = [
    { label: `Labor (${hoursText(totalHours(items))} hours)`, amount: field('labor') },
    { label: 'Materials', amount: field('material') },
    { label: 'Subtotal', amount: money(recap.subtotal, { dollar: true }), bold: true, rule: true },
  ];
  if (recap.overhead) rows.push({ label: 'Overhead & profit', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 13 + 96);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 360, rateX: 488, amountRight: RIGHT - 3, leading: 13, regular: body, bold });
  sheet.y += 12;
  flowLines(
    context,
    [
      'Time-and-materials work is billed at the hours actually worked at the rates above and the materials actually installed. Hours are estimated in half hours. Changes to the scope will be priced the same way and approved in writing before the work is done.',
    ],
    LEFT,
    RIGHT - LEFT,
  );
  sheet.y += 24;
  sheet.rule(LEFT, 250, sheet.y, 0.5);
  sheet.rule(320, RIGHT, sheet.y, 0.5);
  sheet.text('Contractor', LEFT, sheet.y + 9, { ...body, size: 7 });
  sheet.text('Owner acceptance / date', 320, sheet.y + 9, { ...body, size: 7 });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g58-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 42, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: `${style.title} ${parties.fileNumber}`, producer: 'ShopBook Service Estimates', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const times = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11 };
  sheet.addPage();
  header(context, document, style, { font: times.bold, size: 17 });
  const spec = descriptionTable(COLUMNS, body, bold, {
    header: { ...bold, size: 8 },
    headerRules: 'above-below',
    lineHeight: 10.5,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 17,
      draw: (target, text, top) => {
        target.text(text, LEFT + 3, top + 12, { ...bold, size: 9 });
        target.rule(LEFT, RIGHT, top + 15, 0.4, 0.5);
      },
    },
    continued: (text) => `${text} (continued)`,
  });
  writeTable(sheet, spec, itemRows(document, style));
  foot(context, document, style);
  sheet.decorate((index, count) => sheet.text(`${parties.contractor!.name}  ·  ${style.title} ${parties.fileNumber}  ·  Page ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 772, { ...body, size: 7, gray: 0.35 }, 'center'));
  return sheet.save();
}

export const g58: SorFamily = {
  id: 'g58',
  name: 'time-and-materials estimate: labor hours times an hourly rate per line, materials as one amount',
  heldOut: false,
  items: [9, 40],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false }),
  spec: (random, itemCount) => {
    const adjustment = random.pick([-5, 0, 0, 5, 10]);
    return {
      itemCount,
      grouping: 'trade',
      contractorSelected: true,
      heading: ({ trade }) => trade!.name,
      verbosity: 0.2,
      hourlyRate: (work) => (SHOP_RATES[work.trade] + adjustment) * 100,
      recap: {
        generalConditions: null,
        overheadAndProfit: random.chance(0.7) ? [10, 12, 15, 20] : null,
        before: (inner) => permitFee(inner, 0.6, ['Permit fee', 'Building permit fee', 'Permits'], 900),
      },
    };
  },
  render,
};
