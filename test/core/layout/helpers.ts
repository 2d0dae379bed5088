import type { BBox, Word } from '../../../core/src/contracts/document.js';
import { buildRows, readTables, textOf, type LayoutRow, type NumberFormat, type Table, type TableEntry } from '../../../core/src/layout/index.js';
import { documentFromText, type TextPageOptions } from '../../../core/src/testing/document-from-text.js';

/** Shared builders for the layout tests: monospace pages, fixed-width rows, words placed by hand. */

export const DOT: NumberFormat = { decimal: '.' };
export const COMMA: NumberFormat = { decimal: ',' };

/** Rows of monospace text pages, as `buildRows` reads them. */
export function rowsOf(pages: string | string[], options: TextPageOptions = {}): LayoutRow[] {
  return buildRows(documentFromText(pages, options));
}

/** The tables of monospace text pages, with the rows they were read from. */
export function tablesOf(pages: string | string[], format: NumberFormat = DOT): { rows: LayoutRow[]; tables: Table[] } {
  const rows = rowsOf(pages);
  return { rows, tables: readTables(rows, { format }) };
}

/** Joins lines into one page of text. */
export const page = (...lines: string[]): string => lines.join('\n');

/**
 * A fixed-width row builder: a positive width pads the cell on the right (left-aligned text), a
 * negative one on the left (right-aligned numbers).
 */
export function fixed(...widths: number[]): (...cells: string[]) => string {
  return (...cells) => widths.map((width, index) => (width < 0 ? (cells[index] ?? '').padStart(-width) : (cells[index] ?? '').padEnd(width))).join('').trimEnd();
}

/** An entry's cells as text by column role (empty cells left out), with its kind. */
export function read(entry: TableEntry): Record<string, string> {
  const cells: Record<string, string> = { kind: entry.kind };
  entry.columns.forEach((column, index) => {
    const text = textOf(entry.cells[index] ?? []);
    if (text !== '') cells[column.role ?? `column${index}`] = text;
  });
  return cells;
}

/** The text of an entry's cell in the column of the role ('' when the entry has none). */
export function cellOf(entry: TableEntry, role: string): string {
  const index = entry.columns.findIndex((column) => column.role === role);
  return index < 0 ? '' : textOf(entry.cells[index]);
}

/** The roles of a table's columns, left to right. */
export const rolesOf = (columns: ReadonlyArray<{ role: string | null }>): Array<string | null> => columns.map((column) => column.role);

/** The descriptions of a table's items. */
export const itemDescriptions = (table: Table): string[] => table.entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, 'description'));

/** A word placed by hand (page fractions), on the text layer unless told. */
export function word(text: string, bbox: BBox, options: Partial<Pick<Word, 'source' | 'confidence'>> = {}): Word {
  const source = options.source ?? 'text';
  return { text, bbox, source, confidence: options.confidence ?? (source === 'ocr' ? 0.9 : 1) };
}
