import type { Word } from '../contracts/document.js';
import { makeRow, type LayoutRow } from './rows.js';

/**
 * A spreadsheet printed with its row and column headings (Excel's "Print row and column
 * headings") prints the column letters (`A  B  C …`) over the grid and each row's number in a
 * gutter at its left: neither is part of the data. A sheet too wide for the paper prints its
 * columns in parts, each part on pages of its own ("down, then over" or "over, then down"); the
 * row numbers say which rows of one part the rows of another continue. The letters row and the
 * gutter are taken out, and the rows of a later part are joined to the rows of the first part with
 * the same numbers, their words set to the right of that page's words, so the sheet reads as one
 * wide table.
 */

/** A row of column letters has at least this many words (`F G`, `A B C`, `Z AA AB`). */
const MIN_LETTERS = 2;
/** Where OCR misread some (`A 8 c F H`), at least this many read as capital letters going up. */
const MIN_RISING_LETTERS = 3;
/** Share of the row's words those letters must be. */
const MIN_LETTERS_SHARE = 0.4;
/** Rows at the top of a page where the letters row may stand (under a running header). */
const LETTERS_ROW_REACH = 4;
/** Numbered rows a page needs to be read as a printed sheet. */
const MIN_NUMBERED_ROWS = 3;
/** Share of the numbers that must go up in order (OCR may misread one here and there). */
const MIN_RISING_SHARE = 0.7;
/** Share of a later part's numbered rows that must be found on the page it continues. */
const MIN_SHARED_SHARE = 0.6;

/** `A` → 1, `Z` → 26, `AA` → 27: a spreadsheet's column letters as numbers; null for anything else. */
function columnNumber(text: string): number | null {
  if (!/^[A-Z]{1,2}$/.test(text)) return null;
  return [...text].reduce((value, letter) => value * 26 + letter.charCodeAt(0) - 64, 0);
}

/** The longest run of numbers going up that `numbers` hold in order. */
function longestRise(numbers: number[]): number {
  const ends: number[] = [];
  for (const number of numbers) {
    const at = ends.findIndex((end) => end >= number);
    if (at < 0) ends.push(number);
    else ends[at] = number;
  }
  return ends.length;
}

/** A row of column letters: short words only, all of them letters going up, or enough of them (OCR misreads some: `A 8 c F H`, `A B D B F`). */
function isLettersRow(row: LayoutRow): boolean {
  if (row.words.length < MIN_LETTERS || row.words.some((word) => word.text.length > 2)) return false;
  const rise = longestRise(row.words.flatMap((word) => columnNumber(word.text) ?? []));
  return rise === row.words.length || (rise >= MIN_RISING_LETTERS && rise >= MIN_LETTERS_SHARE * row.words.length);
}

/**
 * Every sheet row prints its number, so the gutter counts up by one from row to row (a wrapped
 * line prints none; the header row repeated at the top of a page jumps). A number that does not
 * fit between its neighbours was misread; misread ones between two read ones are counted in when
 * as many rows stand between them as the numbers say, and so are those after the last one read.
 */
function repairedNumbers(read: Array<number | null>): Array<number | null> {
  const known = (from: number, step: number): number | null => {
    for (let at = from; at >= 0 && at < read.length; at += step) if (read[at] !== null) return read[at];
    return null;
  };
  const numbers = read.map((number, at) => {
    const [before, after] = [known(at - 1, -1), known(at + 1, 1)];
    return number !== null && (before === null || number > before) && (after === null || number < after) ? number : null;
  });
  let last = -1;
  numbers.forEach((number, at) => {
    if (number === null) return;
    if (last >= 0 && at - last > 1 && number - numbers[last]! === at - last) for (let gap = last + 1; gap < at; gap += 1) numbers[gap] = numbers[last]! + gap - last;
    last = at;
  });
  // Rows after the last number read go on counting: the page ends on them.
  for (let at = last + 1; last >= 0 && at < numbers.length; at += 1) numbers[at] = numbers[last]! + at - last;
  return numbers;
}

/** One page of a printed sheet: its rows with their printed row numbers. */
interface SheetPage {
  page: number;
  /** The rows under the letters row without their gutter word, each with its printed row number (null for a wrapped line or one OCR misread). */
  rows: Array<{ row: LayoutRow; number: number | null }>;
  /** Left edge of the row-number gutter. */
  gutterLeft: number;
  /** The rows above the letters row (a running header). */
  above: LayoutRow[];
}

const withWords = (row: LayoutRow, words: Word[]): LayoutRow => ({ ...makeRow(row.page, row.aspect, words), furniture: row.furniture, space: row.space });

const ROW_NUMBER = /^\d{1,5}$/;
/** A word OCR read in the gutter for a row number (`i` for `11`, a speck). */
const GUTTER_WORD = /^\S{1,3}$/;

/**
 * Reads a page as a printed sheet: a letters row at the top and, under it, row numbers going up at
 * the left of the rows, left of the first column's letter. A number OCR misread between two read
 * ones is the one between them.
 */
function readSheetPage(rows: LayoutRow[]): SheetPage | null {
  const letters = rows.slice(0, LETTERS_ROW_REACH).find(isLettersRow);
  if (!letters) return null;
  const under = rows.slice(rows.indexOf(letters) + 1);
  const gutterRight = letters.words[0].bbox[0];
  const inGutter = under.map((row) => row.words[0].bbox[2] < gutterRight && GUTTER_WORD.test(row.words[0].text));
  // The row right under the letters is numbered too (the sheet's first row or its header repeated): item numbers under a form's column letters are not.
  if (!inGutter[0]) return null;
  const gutter = under.filter((_, index) => inGutter[index]);
  const printed = gutter.map((row) => (ROW_NUMBER.test(row.words[0].text) ? Number(row.words[0].text) : null));
  const numbers = printed.flatMap((number) => number ?? []);
  if (numbers.length < MIN_NUMBERED_ROWS || longestRise(numbers) < MIN_RISING_SHARE * numbers.length) return null;
  const gutterLeft = Math.min(...gutter.map((row) => row.words[0].bbox[0]));
  const numbered = repairedNumbers(printed);
  const repaired = new Map(gutter.map((row, index) => [row, numbered[index]]));
  return {
    page: letters.page,
    rows: under.map((row) => (repaired.has(row) ? { number: repaired.get(row)!, row: withWords(row, row.words.slice(1)) } : { number: null, row })),
    gutterLeft,
    above: rows.slice(0, rows.indexOf(letters)),
  };
}

const rightEdge = (rows: LayoutRow[]): number => Math.max(0, ...rows.flatMap((row) => row.words.map((word) => word.bbox[2])));

const numbersOf = (sheet: SheetPage): number[] => sheet.rows.flatMap((entry) => entry.number ?? []);

/** The earlier page whose rows `sheet` goes on to the right of: the one sharing the most row numbers, when it shares most of them. */
function continuedPage(sheet: SheetPage, bases: SheetPage[]): SheetPage | null {
  const numbers = new Set(numbersOf(sheet));
  let best: { base: SheetPage; shared: number } | null = null;
  for (const base of bases) {
    const shared = numbersOf(base).filter((number) => numbers.has(number)).length;
    if (!best || shared > best.shared) best = { base, shared };
  }
  return best && best.shared >= MIN_SHARED_SHARE * numbers.size ? best.base : null;
}

/**
 * Joins each row of `part` to the row of `base` with the same number: its words set right of the
 * base page's words (the gutter's width apart) at that row's height. The rows of `part` that no row
 * of `base` continues stay on its page.
 */
function joinPart(base: SheetPage, part: SheetPage): LayoutRow[] {
  const shift = rightEdge(base.rows.map((entry) => entry.row)) - part.gutterLeft;
  const left: LayoutRow[] = [];
  for (const entry of part.rows) {
    const target = base.rows.find((candidate) => entry.number !== null && candidate.number === entry.number);
    if (!target) {
      left.push(entry.row);
      continue;
    }
    const lift = (target.row.top + target.row.bottom) / 2 - (entry.row.top + entry.row.bottom) / 2;
    const moved = entry.row.words.map((word): Word => ({ ...word, bbox: [word.bbox[0] + shift, word.bbox[1] + lift, word.bbox[2] + shift, word.bbox[3] + lift] }));
    if (moved.length > 0) target.row = withWords(target.row, [...target.row.words, ...moved]);
  }
  return left;
}

/** The rows with a printed sheet's headings taken out and its column parts joined row by row. */
export function withSheetPagesJoined(rows: LayoutRow[]): LayoutRow[] {
  const pages = [...new Set(rows.map((row) => row.page))];
  const byPage = new Map(pages.map((page) => [page, rows.filter((row) => row.page === page)]));
  const sheets = new Map<number, SheetPage>();
  for (const page of pages) {
    const sheet = readSheetPage(byPage.get(page)!);
    if (sheet) sheets.set(page, sheet);
  }
  if (sheets.size === 0) return rows;
  const bases: SheetPage[] = [];
  const kept = new Map<number, LayoutRow[]>();
  for (const sheet of sheets.values()) {
    const base = continuedPage(sheet, bases);
    if (base) kept.set(sheet.page, joinPart(base, sheet));
    else bases.push(sheet);
  }
  const result = pages.flatMap((page) => {
    const sheet = sheets.get(page);
    if (!sheet) return byPage.get(page)!;
    const own = kept.get(page) ?? sheet.rows.map((entry) => entry.row);
    return [...sheet.above, ...own].filter((row) => row.words.length > 0);
  });
  return result.map((row, index) => ({ ...row, index }));
}
