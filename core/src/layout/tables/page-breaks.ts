import { parseAmount } from '../numbers.js';
import { readByOcr, rowGap, rowHeightsToX, type LayoutRow } from '../rows.js';
import { readHeaderAt } from './header.js';
import type { TableHeader } from './model.js';
import { isTitleLike } from './rows.js';
import { columnsOf, type ScanState, type TableReadOptions } from './scan-state.js';

/** Where a table goes on after a page break: its header printed again, a page's heading block, the next table. */

/** Row heights a line may start left of where a table's items start and still be one of its lines. */
const OUTSIDE_MARGIN = 4;

/**
 * A line on a later page than the table's last row that starts well left of where its items start:
 * the table (set in the page's right half) ended at the page break, and this is the page's own text.
 */
export function leftOfTableOnNextPage(state: ScanState, row: LayoutRow): boolean {
  if (!state.lastRow || state.lastRow.page === row.page) return false;
  const start = row.words[0]?.bbox[0] ?? 1;
  const margin = rowHeightsToX(row, OUTSIDE_MARGIN);
  if (start >= Math.min(...columnsOf(state).map((column) => column.x0)) - margin) return false;
  const itemWords = state.entries.filter((entry) => entry.kind === 'item').flatMap((entry) => entry.cells.flat());
  return itemWords.length > 0 && start < Math.min(...itemWords.map((word) => word.bbox[0])) - margin;
}

/** Rows a page may print above the table's header repeated on it (the form's heading block)... */
const PAGE_HEAD_ROWS = 20;
/** ...and the fewest such rows that make a block: one or two are the section's heading over its header. */
const PAGE_HEAD_MIN_ROWS = 3;

/**
 * At the top of a new page, the index of the table's header printed again further down it, where
 * the rows above it hold no amount: they are the page's heading block (a form printed again on each
 * sheet), no lines of the table. `index` where there is none.
 */
export function repeatedHeaderOnPage(rows: LayoutRow[], index: number, state: ScanState, options: TableReadOptions): number {
  if (!state.lastRow || state.lastRow.page === rows[index].page) return index;
  let block = 0;
  for (let next = index + 1; next < rows.length && next - index <= PAGE_HEAD_ROWS && rows[next].page === rows[index].page; next += 1) {
    const above = rows[next - 1];
    if (above.words.some((word) => parseAmount(word.text, options.format)?.moneyLike)) return index;
    if (!above.furniture) block += 1;
    const found = readHeaderAt(rows, next);
    if (found) return block >= PAGE_HEAD_MIN_ROWS && continuesTable(state.header, found.header) ? next : index;
  }
  return index;
}

/** A header repeated on a later page (or per section) has the table's text column and most of its value columns. */
export function continuesTable(current: TableHeader, next: TableHeader): boolean {
  const roles = (header: TableHeader): Set<string> => new Set(header.columns.map((column) => column.role ?? ''));
  const mine = roles(current);
  const theirs = roles(next);
  const text = [...mine].filter((role) => role === 'description' || role === 'scope');
  // OCR may lose the text columns' labels of a header printed again, whose other columns stand where the table's do.
  const sameColumns = next.columns.every((column) => column.role === null || current.columns.some((own) => own.role === column.role && own.x0 <= column.x1 && column.x0 <= own.x1));
  const lostText = !theirs.has('description') && !theirs.has('scope') && sameColumns && readByOcr(next.rows);
  if (!lostText && text.some((role) => !theirs.has(role))) return false;
  // Both ways: a header with columns of its own ("Qty", "Unit Price" under a list of amounts) starts another table.
  const shared = (from: Set<string>, to: Set<string>): boolean => {
    const values = [...from].filter((role) => role !== '' && role !== 'description' && role !== 'scope' && role !== 'itemNumber');
    return values.filter((role) => to.has(role)).length * 2 >= values.length;
  };
  return shared(mine, theirs) && shared(theirs, mine);
}

/** A box's caption stands this close over its header, in row heights (its bar's padding between them). */
const TITLE_GAP = 2;

/**
 * The table's header printed again right under a title further down the same page, right after a
 * section's total (each room in a box of its own with its total row, the boxes one under the
 * other), or null: the title heads the items under it.
 */
export function headerUnderTitle(rows: LayoutRow[], index: number, state: ScanState): TableHeader | null {
  const [row, next] = [rows[index], rows[index + 1]];
  if (!next || state.entries.at(-1)?.kind !== 'subtotal' || state.lastRow?.page !== row.page || next.page !== row.page) return null;
  if (rowGap(row, next) > TITLE_GAP || !isTitleLike(row.words)) return null;
  const found = readHeaderAt(rows, index + 1);
  return found !== null && continuesTable(state.header, found.header) ? found.header : null;
}
