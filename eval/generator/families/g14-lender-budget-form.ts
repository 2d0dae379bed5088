import { formatDate, type DateStyle } from '../content.js';
import type { SorFamily } from '../family.js';
import { money, percentText, Sheet, type FontFamily, type Fonts, type TextStyle } from '../layout.js';
import { sectionTotal, type LineItem, type RecapLine, type Section, type SorDocument } from '../model.js';
import { Random } from '../random.js';
import { WORK_ITEMS, type TradeId } from '../work-items.js';
import { oneLine } from './parts.js';

/**
 * g14: a lender's renovation budget form, filled in by the contractor. The lender's name and form
 * number, a centred title, underlined label/value fields, then one ruled grid with vertical rules
 * and boxed, centred column headers: Line | Trade | Description of Work | Labor | Materials | Total,
 * each amount with its "$" in a narrow column of its own. Four pre-printed groups (the sections) in
 * centred bands, each listing its pre-printed trades as numbered rows, empty where there is no
 * work, with a bold subtotal below a rule; total direct cost, overhead and profit and the contract
 * price close the grid. A "for lender use" box (contingency, payment reserves, total budget) and a
 * signature block follow.
 */

interface FormRow {
  trade: TradeId | null;
  label: string;
}

interface FormGroup {
  name: string;
  rows: FormRow[];
}

const GROUPS: FormGroup[] = [
  {
    name: 'General & Pre-Construction',
    rows: [
      { trade: 'general', label: 'General Requirements / Permits' },
      { trade: 'demolition', label: 'Demolition & Haul-Off' },
      { trade: null, label: 'Lead / Asbestos Abatement' },
    ],
  },
  {
    name: 'Exterior & Structure',
    rows: [
      { trade: 'concrete', label: 'Concrete & Flatwork' },
      { trade: 'masonry', label: 'Masonry & Foundation' },
      { trade: 'carpentry', label: 'Framing & Carpentry' },
      { trade: 'roofing', label: 'Roofing, Siding & Insulation' },
      { trade: 'openings', label: 'Windows & Doors' },
      { trade: 'site', label: 'Site Work & Landscaping' },
      { trade: null, label: 'Well / Septic' },
    ],
  },
  {
    name: 'Interior Finishes',
    rows: [
      { trade: 'finishes', label: 'Drywall, Paint & Flooring' },
      { trade: 'cabinets', label: 'Cabinets, Counters & Appliances' },
      { trade: null, label: 'Accessibility Items' },
    ],
  },
  {
    name: 'Mechanical Systems',
    rows: [
      { trade: 'plumbing', label: 'Plumbing' },
      { trade: 'hvac', label: 'HVAC' },
      { trade: 'electrical', label: 'Electrical' },
      { trade: null, label: 'Energy Efficiency Items' },
    ],
  },
];

const TRADE_LABELS = new Map(GROUPS.flatMap((group) => group.rows.flatMap((row) => (row.trade ? [[row.trade, row.label] as const] : []))));

/** A document's choices, from its seed, shared by the renderer and the answer's section names. */
interface Style {
  font: FontFamily;
  size: number;
  band: (name: string, index: number) => string;
  laborFirst: boolean;
  /** "$" on every row, or on each group's first row and the totals only (accounting style). */
  dollarEveryRow: boolean;
  /** A rule between "$" and its amount. */
  dollarRule: boolean;
  emptyDash: boolean;
  continuation: 'blank' | 'letter';
  title: string;
  dateStyle: DateStyle;
}

function styleOf(document: SorDocument): Style {
  const random = new Random(document.seed).child('g14-style');
  const bands = [
    (name: string, index: number) => `${String.fromCharCode(65 + index)}. ${name.toUpperCase()}`,
    (name: string, index: number) => `SECTION ${index + 1} – ${name.toUpperCase()}`,
    (name: string) => name,
    (name: string, index: number) => `Part ${['I', 'II', 'III', 'IV'][index]}: ${name}`,
  ];
  return {
    font: random.pick<FontFamily>(['Helvetica', 'Times']),
    size: random.pick([7.5, 8]),
    band: random.pick(bands),
    laborFirst: random.chance(0.5),
    dollarEveryRow: random.chance(0.5),
    dollarRule: random.chance(0.5),
    emptyDash: random.chance(0.5),
    continuation: random.pick(['blank', 'letter'] as const),
    title: random.pick(['RENOVATION BUDGET', "CONTRACTOR'S COST BREAKDOWN", 'REHABILITATION COST ESTIMATE']),
    dateStyle: random.pick<DateStyle>(['us', 'long', 'short']),
  };
}

function tradeOf(item: LineItem): TradeId {
  const matches = WORK_ITEMS.filter((work) => item.description.startsWith(work.text));
  return matches.reduce((best, work) => (work.text.length > best.text.length ? work : best)).trade;
}

/** Each group's items in form order: by pre-printed trade row, then as the document lists them. */
function groupItems(document: SorDocument): Array<{ group: FormGroup; trades: Array<{ row: FormRow; items: LineItem[] }> }> {
  const items = document.sections.flatMap((section) => section.items);
  return GROUPS.map((group) => ({ group, trades: group.rows.map((row) => ({ row, items: row.trade ? items.filter((item) => tradeOf(item) === row.trade) : [] })) }));
}

function printedSections(document: SorDocument): Section[] {
  const style = styleOf(document);
  return groupItems(document).map(({ group, trades }, index) => ({ heading: style.band(group.name, index), items: trades.flatMap((trade) => trade.items) }));
}

const LEFT = 30;
const RIGHT = 582;

interface Geometry {
  line: [number, number];
  trade: [number, number];
  description: [number, number];
  /** Left edge of the "$" cell and right edge of the amount, per amount column. */
  amounts: Record<'labor' | 'material' | 'total', { dollar: number; from: number; to: number }>;
}

function geometry(style: Style): Geometry {
  const amountWidth = 68;
  const amountsLeft = RIGHT - 3 * amountWidth;
  const order: Array<'labor' | 'material' | 'total'> = style.laborFirst ? ['labor', 'material', 'total'] : ['material', 'labor', 'total'];
  const amounts = Object.fromEntries(
    order.map((key, index) => {
      const from = amountsLeft + index * amountWidth;
      return [key, { dollar: from, from, to: from + amountWidth }];
    }),
  ) as Geometry['amounts'];
  return { line: [LEFT, LEFT + 24], trade: [LEFT + 24, LEFT + 112], description: [LEFT + 112, amountsLeft], amounts };
}

interface Cells {
  line?: string;
  trade?: string;
  description?: string;
  labor?: number | 'empty';
  material?: number | 'empty';
  total?: number | 'empty';
  dollar?: boolean;
}

type GridRow =
  | { kind: 'band'; text: string }
  | { kind: 'cells'; cells: Cells; bold?: boolean; ruleAbove?: number; double?: boolean; spanLabel?: boolean; closesBand?: boolean; foot?: boolean };

class Grid {
  private readonly body: TextStyle;
  private readonly bold: TextStyle;
  private readonly lineHeight: number;

  constructor(
    private readonly sheet: Sheet,
    private readonly style: Style,
    private readonly fonts: Fonts,
    private readonly geometry: Geometry,
  ) {
    this.body = { font: fonts.regular, size: style.size };
    this.bold = { font: fonts.bold, size: style.size };
    this.lineHeight = style.size + 2;
  }

  header(): void {
    const { sheet, geometry } = this;
    const top = sheet.y;
    const height = 2 * (this.style.size + 2) + 6;
    const headerStyle: TextStyle = { font: this.fonts.bold, size: this.style.size };
    const cells: Array<[[number, number], string[]]> = [
      [geometry.line, ['Line']],
      [geometry.trade, ['Trade']],
      [geometry.description, ['Description of Work']],
      [[geometry.amounts.labor.from, geometry.amounts.labor.to], ['Labor']],
      [[geometry.amounts.material.from, geometry.amounts.material.to], ['Materials']],
      [[geometry.amounts.total.from, geometry.amounts.total.to], ['Total', '(Labor + Materials)']],
    ];
    for (const [[from, to], lines] of cells) {
      sheet.box(from, top, to - from, height, { fill: 0.86, stroke: 0, thickness: 0.7 });
      const first = top + height / 2 - ((lines.length - 1) * (this.style.size + 2)) / 2 + this.style.size * 0.35;
      lines.forEach((text, index) => sheet.text(text, (from + to) / 2, first + index * (this.style.size + 2), index === 0 ? headerStyle : { ...this.body, size: this.style.size - 1 }, 'center'));
    }
    sheet.y = top + height;
  }

  height(row: GridRow): number {
    if (row.kind === 'band') return this.lineHeight + 4;
    const { description, trade } = row.cells;
    const [from, to] = this.geometry.description;
    const width = row.spanLabel ? to - LEFT - 8 : to - from - 6;
    const lines = Math.max(
      description ? this.sheet.wrap(description, width, this.body).length : 1,
      trade ? this.sheet.wrap(trade, this.geometry.trade[1] - this.geometry.trade[0] - 6, this.body).length : 1,
    );
    return lines * this.lineHeight + 2.6;
  }

  draw(row: GridRow, height: number): void {
    const { sheet, geometry } = this;
    const top = sheet.y;
    const baseline = top + 1.5 + this.lineHeight * 0.8;
    if (row.kind === 'band') {
      sheet.box(LEFT, top, RIGHT - LEFT, height, { fill: 0.93, stroke: 0, thickness: 0.7 });
      sheet.text(row.text, (LEFT + RIGHT) / 2, top + height / 2 + this.style.size * 0.35, { font: this.fonts.bold, size: this.style.size + 0.5 }, 'center');
      sheet.y += height;
      return;
    }
    const text = row.bold ? this.bold : this.body;
    const { cells } = row;
    if (row.ruleAbove) sheet.rule(LEFT, RIGHT, top, row.ruleAbove);
    if (row.spanLabel) {
      sheet.text(cells.description ?? '', LEFT + 4, baseline, text);
    } else {
      if (cells.line) sheet.text(cells.line, geometry.line[0] + 3, baseline, text);
      if (cells.trade) {
        sheet.wrap(cells.trade, geometry.trade[1] - geometry.trade[0] - 6, text).forEach((line, index) => sheet.text(line, geometry.trade[0] + 3, baseline + index * this.lineHeight, text));
      }
      if (cells.description) {
        const [from, to] = geometry.description;
        sheet.wrap(cells.description, to - from - 6, text).forEach((line, index) => sheet.text(line, from + 3, baseline + index * this.lineHeight, text));
      }
    }
    for (const key of ['labor', 'material', 'total'] as const) {
      const value = cells[key];
      if (value === undefined) continue;
      const cell = geometry.amounts[key];
      const empty = value === 'empty';
      if (empty && !this.style.emptyDash) continue;
      if (cells.dollar || empty) sheet.text('$', cell.dollar + 3, baseline, text);
      sheet.text(empty ? '-' : money(value), empty ? cell.to - 14 : cell.to - 3, baseline, text, 'right');
    }
    // Vertical rules: the row's cell edges, the "$" cells apart when the form rules them.
    const edges = row.spanLabel
      ? [LEFT, geometry.description[1]]
      : [geometry.line[0], geometry.trade[0], geometry.description[0], geometry.description[1]];
    for (const key of ['labor', 'material', 'total'] as const) {
      edges.push(geometry.amounts[key].from);
      if (this.style.dollarRule) edges.push(geometry.amounts[key].from + 11);
    }
    for (const x of [...edges, RIGHT]) sheet.vrule(x, top, top + height, 0.5);
    sheet.rule(LEFT, RIGHT, top + height, row.double ? 1.4 : 0.4);
    sheet.y += height;
  }

  write(rows: GridRow[]): void {
    this.header();
    let band: string | null = null;
    const footHeight = rows.filter((row) => row.kind === 'cells' && row.foot).reduce((sum, row) => sum + this.height(row), 0);
    rows.forEach((row, index) => {
      const height = this.height(row);
      // A band stays with its first row, the closing rows stay together.
      const next = rows[index + 1];
      const needed = row.kind === 'band' && next ? height + this.height(next) : row.kind === 'cells' && row.foot && band === null ? footHeight : height;
      if (this.sheet.y + needed > this.sheet.bottom) {
        this.sheet.addPage();
        this.header();
        if (row.kind !== 'band' && band) this.draw({ kind: 'band', text: `${band} (continued)` }, this.height({ kind: 'band', text: band }));
      }
      if (row.kind === 'band') band = row.text;
      this.draw(row, height);
      if (row.kind === 'cells' && row.closesBand) band = null;
    });
  }
}

function amountCells(labor: number, material: number, total: number): Pick<Cells, 'labor' | 'material' | 'total'> {
  return { labor, material, total };
}

function gridRows(document: SorDocument, style: Style): GridRow[] {
  const { recap } = document;
  const rows: GridRow[] = [];
  let line = 0;
  groupItems(document).forEach(({ group, trades }, index) => {
    const name = style.band(group.name, index);
    rows.push({ kind: 'band', text: name });
    let first = true;
    for (const { row, items } of trades) {
      line += 1;
      if (items.length === 0) {
        rows.push({ kind: 'cells', cells: { line: String(line), trade: row.label, labor: 'empty', material: 'empty', total: 'empty' } });
        continue;
      }
      items.forEach((item, itemIndex) => {
        const label = itemIndex === 0 ? String(line) : style.continuation === 'letter' ? `${line}${String.fromCharCode(96 + itemIndex)}` : '';
        rows.push({
          kind: 'cells',
          cells: {
            line: label,
            trade: itemIndex === 0 ? row.label : undefined,
            description: item.description,
            ...amountCells(item.labor, item.material, item.total),
            dollar: style.dollarEveryRow || first,
          },
        });
        first = false;
      });
    }
    const section = trades.flatMap((trade) => trade.items);
    const sum = (field: 'labor' | 'material' | 'total') => section.reduce((total, item) => total + item[field], 0);
    rows.push({
      kind: 'cells',
      bold: true,
      spanLabel: true,
      ruleAbove: 1,
      closesBand: true,
      cells: { description: `Subtotal – ${group.name}`, ...(section.length > 0 ? amountCells(sum('labor'), sum('material'), sum('total')) : { labor: 'empty', material: 'empty', total: 'empty' }), dollar: true },
    });
  });
  const all = (field: 'labor' | 'material') => document.sections.reduce((total, section) => total + sectionTotal(section, field), 0);
  rows.push(
    { kind: 'cells', foot: true, bold: true, spanLabel: true, ruleAbove: 1.4, cells: { description: 'TOTAL DIRECT CONSTRUCTION COST', ...amountCells(all('labor'), all('material'), recap.subtotal), dollar: true } },
    { kind: 'cells', foot: true, spanLabel: true, cells: { description: `Contractor Overhead & Profit (${percentText(recap.overhead!.rate)} of direct cost)`, total: recap.overhead!.amount, dollar: true } },
    { kind: 'cells', foot: true, bold: true, spanLabel: true, double: true, cells: { description: 'TOTAL CONTRACT PRICE', total: recap.grandTotal, dollar: true } },
  );
  return rows;
}

function formHeader(sheet: Sheet, document: SorDocument, style: Style, fonts: Fonts, random: Random): void {
  const { parties } = document;
  const contractor = parties.contractor!;
  const small: TextStyle = { font: fonts.regular, size: 7 };
  sheet.text(parties.lender, LEFT, 44, { font: fonts.bold, size: 12 });
  sheet.text('Renovation Lending Department', LEFT, 54, { font: fonts.italic, size: 8 });
  sheet.text(`Form RB-${random.int(2, 9)} (rev. ${String(random.int(1, 12)).padStart(2, '0')}/${random.int(2022, 2025)})`, RIGHT, 44, small, 'right');
  sheet.text(`Loan No. ${parties.loanNumber}`, RIGHT, 54, { font: fonts.bold, size: 8 }, 'right');
  sheet.text(style.title, (LEFT + RIGHT) / 2, 72, { font: fonts.bold, size: 14 }, 'center');
  sheet.text('FHA 203(k) Rehabilitation Mortgage  –  to be completed by the contractor and attached to the construction contract', (LEFT + RIGHT) / 2, 82, { font: fonts.italic, size: 7.5 }, 'center');
  const label: TextStyle = { font: fonts.bold, size: 8 };
  const value: TextStyle = { font: fonts.regular, size: 8.5 };
  const field = (x: number, to: number, y: number, name: string, text: string) => {
    sheet.text(name, x, y, label);
    const start = x + sheet.textWidth(name, label) + 5;
    sheet.text(text, start + 2, y - 0.5, value);
    sheet.rule(start, to, y + 2, 0.4);
  };
  const middle = 372;
  field(LEFT, middle - 12, 98, 'Borrower(s):', parties.borrower);
  field(middle, RIGHT, 98, 'FHA Case No.:', parties.fhaCaseNumber);
  field(LEFT, RIGHT, 110.5, 'Property Address:', oneLine(parties.property));
  field(LEFT, middle - 12, 123, 'Contractor:', contractor.name);
  field(middle, RIGHT, 123, 'License No.:', contractor.license);
  field(LEFT, middle - 12, 135.5, 'Contractor Phone:', contractor.phone);
  field(middle, RIGHT, 135.5, 'Date Prepared:', formatDate(parties.reportDate, style.dateStyle));
  field(LEFT, middle - 12, 148, '203(k) Consultant (if any):', parties.consultant);
  field(middle, RIGHT, 148, 'Contractor E-mail:', contractor.email);
  sheet.y = 158;
}

function lenderBox(sheet: Sheet, document: SorDocument, fonts: Fonts, size: number): void {
  const lines = document.recap.after;
  const height = 14 + lines.length * (size + 4);
  const from = 360;
  sheet.box(from, sheet.y, RIGHT - from, height, { stroke: 0, thickness: 0.8 });
  sheet.box(from, sheet.y, RIGHT - from, 11, { fill: 0.25 });
  sheet.text('FOR LENDER USE ONLY', (from + RIGHT) / 2, sheet.y + 8, { font: fonts.bold, size: 7, gray: 1 }, 'center');
  let y = sheet.y + 13 + size;
  lines.forEach((line, index) => {
    const style: TextStyle = { font: index === lines.length - 1 ? fonts.bold : fonts.regular, size };
    sheet.text(line.label, from + 4, y, style);
    sheet.text('$', RIGHT - 70, y, style);
    sheet.text(money(line.amount), RIGHT - 4, y, style, 'right');
    y += size + 4;
  });
}

function signatures(sheet: Sheet, document: SorDocument, fonts: Fonts, size: number, top: number): void {
  const small: TextStyle = { font: fonts.regular, size: size - 0.5 };
  sheet.y = top;
  sheet.paragraph(
    'The contractor certifies that this breakdown covers all labor and materials needed to complete the work in the construction contract, and that no other charges will be made. The borrower(s) have reviewed and accept this budget.',
    LEFT,
    318,
    small,
    size + 2,
  );
  const who = ['Contractor', 'Borrower', 'Co-Borrower'];
  for (const name of who) {
    sheet.y += 16;
    sheet.rule(LEFT, LEFT + 200, sheet.y, 0.5);
    sheet.rule(LEFT + 220, LEFT + 310, sheet.y, 0.5);
    sheet.text(name === 'Contractor' ? `Contractor: ${document.parties.contractor!.name}` : `${name} signature`, LEFT, sheet.y + 8, small);
    sheet.text('Date', LEFT + 220, sheet.y + 8, small);
  }
}

async function render(document: SorDocument): Promise<Uint8Array> {
  const random = new Random(document.seed).child('render');
  const style = styleOf(document);
  const { parties } = document;
  const sheet = await Sheet.create({ size: [612, 792], margins: { top: 36, bottom: 48, left: LEFT, right: 612 - RIGHT }, title: style.title, producer: 'Microsoft Excel', date: parties.reportDate });
  const fonts = await sheet.fonts(style.font);
  const small: TextStyle = { font: fonts.regular, size: 6.5, gray: 0.25 };
  sheet.onPageStart = (current) => {
    if (current.pages.length > 1) current.text(`${style.title} (continued)  –  ${parties.borrower}  –  Loan No. ${parties.loanNumber}`, LEFT, 28, small);
  };
  sheet.addPage();
  formHeader(sheet, document, style, fonts, random);
  new Grid(sheet, style, fonts, geometry(style)).write(gridRows(document, style));

  const boxHeight = 14 + document.recap.after.length * (style.size + 4);
  sheet.ensure(Math.max(boxHeight, 98) + 10);
  sheet.y += 10;
  const top = sheet.y;
  lenderBox(sheet, document, fonts, style.size);
  signatures(sheet, document, fonts, style.size, top);

  sheet.decorate((index, count) => {
    sheet.text(`${parties.lender}  |  ${style.title}`, LEFT, 770, small);
    sheet.text(`Borrower initials ______   Page ${index + 1} of ${count}`, RIGHT, 770, small, 'right');
  });
  return sheet.save();
}

function lenderLines(random: Random, grandTotal: number): RecapLine[] {
  const rate = random.pick([10, 10, 15, 20]);
  const lines: RecapLine[] = [{ label: `Contingency Reserve (${rate}%)`, amount: Math.round((grandTotal * rate) / 100) }];
  if (random.chance(0.5)) {
    const months = random.int(2, 6);
    const payment = random.int(1100, 2600) * 100;
    lines.push({ label: `Mortgage Payment Reserve (${months} mo.)`, amount: months * payment });
  }
  if (random.chance(0.4)) lines.push({ label: 'Draw Inspection Fees', amount: random.int(3, 6) * random.pick([15000, 17500, 20000]) });
  return [...lines, { label: 'TOTAL RENOVATION BUDGET', amount: grandTotal + lines.reduce((sum, line) => sum + line.amount, 0) }];
}

export const g14: SorFamily = {
  id: 'g14',
  name: 'lender renovation budget form',
  heldOut: false,
  items: [8, 35],
  dateStyle: 'us',
  printed: {
    quantity: false,
    unit: false,
    materialLabor: 'extended',
    consultant: true,
    propertyAddress: true,
    borrowerName: true,
    lenderName: true,
    inspectionDate: false,
    contractor: { name: true, license: true, phone: true },
    subtotal: true,
  },
  spec: (_random, itemCount) => ({
    itemCount,
    grouping: 'trade',
    contractorSelected: true,
    heading: ({ trade }) => TRADE_LABELS.get(trade!.id)!,
    verbosity: 0.3,
    recap: { generalConditions: null, overheadAndProfit: [8, 10, 12, 15], after: lenderLines },
  }),
  render,
  printedSections,
};
