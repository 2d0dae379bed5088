import type { Line, Word } from '../contracts/document.js';
import { boxHeight, groupIntoBands, median, roundBox, unionBoxes, type Band } from './geometry.js';

/**
 * A horizontal gap wider than this many row heights splits a row into separate lines: form cells
 * (label | value | next label) side by side stay separate; word spacing (about 0.3) and the wide
 * gaps of justified text (up to about 2) do not split.
 */
const SEGMENT_GAP_RATIO = 2.5;

type Row = Band;

/** Only the last few rows can still overlap a word that comes later in top-to-bottom order. */
const ROW_LOOKBACK = 4;

const groupIntoRows = (words: Word[]): Row[] => groupIntoBands(words, ROW_LOOKBACK);

function splitRow(row: Row): Word[][] {
  const words = [...row.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const maxGap = median(words.map((word) => boxHeight(word.bbox))) * SEGMENT_GAP_RATIO;
  const segments: Word[][] = [[words[0]]];
  for (let index = 1; index < words.length; index += 1) {
    const gap = words[index].bbox[0] - words[index - 1].bbox[2];
    if (gap > maxGap) segments.push([words[index]]);
    else segments[segments.length - 1].push(words[index]);
  }
  return segments;
}

function toLine(words: Word[]): Line {
  return { text: words.map((word) => word.text).join(' '), bbox: roundBox(unionBoxes(words.map((word) => word.bbox))), words };
}

/*
 * Column-aware reading order: a recursive XY-cut on the whitespace between words. Rows are read top
 * to bottom; a run of consecutive rows is read as columns (left column to its end, then the right
 * one) only when a vertical gutter is clear of words over the whole run and both sides hold prose.
 * Tables and forms, whose columns hold numbers, codes or single labels, stay row by row.
 */

/** A gutter is at least this many word heights wide (word spacing is about 0.3; columns are set 1-3 apart). */
const GUTTER_MIN_RATIO = 1;
/** Each side of a gutter must hold at least this many lines over the run. */
const COLUMN_MIN_LINES = 3;
/** A side line is text when letters make up at least this share of its characters. */
const TEXT_LETTER_SHARE = 0.6;
/** Prose holds at least this many words a line on average (labels, addresses and table cells hold fewer). */
const COLUMN_MIN_WORDS_PER_LINE = 4;
/** Prose fills its column: at least this share of a side's lines ... */
const COLUMN_FULL_LINE_SHARE = 0.6;
/** ... reach this fraction of the side's widest line (a paragraph's last line may be short). */
const COLUMN_FULL_LINE_WIDTH = 0.75;

interface Span {
  left: number;
  right: number;
}

const LETTER = /\p{L}/gu;
const NON_SPACE = /\S/gu;

function isTextLine(words: Word[]): boolean {
  const text = words.map((word) => word.text).join('');
  const letters = text.match(LETTER)?.length ?? 0;
  const chars = text.match(NON_SPACE)?.length ?? 0;
  return chars >= 2 && letters >= chars * TEXT_LETTER_SHARE;
}

/** The gaps between a row's words at least `minWidth` wide, with words on both sides. */
function rowGaps(row: Row, minWidth: number): Span[] {
  const words = [...row.words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const gaps: Span[] = [];
  let reach = words[0].bbox[2];
  for (let index = 1; index < words.length; index += 1) {
    if (words[index].bbox[0] - reach >= minWidth) gaps.push({ left: reach, right: words[index].bbox[0] });
    reach = Math.max(reach, words[index].bbox[2]);
  }
  return gaps;
}

/** The widest part of `gap` no word of the row covers. */
function clearPart(row: Row, gap: Span): Span {
  const covering = row.words.filter((word) => word.bbox[2] > gap.left && word.bbox[0] < gap.right).sort((a, b) => a.bbox[0] - b.bbox[0]);
  let best: Span = { left: gap.left, right: gap.left };
  let from = gap.left;
  for (const word of [...covering, undefined]) {
    const to = word ? Math.max(from, word.bbox[0]) : gap.right;
    if (to - from > best.right - best.left) best = { left: from, right: to };
    if (word) from = Math.max(from, word.bbox[2]);
  }
  return best;
}

/** A row's words on one side of a gutter can belong to prose: none, or text in one piece (not form cells). */
function isProseLine(words: Word[]): boolean {
  return words.length === 0 || (isTextLine(words) && splitRow({ top: 0, bottom: 0, words }).length === 1);
}

/** Lines (each a row's words on one side of the gutter) read as a column of prose. */
function isProse(lines: Word[][]): boolean {
  if (lines.length < COLUMN_MIN_LINES) return false;
  const words = lines.reduce((sum, line) => sum + line.length, 0);
  if (words < lines.length * COLUMN_MIN_WORDS_PER_LINE) return false;
  const widths = lines.map((line) => Math.max(...line.map((word) => word.bbox[2])) - Math.min(...line.map((word) => word.bbox[0])));
  const widest = Math.max(...widths);
  return widths.filter((width) => width >= widest * COLUMN_FULL_LINE_WIDTH).length >= lines.length * COLUMN_FULL_LINE_SHARE;
}

interface ColumnRun {
  end: number;
  gutter: Span;
}

/**
 * The longest run of rows from `start` that reads as two columns split at one of the gaps of row
 * `start`, if any: the gutter stays clear of words on every row, every line on either side is
 * text in one piece (a number, code or amount, or a row of form cells, ends the run), and both
 * sides read as prose.
 */
function findColumnRun(rows: Row[], start: number, minWidth: number): ColumnRun | undefined {
  let best: ColumnRun | undefined;
  for (const first of rowGaps(rows[start], minWidth)) {
    let gutter = first;
    const left: Word[][] = [];
    const right: Word[][] = [];
    let end = start;
    for (; end < rows.length; end += 1) {
      const clear = clearPart(rows[end], gutter);
      if (clear.right - clear.left < minWidth) break;
      const leftWords = rows[end].words.filter((word) => word.bbox[2] <= clear.left);
      const rightWords = rows[end].words.filter((word) => word.bbox[0] >= clear.right);
      if (!isProseLine(leftWords) || !isProseLine(rightWords)) break;
      gutter = clear;
      if (leftWords.length > 0) left.push(leftWords);
      if (rightWords.length > 0) right.push(rightWords);
    }
    if (isProse(left) && isProse(right) && (!best || end > best.end)) best = { end, gutter };
  }
  return best;
}

function subRows(rows: Row[], keep: (word: Word) => boolean): Row[] {
  return rows
    .map((row) => ({ ...row, words: row.words.filter(keep) }))
    .filter((row) => row.words.length > 0)
    .map((row) => ({ top: Math.min(...row.words.map((word) => word.bbox[1])), bottom: Math.max(...row.words.map((word) => word.bbox[3])), words: row.words }));
}

function readRows(rows: Row[], minWidth: number): Line[] {
  const lines: Line[] = [];
  let index = 0;
  while (index < rows.length) {
    const run = findColumnRun(rows, index, minWidth);
    if (!run) {
      lines.push(...splitRow(rows[index]).map(toLine));
      index += 1;
      continue;
    }
    const block = rows.slice(index, run.end);
    const middle = (run.gutter.left + run.gutter.right) / 2;
    const centre = (word: Word): number => (word.bbox[0] + word.bbox[2]) / 2;
    lines.push(...readRows(subRows(block, (word) => centre(word) < middle), minWidth));
    lines.push(...readRows(subRows(block, (word) => centre(word) >= middle), minWidth));
    index = run.end;
  }
  return lines;
}

/**
 * Groups words into lines in reading order: rows by vertical overlap, top to bottom; inside a row,
 * words left to right, split into separate lines at wide horizontal gaps (form cells, columns).
 * Where a run of rows is set in columns of prose (a clear vertical gutter, prose on both sides),
 * the left column is read to the end of the run before the right one.
 */
export function groupWordsIntoLines(words: Word[]): Line[] {
  if (words.length === 0) return [];
  const minWidth = median(words.map((word) => boxHeight(word.bbox))) * GUTTER_MIN_RATIO;
  return readRows(groupIntoRows(words), minWidth);
}

/** The words of the lines, in the lines' reading order. */
export function wordsInReadingOrder(lines: Line[]): Word[] {
  return lines.flatMap((line) => line.words);
}
