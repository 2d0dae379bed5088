import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import type { TradeId } from '../work-items.js';
import { columnsAcross, contingencyReserve, oneLine, permitFee, pickEach, printedFields, recapRows, roomHeading, workItemOf, type TextContext } from './parts.js';

/**
 * g85: a scope of work by location from inspection software, landscape, Helvetica 7.5. A title bar with the
 * report's name and number, then four boxes side by side (CLIENT, PROPERTY, INSPECTION, CONTRACTOR). The locations
 * are in alphabetical order, each a dark band with its name in white capitals; under it the lines sorted by trade:
 * ID | Trade | Scope of Work | Priority | Qty | Units | Material | Labor | Total, the ID made of the location's first
 * three letters and a number ("KIT-03"), the trade and a priority (Safety, Required, Recommended) in columns of
 * their own; a "Location total" row under each. After the table a cost by trade at the left (totals of groups) and
 * the recap at the right: total of all locations, overhead and profit, permits sometimes, TOTAL ESTIMATED COST,
 * contingency after it.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    reportName: ['SCOPE OF WORK BY LOCATION', 'REPAIR SCOPE - BY LOCATION'],
    subtotalLabel: ['Total, all locations', 'Locations subtotal'],
    totalLabel: ['TOTAL ESTIMATED COST', 'ESTIMATED PROJECT COST'],
  });

const LEFT = 30;
const RIGHT = 762;
const PRIORITIES = ['Safety', 'Required', 'Required', 'Recommended'];

/** The trade as the software names it. */
const TRADE_NAMES: Record<TradeId, string> = {
  general: 'General', demolition: 'Demolition', concrete: 'Concrete', masonry: 'Masonry', carpentry: 'Carpentry', roofing: 'Roofing & Siding',
  openings: 'Doors & Windows', finishes: 'Finishes', cabinets: 'Cabinets', plumbing: 'Plumbing', hvac: 'HVAC', electrical: 'Electrical', site: 'Site Work',
};

/** The trade of a line, "Credit" for a deduct line. */
const tradeOf = (item: LineItem): string => (/^credit/i.test(item.description) ? 'Credit' : TRADE_NAMES[workItemOf(item).trade]);

/** The locations in alphabetical order and in capitals, each location's lines sorted by trade (credits last). */
const printedSections = (document: SorDocument): Section[] =>
  [...document.sections]
    .sort((a, b) => a.heading.localeCompare(b.heading))
    .map((section) => ({ heading: section.heading.toUpperCase(), items: [...section.items].sort((a, b) => (tradeOf(a) === 'Credit' ? 1 : 0) - (tradeOf(b) === 'Credit' ? 1 : 0) || tradeOf(a).localeCompare(tradeOf(b))) }));

const codeOf = (heading: string): string => heading.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();

function rows(document: SorDocument, random: Random): TableRow[] {
  return printedSections(document).flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        id: `${codeOf(section.heading)}-${String(index + 1).padStart(2, '0')}`,
        trade: tradeOf(item),
        description: item.description,
        priority: item.total < 0 ? '' : random.pick(PRIORITIES),
        quantity: quantityText(item.quantity),
        unit: item.unit,
        material: money(item.material),
        labor: money(item.labor),
        total: money(item.total),
      },
    })),
    { kind: 'total', label: 'Location total', labelKey: 'description', cells: { total: money(sectionTotal(section)) }, rule: true },
  ]);
}

function top(context: TextContext, document: SorDocument, reportName: string): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor;
  sheet.box(LEFT, 30, RIGHT - LEFT, 24, { fill: 0.25 });
  sheet.text(reportName, LEFT + 8, 46, { ...bold, size: 11, gray: 1 });
  sheet.text(`Report ${parties.fileNumber}`, RIGHT - 8, 46, { ...bold, gray: 1 }, 'right');
  const width = (RIGHT - LEFT - 18) / 4;
  const boxes: Array<[string, string[]]> = [
    ['CLIENT', [parties.borrower, parties.lender]],
    ['PROPERTY', [oneLine(parties.property)]],
    ['INSPECTION', [`${formatDate(parties.inspectionDate, 'iso')} by ${parties.consultant}`, parties.consultantCompany]],
    ['CONTRACTOR', contractor ? [contractor.name, `Lic. ${contractor.license}`, contractor.phone] : ['Not selected']],
  ];
  boxes.forEach(([caption, lines], index) => {
    const x = LEFT + index * (width + 6);
    sheet.box(x, 62, width, 50, { stroke: 0.5, thickness: 0.6 });
    sheet.text(caption, x + 5, 72, { ...bold, size: 6.5, gray: 0.4 });
    lines.flatMap((line) => sheet.wrap(line, width - 10, body)).slice(0, 4).forEach((line, at) => sheet.text(line, x + 5, 83 + at * 9, at === 0 ? bold : body));
  });
  sheet.y = 122;
}

function closing(context: TextContext, document: SorDocument, style: ReturnType<typeof chooseStyle>): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const byTrade = new Map<string, number>();
  for (const item of document.sections.flatMap((section) => section.items)) byTrade.set(tradeOf(item), (byTrade.get(tradeOf(item)) ?? 0) + item.total);
  const recapLines = [
    { label: style.subtotalLabel, amount: money(recap.subtotal), bold: true },
    ...(recap.overhead ? [{ label: `Overhead & profit (${percentText(recap.overhead.rate)})`, amount: money(recap.overhead.amount) }] : []),
    ...recap.before.map((line) => ({ label: line.label, amount: money(line.amount) })),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
    ...recap.after.map((line) => ({ label: line.label, amount: money(line.amount) })),
  ];
  sheet.ensure(Math.max(byTrade.size, recapLines.length) * 11 + 30);
  const start = sheet.y + 14;
  sheet.text('COST BY TRADE', LEFT, start, bold);
  [...byTrade.entries()].sort(([a], [b]) => a.localeCompare(b)).forEach(([trade, amount], index) => {
    sheet.text(trade, LEFT, start + 12 + index * 10, body);
    sheet.text(money(amount), LEFT + 200, start + 12 + index * 10, body, 'right');
  });
  sheet.y = start - 8;
  recapRows(sheet, recapLines, { labelX: 520, amountRight: RIGHT - 4, ruleFrom: 516, leading: 12, regular: body, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g85-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 36, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: style.reportName, producer: 'Skia/PDF m120', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 7.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 9.5 };
  sheet.addPage();
  top(context, document, style.reportName);
  writeTable(sheet, {
    columns: columnsAcross(LEFT, RIGHT, [
      ['id', 'ID', 42, 'left'],
      ['trade', 'Trade', 92, 'left'],
      ['description', 'Scope of Work', RIGHT - LEFT - 42 - 92 - 62 - 44 - 34 - 3 * 64, 'left'],
      ['priority', 'Priority', 62, 'left'],
      ['quantity', 'Qty', 44, 'right'],
      ['unit', 'Units', 34, 'center'],
      ['material', 'Material', 64, 'right'],
      ['labor', 'Labor', 64, 'right'],
      ['total', 'Total', 'rest', 'right'],
    ]),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'below',
    rowRules: 0.75,
    lineHeight: 9.5,
    rowGap: 3,
    padding: 3,
    heading: {
      height: 15,
      draw: (target, text, at) => {
        target.box(LEFT, at + 2, RIGHT - LEFT, 12, { fill: 0.3 });
        target.text(text, LEFT + 5, at + 11, { ...bold, size: 8, gray: 1 });
      },
    },
    continued: (text) => `${text} (CONT.)`,
  }, rows(document, random.child('priorities')));
  closing(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 596, { ...body, size: 7 }, 'right'));
  return sheet.save();
}

export const g85: SorFamily = {
  id: 'g85',
  name: 'landscape scope of work by location: locations in alphabetical order as dark bands, lines sorted by trade with ID "KIT-03", Trade and Priority columns, a location total each, a cost by trade and the recap after the table',
  heldOut: false,
  items: [12, 48],
  dateStyle: 'iso',
  printed: printedFields(),
  printedSections,
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'room',
    heading: roomHeading(false),
    verbosity: 0.3,
    credits: 0.2,
    locationColumn: true,
    recap: {
      generalConditions: null,
      overheadAndProfit: [10, 12, 15, 18],
      before: (inner) => permitFee(inner, 0.5, ['Permits', 'Permit and inspection fees'], 1000),
      after: (inner, grandTotal) => [contingencyReserve(inner, grandTotal, [10, 15])],
    },
  }),
  render,
};
