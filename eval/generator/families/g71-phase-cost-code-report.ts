import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, quantityText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { writeTable, type TableRow } from '../table.js';
import { TRADES, type TradeId } from '../work-items.js';
import { cityLine, columnsAcross, labelValueColumns, permitFee, pickEach, printedFields, recapRows, streetLine, type RecapRow, type TextContext } from './parts.js';

/**
 * g71: a contractor's "standard estimate report" exported from takeoff-and-estimating software, portrait, dense,
 * in Times 7. A running head on every page (the company, the report's name and the estimate, the page), the job
 * facts in two columns on the first page. The table is Item | Description | Takeoff Qty | UOM | Labor Price |
 * Labor Amount | Material Price | Material Amount | Total Amount (labor before material, unit price and amount
 * of each, two-line headers). A three-level outline shown by indentation: phases ("Phase 3 - Interiors") at the
 * left margin, cost codes under them ("0900 Interior Finishes", the sections) indented once, items indented
 * twice with their codes ("0900.20"); a narrow description column, so that most descriptions wrap to two or
 * three lines with the figures on the first. Each cost code closes with its total ("0900 Interior Finishes
 * Total") and each phase with its own. The recap, "Estimate Totals": the labor and material totals, the
 * subtotal, overhead and profit on two percentage lines, a bond and permits sometimes, and the total.
 */

const chooseStyle = (random: Random) =>
  pickEach(random, {
    reportTitle: ['Standard Estimate Report', 'Estimate Detail by Phase', 'Cost Code Detail Estimate'],
    totalLabel: ['Grand Total', 'Total Estimate', 'Estimate Grand Total'],
  });

type Style = ReturnType<typeof chooseStyle>;

const LEFT = 30;
const RIGHT = 582;
const INDENT = 8;

/** The phases the cost codes roll up into, in cost-code order. */
const PHASES: Array<[name: string, trades: TradeId[]]> = [
  ['Site Preparation & Demolition', ['general', 'demolition']],
  ['Structure & Envelope', ['concrete', 'masonry', 'carpentry', 'roofing', 'openings']],
  ['Interiors', ['finishes', 'cabinets']],
  ['Mechanical & Electrical', ['plumbing', 'hvac', 'electrical']],
  ['Exterior Improvements', ['site']],
];

const costCode = (trade: TradeId): string => `${TRADES.find((candidate) => candidate.id === trade)!.csiNumber}00`;
const phaseOf = (section: Section): number => PHASES.findIndex(([, trades]) => trades.some((trade) => section.heading.startsWith(`${costCode(trade)} `)));
const phaseTitle = (index: number): string => `Phase ${index + 1} - ${PHASES[index][0]}`;

const columns = () =>
  columnsAcross(LEFT, RIGHT, [
    ['indent', '', 2 * INDENT, 'left'],
    ['number', 'Item', 38, 'left'],
    ['description', 'Description', 160, 'left'],
    ['quantity', ['Takeoff', 'Qty'], 44, 'right'],
    ['unit', 'UOM', 26, 'center'],
    ['laborRate', ['Labor', 'Price'], 50, 'right'],
    ['labor', ['Labor', 'Amount'], 56, 'right'],
    ['materialRate', ['Material', 'Price'], 50, 'right'],
    ['material', ['Material', 'Amount'], 56, 'right'],
    ['total', ['Total', 'Amount'], 'rest', 'right'],
  ]);

const amountCells = (cents: { labor: number; material: number; total: number }) => ({ labor: money(cents.labor), material: money(cents.material), total: money(cents.total) });
const totalsOf = (sections: Section[]) => ({
  labor: sections.reduce((sum, section) => sum + sectionTotal(section, 'labor'), 0),
  material: sections.reduce((sum, section) => sum + sectionTotal(section, 'material'), 0),
  total: sections.reduce((sum, section) => sum + sectionTotal(section), 0),
});

function sectionRowsOf(section: Section): TableRow[] {
  const code = section.heading.slice(0, 4);
  return [
    { kind: 'heading', text: section.heading },
    ...section.items.map((item, index): TableRow => ({
      kind: 'item',
      cells: {
        number: `${code}.${(index + 1) * 10}`,
        description: item.description,
        quantity: quantityText(item.quantity, 2),
        unit: item.unit,
        laborRate: money(item.laborRate),
        labor: money(item.labor),
        materialRate: money(item.materialRate),
        material: money(item.material),
        total: money(item.total),
      },
    })),
    { kind: 'total', label: `${section.heading} Total`, labelKey: 'description', cells: amountCells(totalsOf([section])), rule: true },
  ];
}

function itemRows(document: SorDocument): TableRow[] {
  return PHASES.flatMap((_, phase): TableRow[] => {
    const sections = document.sections.filter((section) => phaseOf(section) === phase);
    if (sections.length === 0) return [];
    return [
      { kind: 'heading', text: phaseTitle(phase) },
      ...sections.flatMap(sectionRowsOf),
      { kind: 'total', label: `${phaseTitle(phase)} Total`, labelKey: 'indent', cells: amountCells(totalsOf(sections)) },
      { kind: 'space', height: 6 },
    ];
  });
}

function jobFacts(context: TextContext, document: SorDocument): void {
  const { sheet, body, bold } = context;
  const { parties } = document;
  const contractor = parties.contractor!;
  sheet.text(contractor.name, LEFT, 52, { ...bold, size: 12 });
  sheet.text(`${streetLine(contractor.address)}, ${cityLine(contractor.address)}  -  ${contractor.phone}  -  License ${contractor.license}`, LEFT, 62, body);
  sheet.rule(LEFT, RIGHT, 67, 0.6);
  labelValueColumns(
    sheet,
    [
      [LEFT, 56, [['Estimate', parties.fileNumber], ['Project', `${parties.borrower} Renovation`], ['Job Address', streetLine(parties.property)], ['', cityLine(parties.property)]]],
      [320, 70, [['Estimate Date', formatDate(parties.reportDate, 'iso')], ['Lender', parties.lender], ['Loan Number', parties.loanNumber], ['Consultant', parties.consultant]]],
    ],
    78,
    9,
    bold,
    body,
  );
  sheet.y = 78 + 4 * 9 + 2;
}

function estimateTotals(context: TextContext, document: SorDocument, style: Style): void {
  const { sheet, body, bold } = context;
  const { recap } = document;
  const totals = totalsOf(document.sections);
  const rows: RecapRow[] = [
    { label: 'Labor', amount: money(totals.labor) },
    { label: 'Material', amount: money(totals.material) },
    { label: 'Subtotal', amount: money(recap.subtotal), bold: true, rule: true },
  ];
  if (recap.overhead) rows.push({ label: 'Overhead', rate: percentText(recap.overhead.rate), amount: money(recap.overhead.amount) });
  if (recap.profit) rows.push({ label: 'Profit', rate: percentText(recap.profit.rate), amount: money(recap.profit.amount) });
  for (const line of recap.before) rows.push({ label: line.label, amount: money(line.amount) });
  rows.push({ label: style.totalLabel, amount: money(recap.grandTotal, { dollar: true }), bold: true, rule: true });
  sheet.ensure(rows.length * 9.5 + 24);
  sheet.y += 6;
  sheet.text('Estimate Totals', 330, sheet.y + 8, { ...bold, size: 8 });
  sheet.y += 12;
  recapRows(sheet, rows, { labelX: 330, rateX: 470, amountRight: RIGHT - 3, leading: 9.5, regular: body, bold });
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g71-render');
  const style = chooseStyle(random.child('style'));
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 44, bottom: 40, left: LEFT, right: 612 - RIGHT }, title: `${style.reportTitle} ${parties.fileNumber}`, producer: 'Takeoff & Estimating 2024', date: parties.reportDate });
  const fonts = await sheet.fonts('Times');
  const body: TextStyle = { font: fonts.regular, size: 7 };
  const bold: TextStyle = { font: fonts.bold, size: 7 };
  const context: TextContext = { sheet, fonts, body, bold, lineHeight: 8.2 };
  sheet.onPageStart = (current) => {
    current.text(parties.contractor!.name, LEFT, 26, bold);
    current.text(`${style.reportTitle}  -  Estimate ${parties.fileNumber}`, (LEFT + RIGHT) / 2, 26, body, 'center');
    current.text(formatDate(parties.reportDate, 'iso'), RIGHT, 26, body, 'right');
    current.rule(LEFT, RIGHT, 31, 0.4);
  };
  sheet.addPage();
  jobFacts(context, document);
  writeTable(sheet, {
    columns: columns(),
    wrapKey: 'description',
    body,
    bold,
    header: bold,
    headerRules: 'below',
    lineHeight: 8.2,
    rowGap: 1.6,
    padding: 2.5,
    heading: {
      height: 11,
      draw: (target, text, top) => {
        if (text.startsWith('Phase ')) target.text(text.toUpperCase(), LEFT + 2.5, top + 8.5, { ...bold, size: 7.6 });
        else target.text(text, LEFT + INDENT + 2.5, top + 8.5, bold);
      },
    },
    continued: (text) => `${text} (cont.)`,
  }, itemRows(document));
  estimateTotals(context, document, style);
  sheet.decorate((index, count) => sheet.text(`Page ${index + 1} of ${count}`, RIGHT, 772, body, 'right'));
  return sheet.save();
}

/** A performance bond as a percentage of the work, above the total, on some estimates. */
function bond(random: Random, sections: Section[]): RecapLine[] {
  if (!random.chance(0.4)) return [];
  const rate = random.pick([1, 1.5, 2]);
  return [{ label: `Performance bond ${percentText(rate)}`, amount: Math.round((totalsOf(sections).total * rate) / 100) }];
}

export const g71: SorFamily = {
  id: 'g71',
  name: 'dense estimate report in Times 7: phase, cost code and item levels shown by indentation, totals at the cost-code and phase levels, labor before material each as price and amount, descriptions wrapping to two or three lines',
  heldOut: false,
  items: [14, 52],
  dateStyle: 'iso',
  printed: printedFields({ inspectionDate: false }),
  spec: (random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => `${costCode(trade!.id)} ${trade!.name}`,
    verbosity: 0.8,
    recap: {
      generalConditions: null,
      overheadAndProfit: [6, 8, 10],
      split: true,
      before: (inner, sections) => [...bond(inner, sections), ...permitFee(inner, 0.4, 'Permits & fees', 900)],
    },
  }),
  render,
};
