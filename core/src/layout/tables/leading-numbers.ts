import type { Word } from '../../contracts/document.js';
import type { ColumnRole, Table, TableColumn, TableEntry } from './model.js';

/**
 * A column of whole numbers printed before the descriptions with no header of its own (a till
 * receipt's "1  HARINA DE TRIGO.", "2  ROLLON ALOE VERA"): the numbers become a column of their
 * own, item numbers when they count 1, 2, 3…, else quantities.
 */

/** Share of the items that must start with a number. */
const MIN_SHARE = 0.6;
const WHOLE_NUMBER = /^\d{1,3}$/;

function leadingNumber(entry: TableEntry, description: number): Word | null {
  const [first, second] = entry.cells[description];
  return first && second && WHOLE_NUMBER.test(first.text) ? first : null;
}

const counts = (numbers: number[]): boolean => numbers.every((value, index) => value === index + 1);

function splitGroup(columns: TableColumn[], items: TableEntry[]): void {
  const description = columns.findIndex((column) => column.role === 'description');
  if (description < 0 || items.length < 2) return;
  const leading = items.map((entry) => leadingNumber(entry, description));
  const found = leading.filter((word): word is Word => word !== null);
  if (found.length < Math.max(2, items.length * MIN_SHARE)) return;
  const role: ColumnRole = counts(found.map((word) => Number(word.text))) ? 'itemNumber' : 'quantity';
  if (columns.some((column) => column.role === role)) return;
  const column: TableColumn = {
    role,
    alternatives: [],
    basis: null,
    x0: Math.min(...found.map((word) => word.bbox[0])),
    x1: Math.max(...found.map((word) => word.bbox[2])),
    words: [],
    label: '',
  };
  columns.splice(description, 0, column);
  items.forEach((entry, index) => {
    const word = leading[index];
    entry.cells.splice(description, 0, word ? [word] : []);
    if (word) entry.cells[description + 1] = entry.cells[description + 1].filter((other) => other !== word);
  });
}

/** Gives the tables' unheaded leading numbers a column of their own (each header's items apart). */
export function splitLeadingNumbers(table: Table): void {
  const groups = new Map<TableColumn[], TableEntry[]>();
  for (const entry of [...table.entries, ...(table.totals ? [table.totals] : [])]) groups.set(entry.columns, [...(groups.get(entry.columns) ?? []), entry]);
  for (const [columns, entries] of groups) {
    const items = entries.filter((entry) => entry.kind === 'item');
    const others = entries.filter((entry) => entry.kind !== 'item');
    const before = columns.length;
    splitGroup(columns, items);
    // Headings and subtotals read with the same columns keep their cells in step.
    if (columns.length > before) {
      const at = columns.findIndex((column) => column.role === 'description') - 1;
      for (const entry of others) entry.cells.splice(at, 0, []);
    }
  }
}
