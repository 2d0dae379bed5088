import type { Word } from '../contracts/document.js';
import { parseAmount, type NumberFormat } from './numbers.js';
import { cellGap, groupWordsIntoRows, makeRow, rowGap, rowHeightsToX, type LayoutRow } from './rows.js';

/**
 * Reading order across columns of text set side by side: where the gutters between them stand on
 * each page, and the lines of each column top to bottom, left column first. Line items printed as
 * running text (running-items.ts) are read in this order.
 */
/** A line of text in reading order: the words of one row inside one column (`index` is the index of the row its first word was read on). */
export interface FlowLine extends LayoutRow {
  /** Changes where a column, a run of full-width lines or a page ends: a paragraph may go on across it only in lowercase. */
  block: number;
  /** Column of the line within its band of columns (0 for a full-width line). */
  column: number;
  /** Number of columns side by side where the line is printed (1 for a full-width line). */
  columns: number;
}

/** A vertical gap between text columns: the rows from `first` to `last` (indexes into the page's rows) leave `x` free. */
interface Gutter {
  x: number;
  width: number;
  first: number;
  last: number;
  /** Rows with words on both sides of the gutter. */
  split: number;
}

interface Band {
  first: number;
  last: number;
  gutters: number[];
}

/** Step of the gutter search, in fractions of the page width. */
const GUTTER_STEP = 0.0025;
/** Rows with text on both sides a gap needs before it is read as a gutter between columns. */
const MIN_SPLIT_ROWS = 2;
/** Lines of text each side of a gutter needs. */
const MIN_COLUMN_LINES = 3;
/** A gap whose right side starts with a money amount on this share of its rows is a price column, not a gutter. */
const PRICE_COLUMN_SHARE = 0.25;
/** Share of a gutter's two-sided rows whose right side starts with a word. */
const TEXT_SHARE = 0.5;
/** Words a line of a text column holds on average, each side of a gutter (a table's unit or trade column holds one). */
const MIN_LINE_WORDS = 2.5;
/** A word: two letters or more. */
const LETTERS = /\p{L}.*\p{L}/u;
/** Gutters of one band stand at least this far apart (page width): no text column is narrower. */
const MIN_COLUMN_WIDTH = 0.15;
/** Two candidate gutters of one band cover this share of each other's rows. */
const BAND_OVERLAP = 0.8;
/** A vertical gap wider than this (in row heights) ends a paragraph. */
export const PARAGRAPH_GAP = 0.8;

/** A bullet or an item number that opens a paragraph ("•", "–", "12.", "3)", "(4)"; OCR reads bullets as `¢`, `©` or `«`, and a number's dot as a colon or comma). */
export const ITEM_MARK = /^([•●▪◦‣∙·*–—¢©«-]|\(?\d{1,3}[.):;,])$/;

export const isMoney = (text: string, format: NumberFormat): boolean => parseAmount(text, format)?.moneyLike === true;

/** Words that read as text: half of them or more hold letters, a price at their end not counted (marks alone say nothing). */
function readsAsText(words: Word[], format: NumberFormat): boolean {
  const content = words.filter((word) => /[\p{L}\p{N}]/u.test(word.text));
  if (content.length > 1 && isMoney(content[content.length - 1].text, format)) content.pop();
  return content.length === 0 || content.filter((word) => /\p{L}/u.test(word.text)).length >= 0.5 * content.length;
}

const FIRST_STEP = Math.round(0.1 / GUTTER_STEP);
const LAST_STEP = Math.round(0.9 / GUTTER_STEP);

/** Where a row lets a gutter through, at each step of the search. */
interface RowProfile {
  /** 1 where the row stops a gutter (see `profileOf`), by step from `FIRST_STEP`. */
  blocked: Uint8Array;
  /** Right edge of the row's first word and left edge of its last: words lie on both sides of x between them. */
  firstEnd: number;
  lastStart: number;
}

/**
 * Where the row stops a gutter: where a word covers x, widened by half the row's narrowest cell gap
 * on each side (so spaces between words count as covered), and in a gap with words on both sides
 * where either side does not read as text (a table's row: a description, then quantities and amounts).
 */
function profileOf(row: LayoutRow, format: NumberFormat): RowProfile {
  const blocked = new Uint8Array(LAST_STEP - FIRST_STEP + 1);
  const pad = rowHeightsToX(row, cellGap(row) / 2);
  const mark = (from: number, to: number): void => {
    for (let step = Math.max(FIRST_STEP, Math.ceil(from / GUTTER_STEP)); step <= Math.min(LAST_STEP, Math.floor(to / GUTTER_STEP)); step += 1) blocked[step - FIRST_STEP] = 1;
  };
  for (const word of row.words) mark(word.bbox[0] - pad, word.bbox[2] + pad);
  row.words.forEach((word, index) => {
    if (index === 0 || word.bbox[0] - row.words[index - 1].bbox[2] <= 2 * pad) return;
    const [left, right] = [row.words.slice(0, index), row.words.slice(index)];
    if (!(readsAsText(left, format) && readsAsText(right, format))) mark(row.words[index - 1].bbox[2], word.bbox[0]);
  });
  return { blocked, firstEnd: row.words[0]?.bbox[2] ?? 1, lastStart: row.words[row.words.length - 1]?.bbox[0] ?? 0 };
}

const stops = (profile: RowProfile, step: number): boolean => profile.blocked[step - FIRST_STEP] === 1;
const twoSided = (profile: RowProfile, x: number): boolean => profile.firstEnd < x && profile.lastStart > x;

/** Candidate gutters of one page: for each free x, the runs of rows it crosses; neighbouring x of one run make one gutter. */
function candidateGutters(rows: LayoutRow[], format: NumberFormat): Gutter[] {
  const profiles = rows.map((row) => profileOf(row, format));
  const found: Array<Gutter & { x0: number; x1: number }> = [];
  let previous = new Map<string, Gutter & { x0: number; x1: number }>();
  for (let step = FIRST_STEP; step <= LAST_STEP; step += 1) {
    const x = step * GUTTER_STEP;
    const current = new Map<string, Gutter & { x0: number; x1: number }>();
    let start = 0;
    for (let index = 0; index <= rows.length; index += 1) {
      if (index < rows.length && !stops(profiles[index], step)) continue;
      const run = index > start ? trimmedRun(rows, profiles, start, index - 1, step) : null;
      start = index + 1;
      if (!run) continue;
      const key = `${run.first}:${run.last}`;
      const gutter = previous.get(key) ?? { x, width: 0, x0: x, x1: x, ...run };
      if (!previous.has(key)) found.push(gutter);
      gutter.x1 = x;
      current.set(key, gutter);
    }
    previous = current;
  }
  return found
    .map(({ x0, x1, first, last, split }) => ({ x: (x0 + x1) / 2, width: x1 - x0 + GUTTER_STEP, first, last, split }))
    .filter((gutter) => isTextGutter(rows, gutter, format));
}

/**
 * A run of rows free at step `step`, without the lines at its top that only end a paragraph printed
 * across the page above it ("be completed in a workmanlike manner." under a full-width line); null
 * unless two of its rows have text on both sides and each side has three lines.
 */
function trimmedRun(rows: LayoutRow[], profiles: RowProfile[], first: number, last: number, step: number): { first: number; last: number; split: number } | null {
  const x = step * GUTTER_STEP;
  let top = first;
  while (top <= last && top > 0 && !twoSided(profiles[top], x) && rowGap(rows[top - 1], rows[top]) < PARAGRAPH_GAP && stops(profiles[top - 1], step)) top += 1;
  let [split, left, right] = [0, 0, 0];
  for (const profile of profiles.slice(top, last + 1)) {
    if (profile.firstEnd < x) left += 1;
    if (profile.lastStart > x) right += 1;
    if (twoSided(profile, x)) split += 1;
  }
  return split >= MIN_SPLIT_ROWS && left >= MIN_COLUMN_LINES && right >= MIN_COLUMN_LINES ? { first: top, last, split } : null;
}

/**
 * Whether the gap stands between columns of text: the words right of it start with letters (after
 * a bullet or an item number) on half its two-sided rows at least, and with a money amount on few
 * of them (else it is a price or quantity column inside a column of text, or a table's), and the
 * lines hold two or three words each side on average (a table's unit or trade column holds one).
 */
function isTextGutter(rows: LayoutRow[], gutter: Gutter, format: NumberFormat): boolean {
  let split = 0;
  let prices = 0;
  let text = 0;
  let [wordsLeft, wordsRight] = [0, 0];
  for (const row of rows.slice(gutter.first, gutter.last + 1)) {
    const right = row.words.filter((word) => word.bbox[0] > gutter.x);
    if (right.length === 0 || !row.words.some((word) => word.bbox[2] < gutter.x)) continue;
    split += 1;
    if (isMoney(right[0].text, format)) prices += 1;
    const first = right.find((word) => !ITEM_MARK.test(word.text));
    if (first && LETTERS.test(first.text)) text += 1;
    wordsLeft += row.words.filter((word) => word.bbox[2] < gutter.x && LETTERS.test(word.text)).length;
    wordsRight += right.filter((word) => LETTERS.test(word.text)).length;
  }
  return prices < PRICE_COLUMN_SHARE * split && text >= TEXT_SHARE * split && wordsLeft >= MIN_LINE_WORDS * split && wordsRight >= MIN_LINE_WORDS * split;
}

const overlapOf = (a: { first: number; last: number }, b: { first: number; last: number }): number => Math.max(0, Math.min(a.last, b.last) - Math.max(a.first, b.first) + 1);

/** Bands of columns on a page: the strongest gutters first; a weaker one joins a band it spans (a third column) or is dropped. */
function pageBands(rows: LayoutRow[], format: NumberFormat): Band[] {
  const candidates = candidateGutters(rows, format).sort((a, b) => b.split - a.split || b.width - a.width);
  const bands: Band[] = [];
  for (const gutter of candidates) {
    const overlapping = bands.filter((band) => overlapOf(band, gutter) > 0);
    if (overlapping.length === 0) {
      bands.push({ first: gutter.first, last: gutter.last, gutters: [gutter.x] });
      continue;
    }
    const [band] = overlapping;
    const shared = overlapOf(band, gutter);
    const spans = overlapping.length === 1 && shared >= BAND_OVERLAP * (band.last - band.first + 1) && shared >= BAND_OVERLAP * (gutter.last - gutter.first + 1);
    if (spans && band.gutters.every((x) => Math.abs(x - gutter.x) >= MIN_COLUMN_WIDTH)) band.gutters = [...band.gutters, gutter.x].sort((a, b) => a - b);
  }
  return bands.sort((a, b) => a.first - b.first);
}

/** Columns of text side by side on a page: the rows they span and the gutters between them (x as page fractions, left to right). */
export interface TextColumns {
  page: number;
  rows: LayoutRow[];
  gutters: number[];
}

/** Where columns of text stand side by side on each page (see `readingOrder`). Running headers and footers are left out. */
export function textColumns(rows: LayoutRow[], format: NumberFormat): TextColumns[] {
  return [...new Set(rows.map((row) => row.page))].flatMap((page) => {
    const pageRows = rows.filter((row) => row.page === page && !row.furniture);
    return pageBands(pageRows, format).map((band) => ({ page, rows: pageRows.slice(band.first, band.last + 1), gutters: band.gutters }));
  });
}

/** The lines of one band, column by column, each column top to bottom. */
function bandLines(rows: LayoutRow[], band: Band): LayoutRow[][] {
  const columns: Word[][] = band.gutters.map(() => []).concat([[]]);
  const rowOf = new Map<Word, LayoutRow>();
  for (const row of rows.slice(band.first, band.last + 1)) {
    for (const word of row.words) {
      const centre = (word.bbox[0] + word.bbox[2]) / 2;
      columns[band.gutters.filter((x) => x < centre).length].push(word);
      rowOf.set(word, row);
    }
  }
  const { page, aspect, space } = rows[band.first];
  return columns.map((words) =>
    groupWordsIntoRows(words)
      .map((lineWords) => ({ ...makeRow(page, aspect, lineWords, rowOf.get(lineWords[0])!.index), space }))
      .sort((a, b) => a.top - b.top),
  );
}

/**
 * The text of the rows in reading order: on each page, full-width lines as they come, and where
 * two or three columns of text stand side by side, the left column top to bottom, then the next.
 * A gutter between columns is a gap no word crosses, with three lines or more on each side, text
 * on both sides on two rows at least, and lines of two or three words or more; a gap right of
 * which the rows start with amounts, or hold quantities and amounts, is a column of a table or of
 * prices inside a column of text. Running headers and footers are left out.
 */
export function readingOrder(rows: LayoutRow[], format: NumberFormat): FlowLine[] {
  const lines: FlowLine[] = [];
  let block = 0;
  for (const page of [...new Set(rows.map((row) => row.page))]) {
    const pageRows = rows.filter((row) => row.page === page && !row.furniture);
    const bands = pageBands(pageRows, format);
    block += 1;
    let fullWidth = false;
    for (let index = 0; index < pageRows.length; ) {
      const band = bands.find((candidate) => candidate.first === index);
      if (!band) {
        if (!fullWidth) block += 1;
        fullWidth = true;
        lines.push({ ...pageRows[index], block, column: 0, columns: 1 });
        index += 1;
        continue;
      }
      fullWidth = false;
      const columns = bandLines(pageRows, band);
      columns.forEach((column, number) => {
        block += 1;
        for (const line of column) lines.push({ ...line, block, column: number, columns: columns.length });
      });
      index = band.last + 1;
    }
  }
  return lines;
}
