import { rowGap, type LayoutRow } from '../rows.js';
import type { TableEntry } from './model.js';
import { recentEntries, WRAP_GAP, type ScanState } from './scan-state.js';
import type { SplitLine } from './split.js';

/** How far apart a table prints its lines: a wrapped line sits one pitch under the line it continues. */

/** Lines of one pitch may differ in the gap their glyphs leave by this much (in row heights): "current local" has no descenders. */
const PITCH_TOLERANCE = 0.25;

/** A line as far under the item's last line as that line is under the one before it: the item's next wrapped line, however tight the glyphs leave the gap. */
export function keepsItemPitch(item: TableEntry, previous: LayoutRow, row: LayoutRow): boolean {
  const rows = item.rows.filter((candidate) => candidate.page === row.page);
  if (rows.length < 2 || rows[rows.length - 1] !== previous) return false;
  const pitch = previous.top - rows[rows.length - 2].top;
  return pitch > 0 && Math.abs(row.top - previous.top - pitch) <= PITCH_TOLERANCE * row.height;
}

/**
 * The table's line pitch on the page: the least distance between the tops of its lines (entries so
 * far, this line and the lines ahead). A ruled form prints every line at it, so a line one pitch under
 * another is its next line, however wide the ruling leaves the gap between the glyphs.
 */
export function linePitch(state: ScanState, line: SplitLine, upcoming: SplitLine[]): number {
  const rows = [...recentEntries(state).flatMap((entry) => entry.rows), line.row, ...upcoming.map((next) => next.row)].filter((row) => row.page === line.row.page);
  const tops = [...new Set(rows.map((row) => row.top))].sort((a, b) => a - b);
  const pitches = tops.slice(1).map((top, index) => top - tops[index]).filter((pitch) => pitch > line.row.height / 2);
  return pitches.length > 0 ? Math.min(...pitches) : 0;
}

/** `lower` is the line right under `upper`: set close under it, or one line pitch of the table under it. */
export function nextLineOf(upper: LayoutRow, lower: LayoutRow, pitch: number): boolean {
  if (upper.page !== lower.page) return false;
  return rowGap(upper, lower) <= WRAP_GAP || (pitch > 0 && Math.abs(lower.top - upper.top - pitch) <= PITCH_TOLERANCE * lower.height);
}
