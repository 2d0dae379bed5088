import { formatDate } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { contingencyReserve, oneLine, permitFee, printedFields, withTotalLine } from './parts.js';

/**
 * g35: a consultant's repair-cost estimate printed by an old in-house estimating system as a
 * line-printer report, landscape, every line in 8.5 pt Courier capitals, sometimes on green-bar
 * bands. A two-line running head on every page (run date and time, the firm, the report title and
 * number, "PAGE 2"), a block of "LABEL ....: VALUE" lines for the job on the first page, then fixed
 * columns under dashed rules: SEQ (0010, 0020…) | DESCRIPTION | QTY | UM | MATERIAL | LABOR |
 * LINE TOTAL | CUMULATIVE, the last a running total of the line totals. Trades or areas as heading
 * lines, "(CONT)" after a page break, a "* TOTAL …" control-break line under each with the three
 * amounts, "** TOTAL ALL TRADES" at the end; credits with a trailing minus ("450.00-"). The recap:
 * general conditions sometimes, overhead and profit (one line or two), permit, "*** TOTAL ESTIMATED
 * COST OF REPAIRS", then the contingency reserve and the total with it, and "*** END OF REPORT ***".
 */

interface Style {
  greenBar: boolean;
  separators: boolean;
  report: string;
  headers: { sequence: string; material: string; labor: string; line: string; cumulative: string };
  runTime: string;
}

function chooseStyle(random: Random): Style {
  return {
    greenBar: random.chance(0.5),
    separators: random.chance(0.6),
    report: `${random.pick(['SOR', 'EST', 'RCE'])}${random.int(100, 480)}`,
    headers: {
      sequence: random.pick(['SEQ', 'LINE', 'ITEM']),
      material: random.pick(['MATERIAL', 'MATL COST', 'MATERIALS']),
      labor: random.pick(['LABOR', 'LABOR COST']),
      line: random.pick(['LINE TOTAL', 'EXTENSION', 'ITEM TOTAL']),
      cumulative: random.pick(['CUMULATIVE', 'RUNNING TOTAL', 'CUM TOTAL']),
    },
    runTime: `${String(random.int(6, 19)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
  };
}

const LEFT = 52;
const SIZE = 8.5;
const LEADING = 10.5;
const CHAR = SIZE * 0.6;
const WIDTH = 132;
/** Field widths in characters, in print order; a space between fields. */
const FIELDS = { sequence: 5, description: 44, quantity: 9, unit: 3, material: 13, labor: 13, line: 13, cumulative: 14 };
type Field = keyof typeof FIELDS;
const ORDER = Object.keys(FIELDS) as Field[];

interface Context {
  sheet: Sheet;
  style: Style;
  text: TextStyle;
  document: SorDocument;
}

/** One report line from fields: text fields left-aligned, numbers right-aligned; a `label` spans the sequence and description fields. */
function columns(cells: Partial<Record<Field | 'label', string>>): string {
  const fields = cells.label === undefined ? ORDER : ORDER.slice(2);
  const label = cells.label === undefined ? [] : [cells.label.padEnd(FIELDS.sequence + 1 + FIELDS.description)];
  const values = fields.map((field) => {
    const value = cells[field] ?? '';
    return ['sequence', 'description', 'unit'].includes(field) ? value.padEnd(FIELDS[field]) : value.padStart(FIELDS[field]);
  });
  return [...label, ...values].join(' ').trimEnd();
}

/** An amount as the report's edit mask prints it: a trailing minus on negatives, a space in its place otherwise. */
const amount = (style: Style, cents: number): string => `${money(Math.abs(cents), { separators: style.separators })}${cents < 0 ? '-' : ' '}`;

const centred = (left: string, middle: string, right: string): string => {
  const start = Math.floor((WIDTH - middle.length) / 2);
  return `${left.padEnd(start)}${middle}`.padEnd(WIDTH - right.length) + right;
};

function line(context: Context, text: string): void {
  const { sheet } = context;
  sheet.text(text, LEFT, sheet.y + SIZE, context.text);
  sheet.y += LEADING;
}

function pageHead(context: Context, page: number): void {
  const { sheet, style, document } = context;
  const { parties } = document;
  if (style.greenBar) {
    for (let top = sheet.options.margins.top - 2, band = 0; top < sheet.bottom; top += 3 * LEADING, band += 1) {
      if (band % 2 === 0) sheet.box(LEFT - 8, top, WIDTH * CHAR + 16, 3 * LEADING, { fill: 0.91 });
    }
  }
  const date = formatDate(parties.reportDate, 'us');
  line(context, centred(`RUN DATE: ${date}`, parties.consultantCompany.toUpperCase(), `PAGE: ${String(page).padStart(4)}`));
  line(context, centred(`RUN TIME: ${style.runTime}`, 'REPAIR COST ESTIMATE - DETAIL', `REPORT: ${style.report}`));
  line(context, centred(`JOB NO: ${parties.fileNumber}`, parties.borrower.toUpperCase(), `CASE: ${parties.fhaCaseNumber}`));
  line(context, '');
  if (page > 1) columnHead(context);
}

function columnHead(context: Context): void {
  const { headers } = context.style;
  line(context, columns({ sequence: headers.sequence, description: 'DESCRIPTION', quantity: 'QTY', unit: 'UM', material: `${headers.material} `, labor: `${headers.labor} `, line: `${headers.line} `, cumulative: `${headers.cumulative} ` }));
  line(context, ORDER.map((field) => '-'.repeat(FIELDS[field])).join(' '));
}

function jobBlock(context: Context): void {
  const { parties } = context.document;
  const contractor = parties.contractor;
  const pairs: Array<[string, string]> = [
    ['BORROWER', parties.borrower],
    ['PROPERTY', oneLine(parties.property)],
    ['LENDER', `${parties.lender}   LOAN NO: ${parties.loanNumber}`],
    ['CONSULTANT', `${parties.consultant}   ID: ${parties.consultantId}   PHONE: ${parties.consultantPhone}`],
    ['INSPECTED', `${formatDate(parties.inspectionDate, 'us')}   YEAR BUILT: ${parties.yearBuilt}   UNITS: ${parties.units}`],
    ['CONTRACTOR', contractor ? `${contractor.name}   LIC: ${contractor.license}   PHONE: ${contractor.phone}` : 'NOT YET SELECTED'],
  ];
  for (const [label, value] of pairs) line(context, `${`${label} `.padEnd(12, '.')}: ${value.toUpperCase()}`);
  line(context, '');
}

/** Room for `lines` more lines; after a page break under a heading, the heading again with "(CONT)". */
function keep(context: Context, lines: number, heading: string | null): void {
  if (!context.sheet.ensure(lines * LEADING)) return;
  if (heading) line(context, `${heading} (CONT)`);
}

function itemLines(context: Context, item: LineItem, sequence: number, cumulative: number): string[] {
  const { style, sheet } = context;
  const wrapped = sheet.wrap(item.description, FIELDS.description * CHAR + 0.1, context.text);
  const first = columns({
    sequence: String(sequence * 10).padStart(4, '0'),
    description: wrapped[0],
    quantity: item.quantity.toFixed(2),
    unit: item.unit,
    material: amount(style, item.material),
    labor: amount(style, item.labor),
    line: amount(style, item.total),
    cumulative: amount(style, cumulative),
  });
  return [first, ...wrapped.slice(1).map((text) => columns({ description: `  ${text}` }))];
}

function section(context: Context, current: Section, counter: { sequence: number; cumulative: number }): void {
  const { style } = context;
  keep(context, 4, null);
  line(context, '');
  line(context, current.heading);
  for (const item of current.items) {
    counter.sequence += 1;
    counter.cumulative += item.total;
    const lines = itemLines(context, item, counter.sequence, counter.cumulative);
    keep(context, lines.length, current.heading);
    for (const text of lines) line(context, text);
  }
  keep(context, 1, null);
  const totals = { material: amount(style, sectionTotal(current, 'material')), labor: amount(style, sectionTotal(current, 'labor')), line: amount(style, sectionTotal(current)) };
  line(context, columns({ label: `* TOTAL ${current.heading}`, ...totals }));
}

function recap(context: Context, allLabel: string): void {
  const { style, document } = context;
  const { recap: summary } = document;
  const items = document.sections.flatMap((candidate) => candidate.items);
  const sum = (field: 'material' | 'labor') => items.reduce((total, item) => total + item[field], 0);
  const rows: Array<[string, number]> = [];
  const rated = (label: string, markup: { rate: number; amount: number } | null) => {
    if (markup) rows.push([`${label} @ ${percentText(markup.rate).replace('%', ' PCT')}`, markup.amount]);
  };
  rated('GENERAL CONDITIONS', summary.generalConditions);
  rated(summary.profit ? 'OVERHEAD' : 'OVERHEAD AND PROFIT', summary.overhead);
  rated('PROFIT', summary.profit);
  for (const before of summary.before) rows.push([before.label, before.amount]);
  keep(context, rows.length + summary.after.length + 9, null);
  line(context, '');
  line(context, columns({ label: `** TOTAL ALL ${allLabel}`, material: amount(style, sum('material')), labor: amount(style, sum('labor')), line: amount(style, summary.subtotal) }));
  line(context, '');
  for (const [label, cents] of rows) line(context, columns({ label: `   ${label}`, line: amount(style, cents) }));
  line(context, columns({ line: '-'.repeat(FIELDS.line) }));
  line(context, columns({ label: '*** TOTAL ESTIMATED COST OF REPAIRS', line: amount(style, summary.grandTotal) }));
  line(context, '');
  for (const after of summary.after) line(context, columns({ label: `   ${after.label}`, line: amount(style, after.amount) }));
  line(context, '');
  line(context, centred('', '*** END OF REPORT ***', ''));
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('g35-render');
  const style = chooseStyle(random.child('style'));
  const sheet = await Sheet.create({ size: [792, 612], margins: { top: 34, bottom: 30, left: LEFT, right: 40 }, title: `${style.report} REPAIR COST ESTIMATE`, producer: 'RPTSPOOL PDF Writer 2.1', date: document.parties.reportDate });
  const fonts = await sheet.fonts('Courier');
  const context: Context = { sheet, style, text: { font: fonts.regular, size: SIZE }, document };
  sheet.onPageStart = (current) => pageHead(context, current.pages.length);
  sheet.addPage();
  jobBlock(context);
  columnHead(context);
  const counter = { sequence: 0, cumulative: 0 };
  for (const current of document.sections) section(context, current, counter);
  recap(context, document.sections[0].heading.startsWith('AREA') ? 'AREAS' : 'TRADES');
  return sheet.save();
}

function afterTotal(random: Random, grandTotal: number): RecapLine[] {
  const reserve = contingencyReserve(random, grandTotal, [10, 15, 20]);
  const label = reserve.label.toUpperCase().replace(/\((\d+)%\)/, '@ $1 PCT');
  return withTotalLine([{ ...reserve, label }], 'TOTAL WITH CONTINGENCY', grandTotal);
}

export const g35: SorFamily = {
  id: 'g35',
  name: 'line-printer estimate report with a running cumulative column',
  heldOut: false,
  items: [10, 60],
  dateStyle: 'us',
  printed: printedFields(),
  spec: (random, itemCount) => {
    const grouping = random.chance(0.7) ? 'trade' : 'room';
    const prefixed = random.chance(0.5);
    const split = random.chance(0.4);
    return {
      itemCount,
      grouping,
      upperCase: true,
      heading: ({ ordinal, trade, room }) => {
        if (trade) return prefixed ? `TRADE ${trade.csiNumber} - ${trade.name.toUpperCase()}` : `${trade.csiNumber} ${trade.name.toUpperCase()}`;
        return `AREA ${String(ordinal).padStart(2, '0')} ${room!.name.toUpperCase()}`;
      },
      verbosity: 0.3,
      credits: 0.25,
      recap: {
        generalConditions: random.chance(0.4) ? [5, 6, 8] : null,
        overheadAndProfit: split ? [8, 10] : [10, 12, 15],
        split,
        before: (inner) => permitFee(inner, 0.5, 'BUILDING PERMIT', 1200),
        after: afterTotal,
      },
    };
  },
  render,
};
