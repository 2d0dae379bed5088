import type { Align, Sheet, TextStyle } from './layout.js';

/**
 * A line-item table laid out down the pages: header (one or two lines) repeated on every page,
 * section headings kept with their first row, "continued" headings after a page break, wrapped
 * descriptions, totals rows, optional grid, rules, shaded header band and zebra rows.
 */

export interface Column {
  key: string;
  /** One or two header lines. */
  header: string[];
  x: number;
  width: number;
  align: Align;
}

export interface TableSpec {
  columns: Column[];
  /** The column whose text wraps. */
  wrapKey: string;
  body: TextStyle;
  bold: TextStyle;
  header: TextStyle;
  lineHeight: number;
  /** Space added under every row. */
  rowGap: number;
  padding: number;
  headerBand?: number;
  headerRules?: 'above-below' | 'below' | 'none';
  grid?: boolean;
  /** Heading rows span the whole grid, without column lines (a spreadsheet's merged cells). */
  mergedHeadings?: boolean;
  rowRules?: number;
  zebra?: number;
  /** Values on the first (default) or the last line of a wrapped description. */
  valuesOn?: 'first' | 'last';
  heading: HeadingStyle;
  /** Merged headings over runs of columns ("Material" over "Unit" and "Total"), a header line above the column headers. */
  groups?: ColumnGroup[];
  /** The heading repeated after a page break, or none when undefined. */
  continued?: (heading: string) => string;
  /** The column header only above the first rows, not repeated after a page break. */
  headerOnce?: boolean;
}

export interface ColumnGroup {
  text: string;
  /** Keys of the first and the last column it spans. */
  from: string;
  to: string;
}

export interface HeadingStyle {
  height: number;
  draw: (sheet: Sheet, text: string, top: number) => void;
}

export type TableRow =
  | { kind: 'heading'; text: string }
  | { kind: 'item'; cells: Record<string, string> }
  | { kind: 'total'; cells: Record<string, string>; label: string; labelKey: string; rule?: boolean; keepWithNext?: boolean }
  | { kind: 'note'; text: string }
  | { kind: 'space'; height: number };

const ASCENT = 0.78;

const headerLines = (spec: TableSpec): number => Math.max(...spec.columns.map((column) => column.header.length)) + (spec.groups ? 1 : 0);

function headerHeight(spec: TableSpec): number {
  return headerLines(spec) * (spec.header.size + 1.5) + 5;
}

function cellX(column: Column, padding: number): number {
  if (column.align === 'right') return column.x + column.width - padding;
  if (column.align === 'center') return column.x + column.width / 2;
  return column.x + padding;
}

function tableEdges(spec: TableSpec): [number, number] {
  const last = spec.columns.at(-1)!;
  return [spec.columns[0].x, last.x + last.width];
}

function drawGridLines(sheet: Sheet, spec: TableSpec, top: number, bottom: number, merged = false): void {
  const [left, right] = tableEdges(spec);
  for (const column of merged ? spec.columns.slice(0, 1) : spec.columns) sheet.vrule(column.x, top, bottom, 0.4);
  sheet.vrule(right, top, bottom, 0.4);
  sheet.rule(left, right, bottom, 0.4);
}

function columnSpan(spec: TableSpec, group: ColumnGroup): [number, number] {
  const first = spec.columns.find((column) => column.key === group.from)!;
  const last = spec.columns.find((column) => column.key === group.to)!;
  return [first.x, last.x + last.width];
}

/** Group headings on the first header line, each over its columns with a rule under it; grid lines inside a group start below it. */
function drawGroups(sheet: Sheet, spec: TableSpec, groups: ColumnGroup[], top: number, height: number): void {
  const lineBottom = top + 2.5 + spec.header.size + 1.5;
  const spans = groups.map((group) => columnSpan(spec, group));
  groups.forEach((group, index) => {
    const [from, to] = spans[index];
    sheet.text(group.text, (from + to) / 2, top + 2.5 + ASCENT * (spec.header.size + 1.5), spec.header, 'center');
    sheet.rule(from + (spec.grid ? 0 : spec.padding), to - (spec.grid ? 0 : spec.padding), lineBottom, 0.5);
  });
  if (!spec.grid) return;
  const [left, right] = tableEdges(spec);
  for (const column of [...spec.columns.map((candidate) => candidate.x), right]) {
    const inside = spans.some(([from, to]) => column > from && column < to);
    sheet.vrule(column, inside ? lineBottom : top, top + height, 0.4);
  }
  sheet.rule(left, right, top + height, 0.4);
}

function drawTableHeader(sheet: Sheet, spec: TableSpec): void {
  const height = headerHeight(spec);
  const [left, right] = tableEdges(spec);
  const top = sheet.y;
  if (spec.headerBand !== undefined) sheet.box(left, top, right - left, height, { fill: spec.headerBand });
  const lines = headerLines(spec);
  for (const column of spec.columns) {
    const offset = lines - column.header.length;
    column.header.forEach((text, index) => {
      const baseline = top + 2.5 + (offset + index + ASCENT) * (spec.header.size + 1.5);
      sheet.text(text, cellX(column, spec.padding), baseline, spec.header, column.align);
    });
  }
  if (spec.headerRules === 'above-below' || spec.grid) sheet.rule(left, right, top, 0.8);
  if (spec.headerRules !== 'none' || spec.grid) sheet.rule(left, right, top + height, 0.8);
  if (spec.groups) drawGroups(sheet, spec, spec.groups, top, height);
  else if (spec.grid) drawGridLines(sheet, spec, top, top + height);
  sheet.y += height + 2;
}

function itemLines(sheet: Sheet, spec: TableSpec, row: TableRow): string[] {
  if (row.kind !== 'item') return [''];
  const column = spec.columns.find((candidate) => candidate.key === spec.wrapKey)!;
  return sheet.wrap(row.cells[spec.wrapKey] ?? '', column.width - 2 * spec.padding, spec.body);
}

function rowHeight(sheet: Sheet, spec: TableSpec, row: TableRow): number {
  if (row.kind === 'heading') return spec.heading.height;
  if (row.kind === 'space') return row.height;
  return itemLines(sheet, spec, row).length * spec.lineHeight + spec.rowGap;
}

function drawCells(sheet: Sheet, spec: TableSpec, cells: Record<string, string>, baseline: number, style: TextStyle): void {
  for (const column of spec.columns) {
    if (column.key === spec.wrapKey || !cells[column.key]) continue;
    sheet.text(cells[column.key], cellX(column, spec.padding), baseline, style, column.align);
  }
}

function drawRow(sheet: Sheet, spec: TableSpec, row: TableRow, height: number, shaded: boolean): void {
  const top = sheet.y;
  const [left, right] = tableEdges(spec);
  const firstBaseline = top + spec.rowGap / 2 + ASCENT * spec.lineHeight;
  if (row.kind === 'heading') {
    spec.heading.draw(sheet, row.text, top);
  } else if (row.kind === 'item') {
    if (shaded && spec.zebra !== undefined) sheet.box(left, top, right - left, height, { fill: spec.zebra });
    const lines = itemLines(sheet, spec, row);
    const wrapColumn = spec.columns.find((column) => column.key === spec.wrapKey)!;
    lines.forEach((line, index) => sheet.text(line, cellX(wrapColumn, spec.padding), firstBaseline + index * spec.lineHeight, spec.body));
    const valueLine = spec.valuesOn === 'last' ? lines.length - 1 : 0;
    drawCells(sheet, spec, row.cells, firstBaseline + valueLine * spec.lineHeight, spec.body);
    if (spec.rowRules !== undefined && !spec.grid) sheet.rule(left, right, top + height, 0.3, spec.rowRules);
  } else if (row.kind === 'total') {
    if (row.rule) sheet.rule(left, right, top, 0.6);
    const labelColumn = spec.columns.find((column) => column.key === row.labelKey)!;
    sheet.text(row.label, cellX(labelColumn, spec.padding), firstBaseline, spec.bold, labelColumn.align);
    drawCells(sheet, spec, row.cells, firstBaseline, spec.bold);
  } else if (row.kind === 'note') {
    sheet.text(row.text, cellX(spec.columns.find((column) => column.key === spec.wrapKey)!, spec.padding), firstBaseline, { ...spec.body, font: spec.bold.font });
  }
  if (spec.grid && row.kind !== 'space') drawGridLines(sheet, spec, top, top + height, row.kind === 'heading' && spec.mergedHeadings);
  sheet.y += height;
}

/** Lays out the rows from the cursor; the sheet's page-start hook draws running headers. */
export function writeTable(sheet: Sheet, spec: TableSpec, rows: TableRow[]): void {
  drawTableHeader(sheet, spec);
  let heading: string | null = null;
  let shaded = false;
  rows.forEach((row, index) => {
    const height = rowHeight(sheet, spec, row);
    const next = rows[index + 1];
    const keepWith = (row.kind === 'heading' || (row.kind === 'total' && row.keepWithNext)) && next ? rowHeight(sheet, spec, next) : 0;
    if (sheet.y + height + keepWith > sheet.bottom) {
      if (row.kind === 'space') return;
      sheet.addPage();
      if (!spec.headerOnce) drawTableHeader(sheet, spec);
      if (row.kind !== 'heading' && heading && spec.continued) {
        spec.heading.draw(sheet, spec.continued(heading), sheet.y);
        sheet.y += spec.heading.height;
      }
    }
    if (row.kind === 'heading') {
      heading = row.text;
      shaded = false;
    }
    if (row.kind === 'item') shaded = !shaded;
    drawRow(sheet, spec, row, height, !shaded);
  });
}
