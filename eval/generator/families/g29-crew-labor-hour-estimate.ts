import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type Column, type TableRow, type TableSpec } from '../table.js';
import { TRADES, type TradeId } from '../work-items.js';
import { cityLine, contingencyReserve, labelValueColumns, printedFields, recapLineRows, recapRows, streetLine, titleCase, workItemOf, type Pair, type RecapRow } from './parts.js';

/**
 * g29: a consultant's estimate priced from a unit-cost data book, printed landscape in 7 pt.
 * Line Number | Description | Crew | Labor-Hours | Unit | Quantity | Material | Labor | Equip. | Total,
 * the last four under a merged "Extended Bare Costs" heading: every line has a cost-data line number
 * ("09 91 23.72 0840"), the crew that prices it ("2 Carp", "Q-1") and its labor-hours, and the unit
 * comes before the quantity. Divisions ("Div. 09 Finishes", "22 PLUMBING") or locations ("Location:
 * Kitchen") as headings, a subtotal row per heading with the four amounts and the hours. A running header
 * on every page (consultant, report title, project, cost data edition, "Page n of N"), a three-column
 * block of parties on the first page; at the end a bare-cost recap: subtotal, general requirements
 * sometimes, overhead and profit (one line or two), a location-factor adjustment of the bare costs
 * (negative where the city index is below 100), TOTAL ESTIMATED COST, then the contingency after it.
 */

interface Style {
  title: string;
  edition: string;
  decimals: number;
  totalLabel: string;
}

function chooseStyle(random: Random): Style {
  return {
    title: random.pick(['COST ESTIMATE – LINE ITEM DETAIL', 'REPAIR COST ESTIMATE (UNIT COST METHOD)', 'ESTIMATE DETAIL – BARE COSTS']),
    edition: random.pick(['Repair & Remodeling Cost Data 2026', 'Residential Cost Data 2026, 2nd quarter', 'Renovation Unit Cost Book 2026']),
    decimals: random.pick([0, 2]),
    totalLabel: random.pick(['TOTAL ESTIMATED COST', 'TOTAL PROJECT COST', 'ESTIMATE TOTAL']),
  };
}

/** The crew a trade's lines are priced with and its bare hourly rate in cents. */
const CREWS: Record<TradeId, [string, number]> = {
  general: ['1 Clab', 4860], demolition: ['B-1', 5025], concrete: ['C-8', 5940], masonry: ['D-1', 6110], carpentry: ['2 Carp', 6480],
  roofing: ['G-1', 5710], openings: ['F-2', 6395], finishes: ['1 Pord', 5580], cabinets: ['2 Carp', 6480], plumbing: ['Q-1', 8120],
  hvac: ['Q-5', 8390], electrical: ['1 Elec', 8260], site: ['B-62', 5345],
};

const LEFT = 30;
const RIGHT = 762;

const COLUMNS: Column[] = [
  { key: 'line', header: ['Line Number'], x: LEFT, width: 80, align: 'left' },
  { key: 'description', header: ['Description'], x: 110, width: 262, align: 'left' },
  { key: 'crew', header: ['Crew'], x: 372, width: 38, align: 'center' },
  { key: 'hours', header: ['Labor-', 'Hours'], x: 410, width: 42, align: 'right' },
  { key: 'unit', header: ['Unit'], x: 452, width: 26, align: 'center' },
  { key: 'quantity', header: ['Quantity'], x: 478, width: 50, align: 'right' },
  { key: 'material', header: ['Material'], x: 528, width: 58, align: 'right' },
  { key: 'labor', header: ['Labor'], x: 586, width: 58, align: 'right' },
  { key: 'equipment', header: ['Equip.'], x: 644, width: 52, align: 'right' },
  { key: 'total', header: ['Total'], x: 696, width: RIGHT - 696, align: 'right' },
];

const tradeOf = (item: LineItem): TradeId => workItemOf(item).trade;

const hoursOf = (item: LineItem): number => Math.round((item.labor / CREWS[tradeOf(item)][1]) * 100) / 100;

/** "09 91 23.72 0840": the trade's division, then a section, a subsection and a line of the data book. */
function lineNumber(random: Random, trade: TradeId): string {
  const division = TRADES.find((candidate) => candidate.id === trade)!.csiNumber;
  const two = () => String(random.int(1, 9) * 10 + random.int(0, 9)).padStart(2, '0');
  return `${division} ${two()} ${two()}.${two()} ${String(random.int(1, 98) * 20).padStart(4, '0')}`;
}

function tableRows(document: SorDocument, style: Style, random: Random): TableRow[] {
  const amount = (cents: number) => money(cents);
  const sums = (section: Section) => ({
    hours: section.items.reduce((sum, item) => sum + hoursOf(item), 0).toFixed(2),
    material: amount(sectionTotal(section, 'material')),
    labor: amount(sectionTotal(section, 'labor')),
    equipment: amount(sectionTotal(section, 'equipment')),
    total: amount(sectionTotal(section)),
  });
  return document.sections.flatMap((section): TableRow[] => [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item): TableRow => {
      const trade = tradeOf(item);
      return {
        kind: 'item',
        cells: {
          line: lineNumber(random, trade),
          description: item.description,
          crew: CREWS[trade][0],
          hours: item.labor === 0 ? '' : hoursOf(item).toFixed(2),
          unit: item.unit,
          quantity: quantityText(item.quantity, style.decimals || undefined),
          material: amount(item.material),
          labor: amount(item.labor),
          equipment: amount(item.equipment),
          total: amount(item.total),
        },
      };
    }),
    { kind: 'total', label: `Subtotal ${section.heading}`, labelKey: 'description', rule: true, cells: sums(section) },
    { kind: 'space', height: 5 },
  ]);
}

function partiesBlock(sheet: Sheet, document: SorDocument, fonts: Fonts): void {
  const { parties } = document;
  const contractor = parties.contractor;
  const label: TextStyle = { font: fonts.bold, size: 7.5 };
  const value: TextStyle = { font: fonts.regular, size: 7.5 };
  const columns: Array<[number, number, Pair[]]> = [
    [LEFT, 58, [['Borrower', parties.borrower], ['Property', streetLine(parties.property)], ['', cityLine(parties.property)], ['Lender', parties.lender], ['FHA Case No.', parties.fhaCaseNumber]]],
    [290, 70, [['Prepared by', `${parties.consultant}, ${parties.consultantId}`], ['Company', parties.consultantCompany], ['Site inspection', formatDate(parties.inspectionDate, 'us')], ['Estimate date', formatDate(parties.reportDate, 'us')]]],
    [540, 62, contractor ? [['Contractor', contractor.name], ['License', contractor.license], ['Phone', contractor.phone]] : [['Contractor', 'Bids not yet received']]],
  ];
  labelValueColumns(sheet, columns, sheet.y + 8, 10, label, value);
  sheet.y += 5 * 10 + 8;
}

function recapBlock(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts): void {
  const { recap } = document;
  const all = document.sections.flatMap((section) => section.items);
  const regular: TextStyle = { font: fonts.regular, size: 7.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8 };
  const amount = (cents: number) => money(cents, { parentheses: true });
  const rows: RecapRow[] = [
    { label: 'Subtotal, bare costs', amount: amount(recap.subtotal), bold: true },
    ...(recap.generalConditions ? [{ label: 'General requirements', rate: percentText(recap.generalConditions.rate), amount: amount(recap.generalConditions.amount) }] : []),
    ...(recap.profit
      ? [{ label: 'Overhead', rate: percentText(recap.overhead!.rate), amount: amount(recap.overhead!.amount) }, { label: 'Profit', rate: percentText(recap.profit.rate), amount: amount(recap.profit.amount) }]
      : [{ label: 'Overhead & profit', rate: percentText(recap.overhead!.rate), amount: amount(recap.overhead!.amount) }]),
    ...recapLineRows(recap.before, amount),
    { label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true },
  ];
  const after = recapLineRows(recap.after, (cents) => money(cents, { dollar: true }));
  sheet.ensure((rows.length + after.length + 3) * 11 + 20);
  sheet.y += 10;
  const top = sheet.y;
  const hours = all.reduce((sum, item) => sum + hoursOf(item), 0);
  sheet.text(`Total labor-hours: ${hours.toFixed(2)}`, LEFT, top + 8, regular);
  sheet.text(`Lines priced: ${all.length}`, LEFT, top + 19, regular);
  sheet.text('Bare costs exclude overhead and profit; equipment includes rental and operating cost.', LEFT, top + 30, { font: fonts.italic, size: 7 });
  const layout = { labelX: 528, rateX: 650, amountRight: RIGHT - 2, ruleFrom: 528, ruleTo: RIGHT, leading: 11, regular, bold };
  recapRows(sheet, rows, layout);
  sheet.y += 6;
  recapRows(sheet, after, { ...layout, regular: { font: fonts.italic, size: 7.5 } });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g29-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 58, bottom: 40, left: LEFT, right: 792 - RIGHT }, title: style.title, producer: 'Estimator Desktop 9.3', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const small: TextStyle = { font: fonts.regular, size: 7, gray: 0.2 };
  sheet.onPageStart = (current) => {
    current.text(parties.consultantCompany, LEFT, 30, { font: fonts.bold, size: 10 });
    current.text(style.title, 396, 30, { font: fonts.bold, size: 10 }, 'center');
    current.text(`Project: ${streetLine(parties.property)}, ${cityLine(parties.property)}   |   Cost data: ${style.edition}   |   Location factors by ZIP ${parties.property.zip.slice(0, 3)}`, LEFT, 42, small);
    current.rule(LEFT, RIGHT, 47, 0.9);
  };
  sheet.addPage();
  partiesBlock(sheet, document, fonts);
  const spec: TableSpec = {
    columns: COLUMNS,
    wrapKey: 'description',
    body: { font: fonts.regular, size: 7 },
    bold: { font: fonts.bold, size: 7 },
    header: { font: fonts.bold, size: 7 },
    lineHeight: 8.6,
    rowGap: 2,
    padding: 2.5,
    headerRules: 'above-below',
    groups: [{ text: 'Extended Bare Costs', from: 'material', to: 'total' }],
    heading: { height: 13, draw: (target, text, top) => target.text(text, LEFT + 2.5, top + 9.5, { font: fonts.bold, size: 8 }) },
    continued: (heading) => `${heading} (continued)`,
  };
  writeTable(sheet, spec, tableRows(document, style, random.child('lines')));
  recapBlock(sheet, document, style, fonts);
  sheet.decorate((index, count) => {
    sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 30, small, 'right');
    sheet.text(`${parties.consultant}  ·  ${parties.consultantPhone}  ·  ${parties.consultantEmail}`, LEFT, 590, small);
    sheet.text(`Printed ${formatDate(parties.reportDate, 'us')}`, RIGHT, 590, small, 'right');
  });
  return sheet.save();
}

/** The location factor of the property's city applied to the bare costs (below 100 takes money off). */
function locationFactor(random: Random, sections: Section[]): RecapLine[] {
  const index = random.int(860, 1120) / 10;
  const bare = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  return [{ label: `Location adjustment (city index ${index.toFixed(1)})`, amount: Math.round((bare * (index - 100)) / 100) }];
}

const HEADINGS: Record<'trade' | 'room', Array<(ordinal: number, name: string, csi: string) => string>> = {
  trade: [(_ordinal, name, csi) => `Div. ${csi} ${titleCase(name)}`, (_ordinal, name, csi) => `${csi} ${name}`],
  room: [(_ordinal, name) => `Location: ${name}`, (ordinal, name) => `${String(ordinal).padStart(2, '0')} ${name.toUpperCase()}`],
};

export const g29: SorFamily = {
  id: 'g29',
  name: 'unit-cost data estimate with crews and labor-hours',
  heldOut: false,
  items: [15, 55],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const grouping = random.chance(0.6) ? 'trade' : 'room';
    const heading = random.pick(HEADINGS[grouping]);
    const split = random.chance(0.5);
    return {
      itemCount,
      grouping,
      heading: ({ ordinal, trade, room }) => (trade ? heading(ordinal, trade.csiTitle, trade.csiNumber) : heading(ordinal, room!.name, '')),
      verbosity: 0.3,
      equipmentAndTax: { taxRate: 0 },
      recap: {
        generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
        overheadAndProfit: split ? [8, 10, 12] : [15, 20, 25],
        split,
        before: locationFactor,
        after: (reserveRandom, grandTotal) => [contingencyReserve(reserveRandom, grandTotal, [10, 15, 20])],
      },
    };
  },
  render,
};
