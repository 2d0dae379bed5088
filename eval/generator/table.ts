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
  /** The heading repeated after a page break, or none when undefined. */
  continued?: (heading: string) => string;
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

function headerHeight(spec: TableSpec): number {
  const lines = Math.max(...spec.columns.map((column) => column.header.length));
  return lines * (spec.header.size + 1.5) + 5;
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

function drawTableHeader(sheet: Sheet, spec: TableSpec): void {
  const height = headerHeight(spec);
  const [left, right] = tableEdges(spec);
  const top = sheet.y;
  if (spec.headerBand !== undefined) sheet.box(left, top, right - left, height, { fill: spec.headerBand });
  const lines = Math.max(...spec.columns.map((column) => column.header.length));
  for (const column of spec.columns) {
    const offset = lines - column.header.length;
    column.header.forEach((text, index) => {
      const baseline = top + 2.5 + (offset + index + ASCENT) * (spec.header.size + 1.5);
      sheet.text(text, cellX(column, spec.padding), baseline, spec.header, column.align);
    });
  }
  if (spec.headerRules === 'above-below' || spec.grid) sheet.rule(left, right, top, 0.8);
  if (spec.headerRules !== 'none' || spec.grid) sheet.rule(left, right, top + height, 0.8);
  if (spec.grid) drawGridLines(sheet, spec, top, top + height);
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
      drawTableHeader(sheet, spec);
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
