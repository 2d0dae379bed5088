import type { Word } from '../contracts/document.js';
import { makeRow, type LayoutRow } from './rows.js';
import { crosses, cutRows, reorderedByPage, widestCut } from './side-by-side.js';
import { cellsOfRow } from './tables/header-cells.js';
import { columnLabels, readHeaderAt } from './tables/header.js';
import { MONEY_ROLES, TEXT_ROLES } from './tables/model.js';

/**
 * A panel of text printed down the left of the page beside a table (the parties, the dates, the
 * estimate's number) shares the table's rows: read row by row, each panel line would open the
 * description of the item beside it. A header row whose labels (a text and a money column among
 * them, each in its own cell) stand right of a wide gap, with no label and no amount left of it,
 * marks such a panel; the rows under it are cut at that gap as long as no word crosses it, and read
 * as two runs, the panel first.
 */

/** The least gap (page fraction) between a panel and a table's header. */
const MIN_PANEL_GAP = 0.04;
/** Rows under the header with words on the panel's side, and with amounts on the table's: fewer is no panel beside a table. */
const MIN_ROWS_EACH_SIDE = 2;
/** Labelled columns a table's header beside a panel names at least (a total's label and its amount name two). */
const MIN_LABELLED_COLUMNS = 3;
/** An amount with cents: a panel beside a header holds names, dates and numbers, never one. */
const AMOUNT = /\d[.,]\d{2}\)?$/;
/** The widest line of a panel spans at least this share of the page. */
const MIN_PANEL_WIDTH = 0.12;

/** Whether `words`, read as a row of their own, are a whole table's header: a text column and a money column among its labels. */
function namesWholeTable(row: LayoutRow, words: Word[]): boolean {
  const labelRow = { ...makeRow(row.page, row.aspect, words), space: row.space };
  // Labels stand apart, each in its cell: a title's words run on ("COST ESTIMATE – LINE ITEM DETAIL").
  if (cellsOfRow(labelRow).length < MIN_LABELLED_COLUMNS) return false;
  const read = readHeaderAt([labelRow], 0);
  const labelled = (read?.header.columns ?? []).filter((column) => column.words.length > 0 && column.role !== null);
  return labelled.length >= MIN_LABELLED_COLUMNS && labelled.some((column) => column.role !== null && TEXT_ROLES.has(column.role)) && labelled.some((column) => column.role !== null && MONEY_ROLES.has(column.role));
}

/** The row above when it stands level with the row (a panel's line set a little higher than the header beside it). */
function levelAbove(rows: LayoutRow[], index: number): LayoutRow | null {
  const [row, above] = [rows[index], rows[index - 1]];
  if (!above || above.page !== row.page || above.words.length === 0) return null;
  const level = Math.max(...above.words.map((word) => word.bbox[3])) > Math.min(...row.words.map((word) => word.bbox[1])) && Math.min(...above.words.map((word) => word.bbox[1])) < Math.max(...row.words.map((word) => word.bbox[3]));
  return level ? above : null;
}

/** The gap between a header's labels and the panel beside them on its row (or level with it, just above), with the first row of the two; null when there is none. */
function panelGap(rows: LayoutRow[], index: number): { from: number; to: number; first: number } | null {
  const row = rows[index];
  if (row.words.length < 3) return null;
  const above = levelAbove(rows, index);
  const words = [...row.words, ...(above?.words ?? [])].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const ofRow = new Set(row.words);
  for (let cut = 1; cut < words.length; cut += 1) {
    const [from, to] = [words[cut - 1].bbox[2], words[cut].bbox[0]];
    if (to - from < MIN_PANEL_GAP) continue;
    const [panel, labels] = [words.slice(0, cut), words.slice(cut)];
    if (!labels.every((word) => ofRow.has(word)) || panel.some((word) => AMOUNT.test(word.text))) continue;
    if (columnLabels().findAllInSequence(panel).length > 0 || !namesWholeTable(row, labels)) continue;
    return { from, to, first: panel.some((word) => !ofRow.has(word)) ? index - 1 : index };
  }
  return null;
}

/** The last row from `header` down that no word crosses at `x`: a panel's lines repeated on every page (furniture) go on beside the table. */
function lastUncrossed(rows: LayoutRow[], header: number, x: number): number {
  let last = header;
  while (last + 1 < rows.length && !crosses(rows[last + 1], x)) last += 1;
  return last;
}

/** The rows from `first` to `last` cut at `x`, each new row furniture when all its words come from furniture. */
function cutApart(rows: LayoutRow[], first: number, last: number, x: number): LayoutRow[] {
  const furniture = new Set(rows.slice(first, last + 1).filter((row) => row.furniture).flatMap((row) => row.words));
  return cutRows(rows, first, last, x).map((row) => (row.words.every((word) => furniture.has(word)) ? { ...row, furniture: true } : row));
}

/** One page's rows with each panel beside a table read apart from the table. */
function pageApart(rows: LayoutRow[]): LayoutRow[] {
  for (let header = 0; header < rows.length; header += 1) {
    const gap = panelGap(rows, header);
    if (gap === null) continue;
    const { x, last } = widestCut(gap, header, (cut) => lastUncrossed(rows, header, cut));
    const below = rows.slice(header + 1, last + 1);
    const rowsWith = (test: (word: Word) => boolean): number => below.filter((row) => row.words.some(test)).length;
    if (rowsWith((word) => word.bbox[2] < x) < MIN_ROWS_EACH_SIDE || rowsWith((word) => word.bbox[0] > x && AMOUNT.test(word.text)) < MIN_ROWS_EACH_SIDE) continue;
    // A panel's lines are names and addresses: a narrow run of codes left of the labels is the table's own column ("ID": "KIT-10").
    const panelLines = rows.slice(gap.first, last + 1).map((row) => row.words.filter((word) => word.bbox[2] < x)).filter((words) => words.length > 0);
    if (Math.max(...panelLines.map((words) => words[words.length - 1].bbox[2] - words[0].bbox[0])) < MIN_PANEL_WIDTH) continue;
    return [...rows.slice(0, gap.first), ...cutApart(rows, gap.first, last, x), ...pageApart(rows.slice(last + 1))];
  }
  return rows;
}

/** The document's rows with every panel beside a table read apart from it, rows renumbered. */
export const withPanelsApart = (rows: LayoutRow[]): LayoutRow[] => reorderedByPage(rows, pageApart);
