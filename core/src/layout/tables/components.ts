import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import { lookupColumnLabel } from '../lexicon/index.js';
import { cents, parseAmount } from '../numbers.js';
import { rowGap, rowHeightsToX } from '../rows.js';
import { readAmountCell } from './cells.js';
import { COST_COMPONENT_ROLES, type CostComponentRole, type TableColumn, type TableEntry } from './model.js';
import { lineValues } from './rows.js';
import { columnsOf, descriptionLeft, WRAP_GAP, type ScanState, type TableReadOptions } from './scan-state.js';
import { textWords, valueWords, type SplitLine } from './split.js';

/** A cost part's label is a short column name ("Material cost", "Labor", "Mano de obra"), no sentence. */
const MAX_LABEL_WORDS = 4;

/** The cost part a line's text names as a column header would, in any language of the lexicon; null for other text. */
function componentNamed(text: Word[]): CostComponentRole | null {
  if (text.length === 0 || text.length > MAX_LABEL_WORDS) return null;
  const roles = new Set(lookupColumnLabel(joinWords(text)).map((term) => term.id));
  return COST_COMPONENT_ROLES.find((role) => roles.has(role)) ?? null;
}

/** A part's label is set in from where the item's description starts by at least this much (in row heights). */
const INDENT = 0.5;

/** The last amount a line prints: the part's extended amount where its rate is printed before it. */
function lastAmount(line: SplitLine, columns: TableColumn[], options: TableReadOptions): number | null {
  const words = valueWords(line, columns);
  const last = words.findLast((word) => parseAmount(word.text, options.format) !== null);
  return last ? parseAmount(last.text, options.format)!.value : null;
}

/** The item's amount, where its table prints one. */
function itemAmount(item: TableEntry, options: TableReadOptions): number | null {
  const index = item.columns.findIndex((column) => column.role === 'amount' || column.role === 'grossAmount');
  return index < 0 ? null : (readAmountCell(item.cells[index], options.format)?.value ?? null);
}

/**
 * Whether the part lines from this one on add up to the item's amount: an item's own line that only
 * looks like a part ("Material  300.00" under "Electrical work  1,200.00") does not.
 */
function partsAddUp(item: TableEntry, line: SplitLine, upcoming: SplitLine[], columns: TableColumn[], options: TableReadOptions): boolean {
  const total = itemAmount(item, options);
  if (total === null) return false;
  let sum = 0;
  let previous = line;
  for (const part of [line, ...upcoming]) {
    if (part !== line && (part.row.page !== previous.row.page || rowGap(previous.row, part.row) > WRAP_GAP || componentNamed(textWords(part, columns)) === null)) break;
    sum += lastAmount(part, columns, options) ?? Number.NaN;
    previous = part;
  }
  return cents(sum) === cents(total);
}

/**
 * Reads a line that prints one part of the item above's cost on a row of its own, labelled as that
 * part's column would be ("Material cost  4.29  1,123.98" under the item's line): it joins the item
 * instead of reading as an item. Only where no column of the table prints that part, once per part,
 * and where the part's label is set in under the description or the parts add up to the item's amount.
 */
export function readComponentLine(state: ScanState, line: SplitLine, text: Word[], upcoming: () => SplitLine[], options: TableReadOptions): boolean {
  const item = state.item;
  const previous = state.lastRow;
  if (!item || !previous || previous.page !== line.row.page || rowGap(previous, line.row) > WRAP_GAP) return false;
  const role = componentNamed(text);
  const columns = columnsOf(state);
  if (role === null || columns.some((column) => column.role === role) || item.components?.some((part) => part.role === role)) return false;
  // A charge line printing its own quantity or unit ("Labor  3 HR  125.00  375.00") is an item of its own.
  const values = lineValues(line, columns, options.format);
  const unit = columns.findIndex((column) => column.role === 'unit');
  if (values.money === 0 || values.quantity || (unit >= 0 && line.cells[unit].length > 0)) return false;
  const indented = text[0].bbox[0] >= descriptionLeft(item) + rowHeightsToX(line.row, INDENT);
  // The first part's check took in the lines of the parts after it.
  if (!indented && !item.components?.length && !partsAddUp(item, line, upcoming(), columns, options)) return false;
  const label = new Set(text);
  item.components = [...(item.components ?? []), { role, row: line.row, label: text, cells: line.cells.map((cell) => cell.filter((word) => !label.has(word))) }];
  item.rows = [...item.rows, line.row];
  return true;
}

/**
 * A line right after a section's total that is labelled as one of the table's own cost columns and
 * prints one amount ("Material  4,702.92" under Material | Tax | Labor | Ext. Total) is that column's
 * total over the whole table: the first line of the totals under the table, no item.
 */
export function totalsACostColumn(state: ScanState, line: SplitLine, text: Word[], options: TableReadOptions): boolean {
  if (state.item || state.entries.at(-1)?.kind !== 'subtotal') return false;
  const role = componentNamed(text);
  const columns = columnsOf(state);
  const values = lineValues(line, columns, options.format);
  return role !== null && columns.some((column) => column.role === role) && values.money === 1 && !values.quantity;
}
