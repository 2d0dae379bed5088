import type { Word } from '../../contracts/document.js';
import { parseAmount, type NumberFormat } from '../numbers.js';
import { inRowHeights, rowGap, startsCell, type LayoutRow } from '../rows.js';
import { findHeader } from './header.js';
import { inferHeader } from './infer.js';
import type { Table, TableColumn } from './model.js';
import { headingNumbering, isTitleLike, opensSummary, totalLabelOf } from './rows.js';
import { ENUMERATOR, splitLeadingNumbers } from './leading-numbers.js';
import { spreadMergedCells } from './merged-cells.js';
import { settleRolesByCells } from './roles.js';
import { scanTable } from './scan.js';
import { readStackedAmounts } from './stacked-amounts.js';

export * from './model.js';
export { misreadCost, repairProduct, repairSum, type ArithmeticRepair, type ArithmeticTerm } from './arithmetic.js';
export { readAmountCell, readPercentCell, readQuantityBeforeUnit, readQuantityCell, readUnitCell, type CellValue } from './cells.js';
export { columnLabels, findHeader, isLabelRow, readHeaderAt, type HeaderRead } from './header.js';
export { inferHeader } from './infer.js';
export { headingNumbering, isNoteLine, isPageTotal, isTitleLike, namesASection, namesHeading, totalLabelOf } from './rows.js';
export { settleRolesByCells } from './roles.js';
export { scanTable, type TableReadOptions } from './scan.js';
export { splitRow, textWords, valueWords, type SplitLine } from './split.js';

/** A numbered title in capitals ("1 MASONRY", "C. DOORS & WINDOWS"), the heading over a table's first items. */
const NUMBERED_TITLE = /^(\d{1,2}|[A-Z])[.)]?\s+\p{Lu}{2}[\p{Lu}\s&,/'-]*$/u;

/**
 * A section heading printed just above the first header row (or first item, two rows above when it
 * wraps, or over a note on the section without figures: "Existing surfaces protected.") belongs to the table.
 */
function headingAbove(rows: LayoutRow[], index: number, reach = 1): number {
  for (let above = index - 1; above >= Math.max(0, index - reach); above -= 1) {
    if (rows[above].page === rows[index].page && (headingNumbering(rows[above].text) !== null || NUMBERED_TITLE.test(rows[above].text.trim()))) return above;
  }
  // Over a note that is a sentence ("Existing surfaces protected."), only a strongly numbered heading.
  const note = rows[index - 1];
  const title = rows[index - 2];
  const overNote = note !== undefined && title !== undefined && reach < 2 && !/\d/.test(note.text) && /\.$/.test(note.text.trim()) && title.page === rows[index].page && note.page === title.page;
  return overNote && headingNumbering(title.text) === 'strong' ? index - 2 : index;
}

/** Marks printed after a line's amount: a tax suffix ("+HST"), a till's tax class ("B", "A *"). */
const AFTER_AMOUNT = /^(\+[A-Za-z]{2,5}|[A-Z1-9]|\*)$/;
const CURRENCY_SIGN = /^([$€£]|EUR|USD|GBP)$/;

/** A priced line: text, then one money amount at the right of the page's text after a wide gap ("Remove railings      $12,000 +HST", "ZITRONE   0,89 B"). */
function pricedAmount(row: LayoutRow, format: NumberFormat, textRight: number): Word | null {
  const words = [...row.words];
  while (words.length > 2 && AFTER_AMOUNT.test(words[words.length - 1].text)) words.pop();
  const last = words[words.length - 1];
  const amount = last ? parseAmount(last.text, format) : null;
  if (!amount?.moneyLike || last.bbox[2] < textRight - PRICED_AMOUNT_REACH) return null;
  // A currency sign set apart from its amount ("$ 99.99") belongs to it.
  const before = words.length >= 2 && CURRENCY_SIGN.test(words[words.length - 2].text) ? words.length - 3 : words.length - 2;
  if (before < 0 || !words.slice(0, before + 1).some((word) => /\p{L}/u.test(word.text))) return null;
  return inRowHeights(row, words[before + 1].bbox[0] - words[before].bbox[2]) > 1.5 ? last : null;
}

/** A priced line's amount ends this close to the right edge of its page's text (a receipt's text may be narrow). */
const PRICED_AMOUNT_REACH = 0.3;
/** Lines closer than this (in row heights) above a list's first priced line may be its description's first lines. */
const LEADING_LINE_GAP = 0.9;
const MAX_LEADING_LINES = 3;

/** Tops this much farther apart than the next two lines' still print one block's lines. */
const SAME_PITCH = 1.1;

/**
 * Whether `above` is spaced over `below` as `below` is over the line after it (lines of one
 * description, however tall OCR measured a short line): a gap in row heights alone misjudges them.
 */
const atLinePitch = (above: LayoutRow, below: LayoutRow, after: LayoutRow | undefined): boolean =>
  after !== undefined && after.page === below.page && below.top - above.top <= (after.top - below.top) * SAME_PITCH;

/**
 * Where the first item's description begins: on the lines above its values line, close over one
 * another, with no labels, amounts or titles among them (a few at most), or on the values line itself.
 */
function firstLineStart(rows: LayoutRow[], index: number, format: NumberFormat): number {
  const leadsInto = (above: LayoutRow, below: LayoutRow): boolean =>
    above.page === rows[index].page &&
    (rowGap(above, below) <= LEADING_LINE_GAP || (below.index < index && atLinePitch(above, below, rows[below.index + 1]))) &&
    !above.words.some((word, at) => (/:$/.test(word.text) && (at === above.words.length - 1 || startsCell(above, at + 1))) || parseAmount(word.text, format)?.moneyLike) &&
    isTitleLike(above.words) === false;
  let start = index;
  while (start > 0 && index - start < MAX_LEADING_LINES && leadsInto(rows[start - 1], rows[start])) start -= 1;
  return start;
}

/**
 * Where a list with no header starts: on the lines above its first values line from the one that opens
 * with the item's number ("A.1.1  Ceramic floor tile …" over "profile  97 SF"), or on the values line
 * itself. Lines above it that no number opens are a letterhead, the parties or a note, not the item's.
 */
function numberedLineStart(rows: LayoutRow[], index: number, format: NumberFormat): number {
  let start = firstLineStart(rows, index, format);
  while (start < index && !ENUMERATOR.test(rows[start].words[0]?.text ?? '')) start += 1;
  return start;
}

/**
 * A list of priced lines with no header row (an estimate's "Pricing Summary"): two priced lines
 * close together start it, or one whose total follows it; its columns are the text and the amount.
 */
function readPricedList(rows: LayoutRow[], format: NumberFormat): Table | null {
  const textRight = new Map<number, number>();
  for (const row of rows) textRight.set(row.page, Math.max(textRight.get(row.page) ?? 0, ...row.words.map((word) => word.bbox[2])));
  const priced = (row: LayoutRow): Word | null => pricedAmount(row, format, textRight.get(row.page) ?? 1);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    const amount = priced(row);
    if (!amount || row.furniture || totalLabelOf(row.words, row)) continue;
    const following = rows.slice(index + 1, index + 5).filter((next) => next.page === row.page);
    const totalAt = following.findIndex((next) => totalLabelOf(next.words, next) !== null);
    // One priced line is a list when the total right under it repeats its amount (a receipt of one item);
    // a line of two amounts repeats the running total a markup adds up to.
    const repeated = totalAt === 0 ? priced(following[0]) : null;
    const oneAmount = row.words.filter((word) => parseAmount(word.text, format)?.moneyLike).length === 1;
    const oneItem = oneAmount && repeated !== null && parseAmount(repeated.text, format)?.value === parseAmount(amount.text, format)?.value;
    if (!oneItem && !(totalAt < 0 ? following : following.slice(0, totalAt)).some((next) => priced(next))) continue;
    const left = Math.min(...row.words.map((word) => word.bbox[0]));
    const columns: TableColumn[] = [
      { role: 'description', alternatives: [], basis: null, x0: left, x1: left, words: [], label: '' },
      { role: 'amount', alternatives: [], basis: null, x0: amount.bbox[0], x1: amount.bbox[2], words: [], label: '' },
    ];
    let start = firstLineStart(rows, index, format);
    const above = rows[start - 1];
    if (above && above.page === row.page && isTitleLike(above.words)) start -= 1;
    const table = scanTable(rows, { rows: [row], columns, inferred: true }, start, { format });
    return table.entries.some((entry) => entry.kind === 'item') ? table : null;
  }
  return null;
}

/**
 * The tables of a document's rows, in reading order: each from a header row (or, where none is
 * printed, from rows whose amounts add up), through page breaks, to its totals.
 * `rows` are the document's rows as `buildRows` returns them (`rows[i].index === i`).
 */
export function readTables(rows: LayoutRow[], options: { format: NumberFormat }): Table[] {
  const tables: Table[] = [];
  let from = 0;
  while (from < rows.length) {
    const found = findHeader(rows, from);
    if (!found) break;
    const table = scanTable(rows, found.read.header, headingAbove(rows, found.index), options);
    settleRolesByCells(table, options.format);
    const above = rows[found.index - 1];
    const summarises = tables.length > 0 && above !== undefined && above.page === rows[found.index].page && opensSummary(above);
    if (table.entries.some((entry) => entry.kind === 'item')) tables.push(summarises ? { ...table, summary: true } : table);
    from = Math.max(table.end, found.index + found.read.rowCount);
  }
  const inferred = tables.length === 0 ? inferHeader(rows, options.format) : null;
  if (inferred) {
    const table = scanTable(rows, inferred.header, headingAbove(rows, numberedLineStart(rows, inferred.firstIndex, options.format), 2), options);
    settleRolesByCells(table, options.format);
    if (table.entries.length > 0) tables.push(table);
  }
  // Items printed as blocks, each with its amounts stacked under one another after their labels.
  const stacked = tables.some((table) => table.header.columns.some((column) => column.role === 'description')) ? null : readStackedAmounts(rows, options.format);
  if (stacked) tables.push(stacked);
  // A till receipt prints its items as a priced list beside tables of tax rates or payments.
  const list = tables.some((table) => table.header.columns.some((column) => column.role === 'description')) ? null : readPricedList(rows, options.format);
  if (list && !tables.some((table) => table.start < list.end && list.start < table.end)) tables.push(list);
  for (const table of tables) {
    splitLeadingNumbers(table);
    spreadMergedCells(table);
  }
  return tables.sort((a, b) => a.start - b.start);
}
