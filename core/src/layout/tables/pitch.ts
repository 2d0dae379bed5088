import { rowGap, rowHeightsToX, type LayoutRow } from '../rows.js';
import type { TableEntry } from './model.js';
import { descriptionLeft, recentEntries, WRAP_GAP, type ScanState } from './scan-state.js';
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

/** A line this much (in row heights) further under the line above than the table's wrapped lines sit is set apart from it. */
const SET_APART = 0.4;
const MERGED_ROW = 2;

/**
 * Whether `row`, set in where the item above's description starts (where its wrapped line would
 * stand), sits clearly further under `previous` than the wrapped lines of the table's items sit under
 * each other on its page: a line of its own (a heading), however small a gap its glyphs leave. False
 * while no item on the page has wrapped, and for a line starting further left (a merged cell's name
 * beside a wrapped line).
 */
export function setApartFromWraps(state: ScanState, previous: LayoutRow, row: LayoutRow): boolean {
  const item = state.entries.findLast((entry) => entry.kind === 'item');
  if (previous.page !== row.page || !item || row.words[0].bbox[0] < descriptionLeft(item) - rowHeightsToX(row, 1)) return false;
  // A row OCR merged of two lines above (twice as tall as its words) is no measure of the distance.
  if (previous.bottom - previous.top > MERGED_ROW * previous.height) return false;
  const pitches = recentEntries(state).flatMap((entry) => {
    const rows = entry.kind === 'item' ? entry.rows.filter((candidate) => candidate.page === row.page) : [];
    return rows.slice(1).map((lower, index) => lower.top - rows[index].top);
  });
  // The lower quartile of the wrapped lines' pitches: a tight pitch OCR's boxes give one of them says little.
  const wraps = pitches.filter((pitch) => pitch > row.height / 2).sort((a, b) => a - b);
  return wraps.length > 0 && row.top - previous.top - wraps[Math.floor(wraps.length / 4)] > SET_APART * row.height;
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

/**
 * `lower` is the line right under `upper`: set close under it, or one line pitch of the table under it,
 * by their tops, their bottoms or their middles, the closest (a line of small letters, "areas", has a
 * lower top, and a line without descenders a higher bottom).
 */
export function nextLineOf(upper: LayoutRow, lower: LayoutRow, pitch: number): boolean {
  if (upper.page !== lower.page) return false;
  const middle = (row: LayoutRow): number => (row.top + row.bottom) / 2;
  const offPitch = Math.min(Math.abs(lower.top - upper.top - pitch), Math.abs(lower.bottom - upper.bottom - pitch), Math.abs(middle(lower) - middle(upper) - pitch));
  return rowGap(upper, lower) <= WRAP_GAP || (pitch > 0 && offPitch <= PITCH_TOLERANCE * lower.height);
}
