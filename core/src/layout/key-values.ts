import type { Word } from '../contracts/document.js';
import { textOf } from './boxes.js';
import { isLetterGreeting, UK_POSTCODE } from './parties.js';
import type { PhraseMatch, PhraseMatcher } from './phrases.js';
import { cellsOf, rowGap, rowHeightsToX, startsCell, type LayoutRow } from './rows.js';

/**
 * Label → value reading over the common arrangements: the value right of its label (after a colon
 * or across a gap, in two-column forms too), in the next cell for short values ("TOTAL DUE ON
 * Aug 3      $4.11"), below the label (label over value, form boxes), continued on the lines below
 * for long values (addresses), a checkbox mark before it; another label always ends a value.
 */

/** A label found on a row. */
export interface LabelSpan<T> {
  value: T;
  /** Every meaning the same words have (a phrase listed under several concepts). */
  values: T[];
  row: LayoutRow;
  /** Word range on the row, end exclusive. */
  start: number;
  end: number;
  /** How well the words spell the label and how label-like their place is (0..1, a colon adds a little). */
  score: number;
}

export type Arrangement = 'right' | 'next-cell' | 'below' | 'checkbox';

/** Where a label's value may be printed: one or more lines of words. */
export interface ValueRegion {
  lines: Word[][];
  arrangement: Arrangement;
  /** How much the arrangement counts: right 1, below 0.9, the next cell 0.85 (lower when the value runs into a label). */
  weight: number;
  page: number;
}

export interface RegionOptions {
  /** Lines a value may span (1 for most; 4 for an address). */
  maxLines: number;
  /** A short value (date, amount, number): also look one cell further right. */
  compact: boolean;
  /** Look for a checkbox mark left of the label. */
  checkbox?: boolean;
  /** Words of other labels: a value never runs into them. */
  stops?: ReadonlySet<Word>;
}

const COLON = /[:：]$/;
const CHECKBOX = /^(\[\s?[xX✓✔]?\s?\]|[☐☑☒✓✔✗✘]|[xX])$/u;
/** Rows further below the label than this many row heights are not its value. */
const MAX_BELOW_GAP = 2.5;
/** A value continues on the next row when the rows are at most this many row heights apart. */
const MAX_CONTINUATION_GAP = 1.5;
/** A row whose words all start this many row heights right of a value's left edge, or end as far left of it, belongs to a block beside it. */
const OTHER_BLOCK_OFFSET = 12;
/** A town line closing an address: a ZIP code after the town and state, or a UK postcode ("Albany, NY 12274", "Leeds LS1 4AP"). */
const TOWN_LINE = new RegExp(String.raw`\p{L},?\s+\d{5}(-\d{4})?$|\b${UK_POSTCODE}$`, 'u');
/** A value below may start this many row heights right of its label's end (indented form boxes). */
const MAX_INDENT = 6;

export const endsWithColon = (word: Word | undefined): boolean => word !== undefined && COLON.test(word.text);
/** Punctuation-only words that carry no value (`:`, `-`, `#`). */
const isFiller = (word: Word): boolean => /^[\p{P}=~]*$/u.test(word.text) && !CHECKBOX.test(word.text);

/** How much the label's place says "label": a colon after it, nothing before it in its cell, not running on into a sentence. */
function placement(row: LayoutRow, start: number, end: number): number {
  const last = row.words[end - 1];
  const colon = endsWithColon(last) || row.words[end]?.text === ':';
  let factor = colon ? 1.05 : 1;
  // A label ends without a comma or a sentence's full stop (an abbreviation's "USt.", "Nr." is fine); running text does.
  if (/,$/.test(last.text) || /^\p{Ll}{5,}\.$/u.test(last.text)) factor *= 0.6;
  // "Due Date" is not the label "Date": a word right before it in the same cell weakens it.
  if (start > 0 && !startsCell(row, start) && !endsWithColon(row.words[start - 1]) && !isFiller(row.words[start - 1])) factor *= 0.6;
  // Without a colon, a label is a cell of its own ("Invoice No    123"); inside a sentence it is prose.
  const after = row.words[end];
  if (!colon && after && !isFiller(after) && !startsCell(row, end)) factor *= 0.8;
  return factor;
}

/** Every label of the matcher on a row, left to right, with its placement in the score. */
export function labelsOnRow<T>(row: LayoutRow, matcher: PhraseMatcher<T>): Array<LabelSpan<T>> {
  const spans: Array<LabelSpan<T>> = [];
  // "Dear Homeowner(s):" greets a reader: its colon closes no label, and the body under it is no value.
  if (isLetterGreeting(row.words)) return spans;
  for (let start = 0; start < row.words.length; start += 1) {
    const match: PhraseMatch<T> | null = matcher.at(row, start);
    if (!match) continue;
    spans.push({ value: match.value, values: match.values, row, start, end: match.end, score: Math.min(1, match.score * placement(row, start, match.end)) });
  }
  return spans;
}

/** Every label of the matcher in the rows, strongest first. */
export function findLabelSpans<T>(rows: LayoutRow[], matcher: PhraseMatcher<T>, minScore = 0.3): Array<LabelSpan<T>> {
  return rows
    .flatMap((row) => labelsOnRow(row, matcher))
    .filter((span) => span.score >= minScore)
    .sort((a, b) => b.score - a.score);
}

interface Cell {
  words: Word[];
  /** The cell ran into a label in the same cell ("John Smith Phone:"). */
  endsAtLabel: boolean;
}

/** The words from `index` to the next cell boundary, colon label or stop word; null when a label starts there. */
function cellFrom(row: LayoutRow, index: number, stops: ReadonlySet<Word>): Cell | null {
  let start = index;
  while (start < row.words.length && isFiller(row.words[start])) start += 1;
  if (start >= row.words.length || stops.has(row.words[start]) || endsWithColon(row.words[start])) return null;
  const words: Word[] = [];
  for (let next = start; next < row.words.length; next += 1) {
    const word = row.words[next];
    if (words.length > 0 && startsCell(row, next)) return { words, endsAtLabel: false };
    if (words.length > 0 && stops.has(word)) return { words, endsAtLabel: true };
    // "19 %:" ends a rate, not a label.
    if (words.length > 0 && endsWithColon(word) && !/[\d%]/.test(word.text)) {
      // A cell of words ending in a colon is a label cell ("REVISION NUMBER:"), not a value.
      const wordsOnly = words.every((entry) => !/\d/.test(entry.text));
      return start > 0 && startsCell(row, start) && wordsOnly ? null : { words, endsAtLabel: true };
    }
    words.push(word);
  }
  return { words, endsAtLabel: false };
}

/** Following rows whose cell starts where the value started (a multi-line address, a list). */
function continuation(rows: LayoutRow[], rowIndex: number, x0: number, count: number, stops: ReadonlySet<Word>): Word[][] {
  const lines: Word[][] = [];
  const isLabel = (word: Word): boolean => endsWithColon(word) || stops.has(word);
  let previous = rows[rowIndex];
  // The last line of the block beside printed between two of the value's: the gap to the next line is measured from it.
  let interleaved: LayoutRow | null = null;
  for (let index = rowIndex + 1; index < rows.length && lines.length < count; index += 1) {
    const row = rows[index];
    if (row.page !== previous.page || rowGap(interleaved ?? previous, row) > MAX_CONTINUATION_GAP) break;
    const tolerance = rowHeightsToX(row, 1.5);
    // Side-by-side blocks interleave their lines: a row printed only in the block to the right, or to the left, is skipped.
    const beside = rowHeightsToX(row, OTHER_BLOCK_OFFSET);
    const left = row.words.every((word) => word.bbox[2] < x0 - beside);
    // An address is finished at its town line: the block at the left goes on alone under it.
    if (left && TOWN_LINE.test(textOf(lines.at(-1) ?? []))) break;
    if (left || row.words.every((word) => word.bbox[0] > x0 + beside)) {
      interleaved = row;
      continue;
    }
    const cell = cellsOf(row, 0.95).find((candidate) => Math.abs(candidate[0].bbox[0] - x0) <= tolerance);
    if (!cell || cell.some(isLabel)) break;
    // A labelled row ("Phone:   555…") starts another field even when its value lines up; a label with its own
    // value between it and the line ("Financing: First Meridian Mortgage" in a block at the left) labels the other block's line.
    const between = (word: Word): Word[] => row.words.filter((other) => other.bbox[0] >= word.bbox[2] && other.bbox[2] <= cell[0].bbox[0]);
    if (row.words.some((word) => isLabel(word) && word.bbox[2] <= cell[0].bbox[0] && between(word).every(isLabel))) break;
    lines.push(cell);
    previous = row;
    interleaved = null;
  }
  return lines;
}

/** Words of a label's tail right after it: one word ending in a colon, or a bracketed note of up to four words closed by a colon. */
function labelTail(row: LayoutRow, end: number): number {
  if (end >= row.words.length || startsCell(row, end)) return 0;
  if (endsWithColon(row.words[end])) return 1;
  if (!row.words[end].text.startsWith('(')) return 0;
  for (let length = 2; length <= 4 && end + length <= row.words.length; length += 1) {
    const last = row.words[end + length - 1];
    if (/\):?$/.test(last.text)) return endsWithColon(last) ? length : 0;
  }
  return 0;
}

function rightOf(rows: LayoutRow[], rowIndex: number, label: LabelSpan<unknown>, options: RegionOptions, stops: ReadonlySet<Word>): ValueRegion[] {
  const { row } = label;
  // The label's own tail ("Total (RM):", "Amount Due (USD):", "Consultant (if any):") is not a value.
  const tail = labelTail(row, label.end);
  const first = cellFrom(row, label.end + tail, stops);
  if (!first) return [];
  const lines = first.endsAtLabel ? [first.words] : [first.words, ...continuation(rows, rowIndex, first.words[0].bbox[0], options.maxLines - 1, stops)];
  const regions: ValueRegion[] = [{ lines, arrangement: 'right', weight: first.endsAtLabel ? 0.7 : 1, page: row.page }];
  const last = first.words[first.words.length - 1];
  const second = options.compact && !first.endsAtLabel ? cellFrom(row, row.words.indexOf(last) + 1, stops) : null;
  if (second) regions.push({ lines: [second.words], arrangement: 'next-cell', weight: 0.85, page: row.page });
  return regions;
}

/**
 * The left edges of the boxes of a row of labels: the label's own and those of the other labels
 * that open a cell on its row. In a row of form boxes (`Borrower(s)` beside `Property address`,
 * each value under its label) a box's value ends where the next box begins, however narrow the gap
 * a long value leaves before the next one.
 */
function boxEdges(label: LabelSpan<unknown>, stops: ReadonlySet<Word>): number[] {
  const { row } = label;
  const own = row.words[label.start];
  // A row of box captions holds labels only: a value beside a label ("Date: 04/01") makes it no such row.
  if (!cellsOf(row, 0.95).every((cell) => cell[0] === own || stops.has(cell[0]))) return [];
  const others = row.words.flatMap((word, index) => (stops.has(word) && startsCell(row, index) ? [word.bbox[0]] : []));
  return others.length > 0 ? [own.bbox[0], ...others] : [];
}

/** How far off the indent of the value in its own box a word may start where the next box begins. */
const BOX_INDENT_TOLERANCE = 0.35;

/**
 * A row's cells, each also cut before a word that starts where a box of the label row begins, set
 * in from the box's edge as the cell's first word is from its own box's: the values line up in their boxes.
 */
function cellsInBoxes(row: LayoutRow, edges: number[]): Word[][] {
  const tolerance = rowHeightsToX(row, 1);
  const close = rowHeightsToX(row, BOX_INDENT_TOLERANCE);
  return cellsOf(row, 0.95).flatMap((cell) => {
    const home = Math.max(...edges.filter((edge) => edge <= cell[0].bbox[0] + tolerance));
    if (!Number.isFinite(home)) return [cell];
    const indent = cell[0].bbox[0] - home;
    const pieces: Word[][] = [[]];
    for (const word of cell) {
      const opensBox = pieces[pieces.length - 1].length > 0 && edges.some((edge) => edge > home && Math.abs(word.bbox[0] - edge - indent) <= close);
      if (opensBox) pieces.push([]);
      pieces[pieces.length - 1].push(word);
    }
    return pieces;
  });
}

/** The cell of a row under the label: overlapping it, or else indented a little right of it (form boxes). */
function cellUnder(row: LayoutRow, left: number, right: number, edges: number[]): { cell: Word[]; indented: boolean } | null {
  const cells = cellsInBoxes(row, edges);
  const overlapping = cells.filter((candidate) => candidate[0].bbox[0] <= right && candidate[candidate.length - 1].bbox[2] >= left);
  // Of a box's value and the end of the value before it, the one that starts under the label.
  const under = overlapping.find((candidate) => candidate[0].bbox[0] >= left) ?? overlapping[0];
  if (under) return { cell: under, indented: false };
  const indent = rowHeightsToX(row, MAX_INDENT);
  const indented = cells.find((candidate) => candidate[0].bbox[0] > right && candidate[0].bbox[0] <= right + indent);
  return indented ? { cell: indented, indented: true } : null;
}

function below(rows: LayoutRow[], rowIndex: number, label: LabelSpan<unknown>, options: RegionOptions, stops: ReadonlySet<Word>): ValueRegion | null {
  const labelRow = label.row;
  const words = labelRow.words.slice(label.start, label.end);
  const tolerance = rowHeightsToX(labelRow, 1);
  const left = words[0].bbox[0] - tolerance;
  const right = words[words.length - 1].bbox[2] + tolerance;
  const edges = boxEdges(label, stops);
  for (let index = rowIndex + 1; index < rows.length; index += 1) {
    const row = rows[index];
    if (row.page !== labelRow.page || rowGap(labelRow, row) > MAX_BELOW_GAP) return null;
    const found = cellUnder(row, left, right, edges);
    if (!found) continue;
    const { cell, indented } = found;
    // A value below a label starts under it; a cell from far left is running text or another column.
    if (cell[0].bbox[0] < left - 2 * tolerance) return null;
    const cut = cell.findIndex((word, position) => position > 0 && stops.has(word));
    const value = cut > 0 ? cell.slice(0, cut) : cell;
    // Another label's own value below ("Phone: 555 010 2000") is not this one's; a name after "ATTN:" may be.
    if (stops.has(value[0]) && !value.slice(1).some((word) => /\p{L}{2}/u.test(word.text))) return null;
    // A labelled cell below ("ATTN: …", "Phone: …") is more likely another field than this one's value.
    const weight = (value.some((word) => endsWithColon(word)) || stops.has(value[0]) ? 0.7 : 0.9) * (indented ? 0.9 : 1);
    const more = cut > 0 ? [] : continuation(rows, index, value[0].bbox[0], options.maxLines - 1, stops);
    return { lines: [value, ...more], arrangement: 'below', weight, page: row.page };
  }
  return null;
}

/** A checkbox mark printed just left of the label ("☒ Married"). */
function checkboxLeft(label: LabelSpan<unknown>): ValueRegion | null {
  const word = label.row.words[label.start - 1];
  return word && CHECKBOX.test(word.text) ? { lines: [[word]], arrangement: 'checkbox', weight: 0.95, page: label.row.page } : null;
}

/**
 * Where the label's value may be printed: right of it, one cell further (short values), below
 * it, and for checkboxes left of it. `rows` are the document's rows (the label's row among them).
 */
export function valueRegions(rows: LayoutRow[], label: LabelSpan<unknown>, options: RegionOptions): ValueRegion[] {
  const rowIndex = rows.indexOf(label.row);
  const own = new Set(label.row.words.slice(label.start, label.end));
  const stops = new Set([...(options.stops ?? [])].filter((word) => !own.has(word)));
  const regions = [...rightOf(rows, rowIndex, label, options, stops), below(rows, rowIndex, label, options, stops), options.checkbox ? checkboxLeft(label) : null];
  return regions.filter((region): region is ValueRegion => region !== null && region.lines.length > 0 && region.lines[0].length > 0);
}

/** The words of the strong labels among `spans` (score at least `minScore`): the stops of other labels' values. */
export function labelWords(spans: Array<LabelSpan<unknown>>, minScore = 0.85): Set<Word> {
  return new Set(spans.filter((span) => span.score >= minScore).flatMap((span) => span.row.words.slice(span.start, span.end)));
}
