import { money, Sheet, type Fonts, type TextStyle } from '../layout.js';
import type { Style } from './g14-lender-budget-form.js';

/** g14's ruled grid: boxed headers, centred bands, "$" cells apart, vertical rules, rows kept together over page breaks. */

export const LEFT = 30;
export const RIGHT = 582;

export interface Geometry {
  line: [number, number];
  trade: [number, number];
  description: [number, number];
  /** Left edge of the "$" cell and right edge of the amount, per amount column. */
  amounts: Record<'labor' | 'material' | 'total', { dollar: number; from: number; to: number }>;
}

export function geometry(style: Style): Geometry {
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

export interface Cells {
  line?: string;
  trade?: string;
  description?: string;
  labor?: number | 'empty';
  material?: number | 'empty';
  total?: number | 'empty';
  dollar?: boolean;
}

export type GridRow =
  | { kind: 'band'; text: string }
  | { kind: 'cells'; cells: Cells; bold?: boolean; ruleAbove?: number; double?: boolean; spanLabel?: boolean; closesBand?: boolean; foot?: boolean };

export class Grid {
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
