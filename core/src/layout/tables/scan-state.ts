import type { Word } from '../../contracts/document.js';
import type { NumberFormat } from '../numbers.js';
import { rowGap, type LayoutRow } from '../rows.js';
import { readHeaderAt } from './header.js';
import type { TableColumn, TableEntry, TableHeader } from './model.js';
import { isItemLine } from './rows.js';
import { splitRow, type SplitLine } from './split.js';

/** What the scan of a table keeps as it reads row after row, and the helpers its parts share. */

export interface TableReadOptions {
  format: NumberFormat;
}

/** A wrapped line sits closer than this (in row heights) under the line before it. */
export const WRAP_GAP = 0.9;
/** Rows looked at ahead to tell a section's subtotal (items follow) from the table's totals (none do). */
const LOOKAHEAD = 8;
/** A note that the table goes on elsewhere: no item's text. */
export const CONTINUATION_NOTE = /\bcontinued\b|\bcont'd\b|\bcarried forward\b|\bfortsetzung\b|\bsuite\b|\bcontinúa\b|\bvervolg\b|\bübertrag\b|\btransporte\b|\breport\b/i;

/** A running balance at a page break ("Balance carried forward", "Brought forward", "Übertrag"): neither an item nor the table's end. */
export const RUNNING_BALANCE = /\b(carried|brought) (forward|over)\b|(^|\s)[cb]\/f\b|\bbalance forward\b|\bübertrag\b|\bà reporter\b|\bsuma y sigue\b/i;

/** What a table's scan keeps from row to row. */
export interface ScanState {
  header: TableHeader;
  inferred: TableHeader | null;
  entries: TableEntry[];
  /** The item that wrapped lines join. */
  item: TableEntry | null;
  /** Text lines waiting for the item printed under them (a description whose amounts sit on its last line). */
  pending: SplitLine[];
  /** An item took the text lines above it: the table prints values on a description's last line. */
  valuesBelowText: boolean;
  heading: string | null;
  lastRow: LayoutRow | null;
  /** The last row of a note read between the items ("NOTE: Match existing profile."), its lower-case lines go on with it. */
  note: LayoutRow | null;
  /** The fewest values an item so far printed (at most 2). */
  minItemValues: number;
  /** The totals row that ended the table. */
  totals?: TableEntry;
}

export const columnsOf = (state: ScanState): TableColumn[] => state.header.columns;

/** Entries a line's questions about the table's print (its line pitch, its widest description) look back over: bounded, so a long table reads in linear time. */
const RECENT_ENTRIES = 40;
export const recentEntries = (state: ScanState): TableEntry[] => state.entries.slice(-RECENT_ENTRIES);

export function entry(kind: TableEntry['kind'], line: SplitLine, columns: TableColumn[], label: Word[] = []): TableEntry {
  return { kind, page: line.row.page, rows: [line.row], columns, cells: line.cells.map((cell) => [...cell]), label };
}

export function keepGoing(state: ScanState, row: LayoutRow): true {
  state.lastRow = row;
  return true;
}

/** A count or an item number ("3", "3.", "3)", "4.2", an outline's "A.2.3") that starts an item's description. */
export const ITEM_START = /^(\d{1,3}|\(?\d{1,3}[.)]|\d{1,3}(\.\d{1,3})+\.?|[A-Z]{1,2}(\.\d{1,3}){2,}\.?)$/;

/** Rows split by the columns in force, kept while those stay in force: the scan looks at each row from the rows above it too. */
const splitsByScan = new WeakMap<ScanState, { columns: TableColumn[]; lines: Map<LayoutRow, SplitLine> }>();

/** A row split by the columns in force. */
export function splitInScan(state: ScanState, row: LayoutRow, options: TableReadOptions): SplitLine {
  const columns = columnsOf(state);
  let splits = splitsByScan.get(state);
  if (splits?.columns !== columns) {
    splits = { columns, lines: new Map() };
    splitsByScan.set(state, splits);
  }
  let line = splits.lines.get(row);
  if (!line) {
    line = splitRow(row, columns, options.format);
    splits.lines.set(row, line);
  }
  return line;
}

/** Rows further apart than this (in row heights) on one page are not one table's. */
const TABLE_GAP = 3;

/** The next rows of the table's run (no furniture, no wide gap on the page), split by the columns in force. */
export function ahead(rows: LayoutRow[], index: number, state: ScanState, options: TableReadOptions): SplitLine[] {
  const lines: SplitLine[] = [];
  let previous = rows[index];
  for (let next = index + 1; next < rows.length && lines.length < LOOKAHEAD; next += 1) {
    const row = rows[next];
    if (row.furniture) continue;
    if ((row.page === previous.page && rowGap(previous, row) > TABLE_GAP) || readHeaderAt(rows, next) !== null) break;
    lines.push(splitInScan(state, row, options));
    previous = row;
  }
  return lines;
}

export const isItem = (line: SplitLine | undefined, state: ScanState, options: TableReadOptions): boolean =>
  line !== undefined && isItemLine(line, columnsOf(state), options.format);

/** Where an item's description starts as printed (a centred header says little about it). */
export function descriptionLeft(item: TableEntry): number {
  const index = item.columns.findIndex((column) => column.role === 'description');
  const words = index >= 0 ? item.cells[index] : [];
  return words.length > 0 ? Math.min(...words.map((word) => word.bbox[0])) : (item.columns[index]?.x0 ?? 0);
}
