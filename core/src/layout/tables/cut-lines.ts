import type { Word } from '../../contracts/document.js';
import { rowHeightsToX, type LayoutRow } from '../rows.js';
import { CONTINUATION_NOTE, descriptionLeft, isItem, recentEntries, type ScanState, type TableReadOptions } from './scan-state.js';
import { linePitch } from './pitch.js';
import type { SplitLine } from './split.js';

/**
 * A description cut at its column's edge: a text line right under an item, set in past where the
 * item's description starts, whose first word would have made the item's last line wider than the
 * widest description line of the table. Whatever it looks like (a short line in
 * capitals), it continues the item: a report set in one case and one line pitch throughout tells its
 * wrapped lines from its headings by where the words stand.
 */

/** A line steps down less than this many times the table's closest rows when no blank line stands between (OCR boxes vary). */
const PITCH_SLACK = 1.5;
/** How far right of where the item's description starts (in row heights) a continued line is set in, at least. */
const SET_IN = 0.5;

/** The extent of the description words on a row, or null when it has none. */
function descriptionSpan(words: Word[], row: LayoutRow): { left: number; right: number } | null {
  const own = words.filter((word) => word.bbox[1] < row.bottom && word.bbox[3] > row.top);
  if (own.length === 0) return null;
  return { left: Math.min(...own.map((word) => word.bbox[0])), right: Math.max(...own.map((word) => word.bbox[2])) };
}

/** The width of the widest description line of the table's items (so far and just ahead), the item's last row left out. */
function columnWidth(state: ScanState, upcoming: SplitLine[], options: TableReadOptions, skip: LayoutRow): number | null {
  let width: number | null = null;
  const consider = (words: Word[], row: LayoutRow): void => {
    const span = row === skip ? null : descriptionSpan(words, row);
    if (span) width = Math.max(width ?? 0, span.right - span.left);
  };
  for (const entry of recentEntries(state)) {
    const description = entry.columns.findIndex((column) => column.role === 'description');
    if (entry.kind === 'item' && description >= 0) for (const row of entry.rows) consider(entry.cells[description], row);
  }
  const description = state.header.columns.findIndex((column) => column.role === 'description');
  for (const line of upcoming) if (description >= 0 && isItem(line, state, options)) consider(line.cells[description], line.row);
  return width;
}

/** Whether a text-only line continues the description of the item above it, cut at its column's edge. */
export function continuesCutDescription(state: ScanState, line: SplitLine, text: Word[], upcoming: SplitLine[], options: TableReadOptions): boolean {
  const { item, lastRow: previous } = state;
  const first = text[0];
  // "Continued on next page" points elsewhere, however wide it would make the line.
  if (!item || !previous || !first || previous.page !== line.row.page || item.rows.at(-1) !== previous || CONTINUATION_NOTE.test(line.row.text)) return false;
  const description = item.columns.findIndex((column) => column.role === 'description');
  if (description < 0 || first.bbox[0] < descriptionLeft(item) + rowHeightsToX(line.row, SET_IN)) return false;
  const pitch = linePitch(state, line, upcoming);
  if (pitch === 0 || line.row.top - previous.top >= PITCH_SLACK * pitch) return false;
  const span = descriptionSpan(item.cells[description], previous);
  const width = columnWidth(state, upcoming, options, previous);
  if (span === null || width === null) return false;
  return span.right + rowHeightsToX(previous, previous.space) + (first.bbox[2] - first.bbox[0]) - span.left > width;
}
