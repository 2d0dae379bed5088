import type { Word } from '../../contracts/document.js';
import { parseAmount, type NumberFormat } from '../numbers.js';
import { inRowHeights, type LayoutRow } from '../rows.js';
import { findHeader } from './header.js';
import { inferHeader } from './infer.js';
import type { Table, TableColumn } from './model.js';
import { headingNumbering, isTitleLike, totalLabelOf } from './rows.js';
import { settleRolesByCells } from './roles.js';
import { scanTable } from './scan.js';

export * from './model.js';
export { readAmountCell, readPercentCell, readQuantityCell, readUnitCell, type CellValue } from './cells.js';
export { columnLabels, findHeader, isLabelRow, readHeaderAt, type HeaderRead } from './header.js';
export { inferHeader } from './infer.js';
export { headingNumbering, isTitleLike, namesASection, totalLabelOf } from './rows.js';
export { settleRolesByCells } from './roles.js';
export { scanTable, type TableReadOptions } from './scan.js';
export { splitRow, textWords, valueWords, type SplitLine } from './split.js';

/** A section heading printed just above the first header row (or first item, two rows above when it wraps) belongs to the table. */
function headingAbove(rows: LayoutRow[], index: number, reach = 1): number {
  for (let above = index - 1; above >= Math.max(0, index - reach); above -= 1) {
    if (rows[above].page === rows[index].page && headingNumbering(rows[above].text) !== null) return above;
  }
  return index;
}

/** A priced line: text, then one money amount at the right after a wide gap ("Remove railings      $12,000 +HST"). */
function pricedAmount(row: LayoutRow, format: NumberFormat): Word | null {
  const words = row.words.filter((word) => !/^\+[A-Za-z]{2,5}$/.test(word.text));
  const last = words[words.length - 1];
  const amount = last ? parseAmount(last.text, format) : null;
  if (!amount?.moneyLike || last.bbox[2] < PRICED_AMOUNT_MIN_X || words.length < 3) return null;
  return inRowHeights(row, last.bbox[0] - words[words.length - 2].bbox[2]) > 1.5 ? last : null;
}

const PRICED_AMOUNT_MIN_X = 0.55;

/**
 * A list of priced lines with no header row (an estimate's "Pricing Summary"): two priced lines
 * close together start it; its columns are the text and the amount.
 */
function readPricedList(rows: LayoutRow[], format: NumberFormat): Table | null {
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index];
    const amount = pricedAmount(row, format);
    if (!amount || row.furniture || totalLabelOf(row.words, row)) continue;
    const following = rows.slice(index + 1, index + 5).filter((next) => next.page === row.page);
    const totalAt = following.findIndex((next) => totalLabelOf(next.words, next) !== null);
    if (!(totalAt < 0 ? following : following.slice(0, totalAt)).some((next) => pricedAmount(next, format))) continue;
    const left = Math.min(...row.words.map((word) => word.bbox[0]));
    const columns: TableColumn[] = [
      { role: 'description', alternatives: [], basis: null, x0: left, x1: left, words: [], label: '' },
      { role: 'amount', alternatives: [], basis: null, x0: amount.bbox[0], x1: amount.bbox[2], words: [], label: '' },
    ];
    const above = rows[index - 1];
    const start = above && above.page === row.page && isTitleLike(above.words) ? index - 1 : index;
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
    if (table.entries.some((entry) => entry.kind === 'item')) tables.push(table);
    from = Math.max(table.end, found.index + found.read.rowCount);
  }
  if (tables.length > 0) return tables;
  const inferred = inferHeader(rows, options.format);
  if (!inferred) {
    const list = readPricedList(rows, options.format);
    return list ? [list] : [];
  }
  const table = scanTable(rows, inferred.header, headingAbove(rows, inferred.firstIndex, 2), options);
  settleRolesByCells(table, options.format);
  return table.entries.length > 0 ? [table] : [];
}
