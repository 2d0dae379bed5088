import type { Word } from '../../contracts/document.js';
import type { ColumnRole, Table, TableColumn, TableEntry } from './model.js';

/**
 * A column of whole numbers printed before the descriptions with no header of its own (a till
 * receipt's "1  HARINA DE TRIGO.", "2  ROLLON ALOE VERA"): the numbers become a column of their
 * own, item numbers when they count 1, 2, 3… or are punctuated as numbering ("3.", "4.2"), else quantities.
 */

/** Share of the items that must start with a number. */
const MIN_SHARE = 0.6;
const WHOLE_NUMBER = /^\d{1,3}$/;
/** Share of the leading numbers punctuated as numbering that makes them all item numbers. */
const MOSTLY_PUNCTUATED = 0.8;
/**
 * Punctuated numbering is an item's number, never its count: "3.", "3)", "(3)", "4.2", "C-2", "A.1"
 * (OCR: "A2"), and an outline's at any depth ("1.2.3", "A.2.3").
 */
export const ENUMERATOR = /^(\(?\d{1,3}[.)]|\d{1,3}(\.\d{1,3})+\.?|[A-Za-z]{1,2}[-.]?\d{1,3}(\.\d{1,3})*\.?)$/;

function leadingNumber(entry: TableEntry, description: number): Word | null {
  const [first, second] = entry.cells[description];
  return first && second && (WHOLE_NUMBER.test(first.text) || ENUMERATOR.test(first.text)) ? first : null;
}

/**
 * An OCR word standing where a column of item numbers stands, before the description: the item's
 * number however OCR read it ("4,05", "§.03").
 */
function misreadNumber(entry: TableEntry, description: number, x0: number, x1: number): Word | null {
  const [first, second] = entry.cells[description];
  if (!first || !second || first.source !== 'ocr' || !/\d/.test(first.text) || !/^\S{1,6}$/.test(first.text)) return null;
  const slack = (x1 - x0) / 4;
  return first.bbox[0] >= x0 - slack && first.bbox[2] <= x1 + slack && second.bbox[0] > x1 ? first : null;
}

const counts = (numbers: number[]): boolean => numbers.every((value, index) => value === index + 1);

/** `numbered`: another part of the table numbers its items, so one numbered item is enough here. */
function splitGroup(columns: TableColumn[], items: TableEntry[], numbered: boolean): void {
  const description = columns.findIndex((column) => column.role === 'description');
  const fewest = numbered ? 1 : 2;
  if (description < 0 || items.length < fewest) return;
  const leading = items.map((entry) => leadingNumber(entry, description));
  const found = leading.filter((word): word is Word => word !== null);
  if (found.length < fewest || (numbered && !found.every((word) => ENUMERATOR.test(word.text)))) return;
  // Numbering punctuated on most lines is item numbers: a whole number among them is one OCR misread ("173" for 17.).
  const punctuated = found.filter((word) => ENUMERATOR.test(word.text)).length;
  const itemNumbers = punctuated >= found.length * MOSTLY_PUNCTUATED || counts(found.map((word) => Number(word.text)));
  const [x0, x1] = [Math.min(...found.map((word) => word.bbox[0])), Math.max(...found.map((word) => word.bbox[2]))];
  // Item numbers OCR misread where the others stand ("173" for 17., "27s") count towards the share.
  const misread = itemNumbers ? items.map((entry, index) => leading[index] ?? misreadNumber(entry, description, x0, x1)) : leading;
  if (misread.filter((word) => word !== null).length < items.length * MIN_SHARE) return;
  const role: ColumnRole = itemNumbers ? 'itemNumber' : 'quantity';
  if (columns.some((column) => column.role === role)) return;
  const column: TableColumn = { role, alternatives: [], basis: null, x0, x1, words: [], label: '' };
  misread.forEach((word, index) => (leading[index] = word));
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
  // Groups with many items first: a page holding one item of a numbered list is numbered too.
  const ordered = [...groups].sort(([, a], [, b]) => b.length - a.length);
  for (const [columns, entries] of ordered) {
    const items = entries.filter((entry) => entry.kind === 'item');
    const others = entries.filter((entry) => entry.kind !== 'item');
    const before = columns.length;
    const numbered = ordered.some(([other]) => other !== columns && other.some((column) => column.role === 'itemNumber'));
    splitGroup(columns, items, numbered);
    // Headings and subtotals read with the same columns keep their cells in step.
    if (columns.length > before) {
      const at = columns.findIndex((column) => column.role === 'description') - 1;
      for (const entry of others) entry.cells.splice(at, 0, []);
    }
  }
}
