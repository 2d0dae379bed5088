import { cents, joinWords, readAmountCell, type NumberFormat, type TableEntry } from '@docsift/core/layout';
import { cellsByRole } from './entry-cells.js';

/** Where a cost table's last lines are the recap's, not items: the recap starts at them. */

/** A line's amount, null where its amount cell reads no amount. */
const amountOf = (entry: TableEntry, format: NumberFormat): number | null => readAmountCell(cellsByRole(entry).amount ?? [], format)?.value ?? null;

/** The sum of the amounts to the cent, null where one of them was not read. */
const sumOf = (amounts: Array<number | null>): number | null => (amounts.every((amount) => amount !== null) ? cents(amounts.reduce((total: number, amount) => total + amount!, 0)) : null);

/**
 * The total of all sections printed in the table, with only recap lines after it: right after the
 * last section's own total ("Total of the work" under "Total Roofing"), or, where sections print no
 * totals, the one line adding up every item. The recap starts there.
 */
export function totalsOfSections(entries: TableEntry[], recapLines: TableEntry[], format: NumberFormat): TableEntry[] {
  const sum = sumOf(entries.filter((entry) => entry.kind === 'item' && !recapLines.includes(entry)).map((entry) => amountOf(entry, format)));
  const sections = entries.filter((entry) => entry.kind === 'heading').length;
  for (let index = entries.findLastIndex((entry) => entry.kind === 'heading') + 1; index < entries.length; index += 1) {
    const rest = entries.slice(index);
    if (entries[index].kind !== 'subtotal' || !rest.every((entry) => entry.kind === 'subtotal' || recapLines.includes(entry))) continue;
    const afterOwn = entries[index - 1].kind === 'subtotal';
    const amount = amountOf(entries[index], format);
    const addsUpAll = sections >= 2 && sum !== null && amount !== null && cents(amount) === sum;
    if (afterOwn || addsUpAll) return rest;
  }
  return totalAfterNumberedItems(entries, recapLines, format);
}

/**
 * Where the items are numbered, the first total after the last of them that adds up every item, or
 * every section's own total, of two or more sections ("A. Total of categories 1 through 13" over "B.
 * General conditions", "C. Overhead and profit  N/A"): the lines after it, numbered like no item, are the recap's.
 */
function totalAfterNumberedItems(entries: TableEntry[], recapLines: TableEntry[], format: NumberFormat): TableEntry[] {
  const lastNumbered = entries.findLastIndex((entry) => entry.kind === 'item' && isNumbered(entry));
  const before = entries.slice(0, lastNumbered + 1);
  const items = before.filter((entry) => entry.kind === 'item');
  const numbered = items.filter(isNumbered).length;
  const headings = before.filter((entry, index) => entry.kind === 'heading' && before[index + 1]?.kind === 'item').length;
  if (numbered < MIN_NUMBERED_ITEMS || numbered < MIN_NUMBERED_SHARE * items.length || headings < 2) return [];
  const itemsSum = sumOf(items.map((item) => amountOf(item, format)));
  for (let index = lastNumbered + 1; index < entries.length; index += 1) {
    const entry = entries[index];
    if (entry.kind === 'item' && !recapLines.includes(entry)) return [];
    if (entry.kind !== 'subtotal') continue;
    const amount = amountOf(entry, format);
    const ownTotals = entries.slice(0, index).filter((other) => other.kind === 'subtotal').map((other) => amountOf(other, format));
    if (amount !== null && (itemsSum === cents(amount) || (ownTotals.length >= 2 && sumOf(ownTotals) === cents(amount)))) return entries.slice(index);
  }
  return [];
}

/** An item number printed in its own column or before the description ("13.", "4)", "3.2"). */
const PRINTED_ITEM_NUMBER = /^(\d{1,3}[.)]?|\(\d{1,3}\)|\d{1,3}(\.\d{1,3})+\.?)$/;
/** Items numbered throughout before the unnumbered lines at the end... */
const MIN_NUMBERED_ITEMS = 3;
/** Items numbered, of all, where a total after the last numbered one starts the recap (OCR may misread a few numbers). */
const MIN_NUMBERED_SHARE = 0.75;
/** ...of which there are a few: fees and tests priced before the grand total. */
const MAX_RECAP_LINES = 4;

const isNumbered = (entry: TableEntry): boolean => (cellsByRole(entry).itemNumber?.length ?? 0) > 0 || PRINTED_ITEM_NUMBER.test(cellsByRole(entry).description?.[0]?.text ?? '');

/** The whole number an item is printed with ("7.", "(7)"; an outline's "2.04" has none). */
function itemNumberOf(entry: TableEntry): number | null {
  const cells = cellsByRole(entry);
  const text = cells.itemNumber?.length ? joinWords(cells.itemNumber) : (cells.description?.[0]?.text ?? '');
  const match = /^\(?(\d{1,3})[.)]?\)?$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** An item between two whose numbers leave the one number for it (6, _, 8): OCR lost its number, printed like the others. */
const lostNumber = (items: TableEntry[], index: number): boolean => {
  const [before, after] = [items[index - 1], items[index + 1]].map((item) => (item ? itemNumberOf(item) : null));
  return before !== null && after !== null && after - before === 2;
};

/**
 * Where every item is numbered, unnumbered priced lines after the last one ("Lead-based paint
 * clearance testing ….. $300.00" before "TOTAL ESTIMATED COST") are the recap's, not items.
 */
export function trailingUnnumbered(entries: TableEntry[]): TableEntry[] {
  const items = entries.filter((entry) => entry.kind === 'item');
  let first = items.length;
  while (first > 0 && !isNumbered(items[first - 1])) first -= 1;
  const trailing = items.slice(first);
  const numbered = items.slice(0, first);
  const after = entries.slice(entries.indexOf(items[first] ?? items[0]));
  const numberedAll = numbered.every((item, index) => isNumbered(item) || lostNumber(numbered, index));
  if (trailing.length === 0 || trailing.length > MAX_RECAP_LINES || numbered.length < MIN_NUMBERED_ITEMS || !numberedAll) return [];
  // A heading among them opens a section of its own: its lines are items.
  return after.some((entry) => entry.kind === 'heading') ? [] : after;
}
