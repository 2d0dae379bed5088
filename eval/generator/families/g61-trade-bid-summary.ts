import { addDays, formatDate, personName } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { TRADES, type Trade, type TradeId } from '../work-items.js';
import { cityLine, columnsAcross, flowLines, labelValueColumns, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g61: a general contractor's trade bid summary for a renovation loan, portrait, in Helvetica: one line per
 * trade, the sum of the subcontractor's bid for it, instead of the items. The builder's letterhead with a dark
 * rule, BID SUMMARY with the project's facts in two columns, a sentence on how the bids were taken; then
 * Div. | Trade | Subcontractor | Bid Rec'd | Amount, where the subcontractor's company (or "Self-performed")
 * and the date its bid came in stand in columns of their own. The trades are grouped under shaded phase rows
 * ("SHELL & ENVELOPE"). Under the table: the total of the trade bids, the builder's fee as a percentage, a
 * contingency as a percentage of the bids above the total sometimes, a permit sometimes and the TOTAL
 * CONSTRUCTION BUDGET; then SCOPE INCLUDED, a paragraph per trade listing the work its bid covers, unpriced,
 * which runs on to a second page on the larger jobs.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    title: ['BID SUMMARY', 'TRADE BID SUMMARY', 'SUBCONTRACT BID SUMMARY'],
    totalLabel: ['TOTAL CONSTRUCTION BUDGET', 'TOTAL CONTRACT AMOUNT', 'TOTAL PROJECT COST'],
    itemsLabel: ['Total of trade bids', 'Subtotal - trade bids', 'Trade bids subtotal'],
    feeLabel: ["Builder's fee", 'Contractor fee (overhead & profit)', 'General contractor fee'],
    band: [0.86, 0.9],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 44;
const RIGHT = 568;

const COLUMNS = columnsAcross(LEFT, RIGHT, [
  ['code', 'Div.', 30, 'left'],
  ['description', 'Trade', 170, 'left'],
  ['sub', 'Subcontractor', 184, 'left'],
  ['received', "Bid Rec'd", 60, 'center'],
  ['total', 'Amount', 'rest', 'right'],
]);

const PHASES: Array<[name: string, trades: TradeId[]]> = [
  ['GENERAL CONDITIONS & DEMOLITION', ['general', 'demolition']],
  ['STRUCTURE & SHELL', ['concrete', 'masonry', 'carpentry']],
  ['ENVELOPE & OPENINGS', ['roofing', 'openings']],
  ['INTERIOR FINISHES', ['finishes', 'cabinets']],
  ['MECHANICAL, PLUMBING & ELECTRICAL', ['plumbing', 'hvac', 'electrical']],
  ['SITE WORK', ['site']],
];

/** Subcontractor names by trade; "{name}" is a surname. */
const SUBS: Record<TradeId, string[]> = {
  general: ['Self-performed', 'By general contractor'],
  demolition: ['{name} Demolition & Hauling', 'A-1 Tear Out, LLC', '{name} Excavating & Demo'],
  concrete: ['{name} Concrete, Inc.', 'Flatwork Pros LLC', '{name} & Sons Cement'],
  masonry: ['{name} Masonry', 'Brick & Stone Restoration Co.', '{name} Chimney & Masonry'],
  carpentry: ['Self-performed', '{name} Carpentry', '{name} Framing LLC'],
  roofing: ['{name} Roofing & Siding', 'Top Notch Exteriors, Inc.', '{name} Roofing Co.'],
  openings: ['{name} Window & Door', 'Clearview Windows LLC', 'Self-performed'],
  finishes: ['{name} Painting & Drywall', 'Pro Floors & Finishes', '{name} Interiors'],
  cabinets: ['{name} Cabinetry', 'Kitchen Works Supply', '{name} Kitchen & Bath'],
  plumbing: ['{name} Plumbing & Heating', '{name} Plumbing, Inc.', 'Reliable Rooter & Plumbing'],
  hvac: ['{name} Heating & Cooling', 'Comfort Air Mechanical', '{name} HVAC Services'],
  electrical: ['{name} Electric, Inc.', 'Bright Line Electrical', '{name} Electrical Contractors'],
  site: ['{name} Landscaping', 'Green Acres Site Work', '{name} Paving & Grading'],
};

const tradeOf = (heading: string): Trade => TRADES.find((trade) => trade.name === heading)!;

/** One line per trade: the trade's name, its bid the sum of its items. */
const tradeLine = (section: Section): LineItem => ({
  description: section.heading,
  quantity: 1,
  unit: 'LS',
  materialRate: 0,
  laborRate: 0,
  material: 0,
  labor: 0,
  equipment: 0,
  tax: 0,
  total: sectionTotal(section),
});

/** The trades' lines grouped under the phases, in the order printed. */
function phaseSections(document: SorDocument): Section[] {
  return PHASES.flatMap(([name, trades]) => {
    const items = document.sections.filter((section) => trades.includes(tradeOf(section.heading).id)).map(tradeLine);
    return items.length > 0 ? [{ heading: name, items }] : [];
  });
}

interface Bid {
  sub: string;
  received: string;
}

function bidsFor(document: SorDocument, random: Random): Map<string, Bid> {
  return new Map(
    document.sections.map((section) => {
      const sub = random.pick(SUBS[tradeOf(section.heading).id]).replace('{name}', personName(random, false).split(' ').at(-1)!);
      return [section.heading, { sub, received: formatDate(addDays(document.parties.reportDate, -random.int(2, 20)), 'short') }];
    }),
  );
}

function header(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const builder = parties.contractor!;
  sheet.text(builder.name, LEFT, 52, { ...bold, size: 15 });
  sheet.text(`${streetLine(builder.address)}, ${cityLine(builder.address)}`, LEFT, 65, body);
  sheet.text(`Office ${builder.phone}   ·   Contractor License ${builder.license}`, LEFT, 76, body);
  sheet.box(LEFT, 84, RIGHT - LEFT, 3, { fill: 0.15 });
  sheet.text(style.title, RIGHT, 52, { ...bold, size: 13 }, 'right');
  sheet.text(formatDate(parties.reportDate, 'us'), RIGHT, 65, body, 'right');
  labelValueColumns(
    sheet,
    [
      [LEFT, 56, [['Owner', parties.borrower], ['Project', streetLine(parties.property)], ['', cityLine(parties.property)]]],
      [330, 62, [['Lender', parties.lender], ['Loan no.', parties.loanNumber], ['Bid no.', parties.fileNumber]]],
    ],
    104,
    12,
    bold,
    body,
  );
  sheet.y = 104 + 3 * 12;
  flowLines(context, ['Trade bids were taken on the scope of the 203(k) work write-up. The amount of each trade is the bid we accepted; the scope each bid covers is listed after the totals.'], LEFT, RIGHT - LEFT);
  sheet.y += 6;
}

function tableRows(document: SorDocument, bids: Map<string, Bid>): TableRow[] {
  return phaseSections(document).flatMap((phase): TableRow[] => [
    { kind: 'heading', text: phase.heading },
    ...phase.items.map((line): TableRow => {
      const bid = bids.get(line.description)!;
      return { kind: 'item', cells: { code: tradeOf(line.description).csiNumber, description: line.description, sub: bid.sub, received: bid.received, total: money(line.total) } };
    }),
  ]);
}

function totals(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const rows: RecapRow[] = [{ label: style.itemsLabel, amount: money(recap.subtotal, { dollar: true }), rule: true }];
  if (recap.overhead) rows.push({ label: style.feeLabel, rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 13 + 30);
  sheet.y += 8;
  recapRows(sheet, rows, { labelX: 300, rateX: 490, ruleFrom: 300, amountRight: RIGHT - 3, leading: 13, regular: body, bold });
}

function scope(context: TextContext, document: SorDocument, bids: Map<string, Bid>): void {
  const { sheet, body, bold } = context;
  sheet.ensure(40);
  sheet.y += 14;
  sheet.text('SCOPE INCLUDED', LEFT, sheet.y, bold);
  sheet.rule(LEFT, RIGHT, sheet.y + 3, 0.5);
  sheet.y += 8;
  const small: TextStyle = { ...body, size: 7.5 };
  for (const section of document.sections) {
    const trade = tradeOf(section.heading);
    const text = `${trade.csiNumber} ${trade.name} (${bids.get(section.heading)!.sub}): ${section.items.map((item) => item.description).join('; ')}.`;
    flowLines({ ...context, lineHeight: 9.5 }, [text], LEFT, RIGHT - LEFT, small);
    sheet.y += 3;
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g61-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 50, left: LEFT, right: 612 - RIGHT }, title: `${style.title} - ${streetLine(parties.property)}`, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts('Helvetica');
  const body: TextStyle = { font: fonts.regular, size: 8.5 };
  const bold: TextStyle = { font: fonts.bold, size: 8.5 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 11 };
  const bids = bidsFor(document, random.child('bids'));
  sheet.addPage();
  header(context, document, style);
  writeTable(sheet, {
    columns: COLUMNS,
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerBand: style.band,
    headerRules: 'below',
    lineHeight: 11,
    rowGap: 4,
    padding: 4,
    rowRules: 0.7,
    heading: {
      height: 15,
      draw: (target, text, top) => {
        target.box(LEFT, top + 1, RIGHT - LEFT, 13, { fill: 0.94 });
        target.text(text, LEFT + 4, top + 11, { ...bold, size: 8 });
      },
    },
  }, tableRows(document, bids));
  totals(context, document, style);
  scope(context, document, bids);
  sheet.decorate((index, count) => sheet.text(`${parties.contractor!.name}  -  ${style.title}  -  ${index + 1} of ${count}`, (LEFT + RIGHT) / 2, 770, { ...body, size: 7, gray: 0.4 }, 'center'));
  return sheet.save();
}

/** A contingency at one of `rates` percent of the trade bids and a permit, each only sometimes. */
function beforeTotal(random: Random, sections: Section[]): RecapLine[] {
  const bids = sections.reduce((sum, section) => sum + sectionTotal(section), 0);
  const rate = random.pick([3, 5, 7.5]);
  const lines: RecapLine[] = random.chance(0.6) ? [{ label: `Contingency (${percentText(rate)} of trade bids)`, amount: Math.round((bids * rate) / 100) }] : [];
  return random.chance(0.4) ? [...lines, { label: 'Building permit', amount: random.int(8, 36) * 2500 }] : lines;
}

export const g61: SorFamily = {
  id: 'g61',
  name: "general contractor's trade bid summary: one line per trade with the subcontractor and bid date in columns of their own, builder's fee and contingency",
  heldOut: false,
  items: [24, 44],
  dateStyle: 'us',
  printed: printedFields({ quantity: false, unit: false, materialLabor: 'none', consultant: false, inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => trade!.name,
    verbosity: 0.1,
    recap: {
      generalConditions: null,
      overheadAndProfit: [8, 10, 12, 15],
      before: beforeTotal,
    },
  }),
  render,
  printedSections: phaseSections,
};
