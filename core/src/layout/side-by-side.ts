import type { Word } from '../contracts/document.js';
import { foldWord, ocrFold } from './text.js';
import { groupWordsIntoRows, makeRow, rowGap, startsCell, type LayoutRow } from './rows.js';

/**
 * Tables printed side by side ("Interior" left, "Exterior" right, each with its own columns)
 * share their rows on the page: read row by row, each row would join an item of one table to an
 * item of the other. A header row that prints the same column headings twice, left and right of
 * a gap no word of the rows below crosses, marks two such tables; their rows are cut at that gap
 * and read as two runs of rows, the left one first, as a reader reads them.
 */

/** Headings a repeated header needs on each side. */
const MIN_HEADER_WORDS = 3;
/** Share of the headings that must read the same on both sides (OCR misreads a letter here and there). */
const MIN_SAME_SHARE = 0.8;
/** Rows with words on both sides of the cut a run of side-by-side rows needs below its header. */
const MIN_TWO_SIDED_ROWS = 3;
/** A title over both tables ("INTERIOR" over one, "EXTERIOR" over the other) lies this close above the header, in row heights. */
const MAX_TITLE_GAP = 2;

const sameHeading = (a: Word, b: Word): boolean => ocrFold(foldWord(a.text)) === ocrFold(foldWord(b.text));

/** Where a row prints its headings twice: the x of the gap between the two copies, or null. */
function repeatedHeaderCut(row: LayoutRow): number | null {
  const { words } = row;
  if (words.length % 2 !== 0 || words.length < 2 * MIN_HEADER_WORDS) return null;
  const half = words.length / 2;
  if (!startsCell(row, half)) return null;
  const same = words.slice(0, half).filter((word, index) => sameHeading(word, words[half + index])).length;
  if (same < MIN_SAME_SHARE * half || !words.some((word) => /\p{L}{2}/u.test(word.text))) return null;
  return (words[half - 1].bbox[2] + words[half].bbox[0]) / 2;
}

const crosses = (row: LayoutRow, x: number): boolean => row.words.some((word) => word.bbox[0] < x && word.bbox[2] > x);
const twoSided = (row: LayoutRow, x: number): boolean => row.words.some((word) => word.bbox[2] < x) && row.words.some((word) => word.bbox[0] > x);

/** The rows of one page from `first` to `last` cut at `x`: the left side's rows top to bottom, then the right side's. */
function cutRows(rows: LayoutRow[], first: number, last: number, x: number): LayoutRow[] {
  const sides: Word[][] = [[], []];
  const rowOf = new Map<Word, LayoutRow>();
  for (const row of rows.slice(first, last + 1)) {
    for (const word of row.words) {
      sides[(word.bbox[0] + word.bbox[2]) / 2 > x ? 1 : 0].push(word);
      rowOf.set(word, row);
    }
  }
  return sides.flatMap((words) =>
    groupWordsIntoRows(words).map((lineWords) => {
      const source = rowOf.get(lineWords[0])!;
      return { ...makeRow(source.page, source.aspect, lineWords), space: source.space };
    }),
  );
}

/** Rows on one side only, this far (in row heights) under the rows above them, are the page's foot (a footer, a note), not the tables'. */
const DETACHED_GAP = 3;

/** The last row of the run: it ends before a row on one side only that sits far under the row above it. */
function withoutDetachedEnd(rows: LayoutRow[], header: number, last: number, x: number): number {
  for (let index = header + 1; index <= last; index += 1) {
    if (!twoSided(rows[index], x) && rowGap(rows[index - 1], rows[index]) > DETACHED_GAP) return index - 1;
  }
  return last;
}

/** One page's rows with every run of side-by-side tables read left side first. */
function pageInReadingOrder(rows: LayoutRow[]): LayoutRow[] {
  for (let header = 0; header < rows.length; header += 1) {
    const x = rows[header].furniture ? null : repeatedHeaderCut(rows[header]);
    if (x === null) continue;
    let last = header;
    while (last + 1 < rows.length && !rows[last + 1].furniture && !crosses(rows[last + 1], x)) last += 1;
    last = withoutDetachedEnd(rows, header, last, x);
    if (rows.slice(header + 1, last + 1).filter((row) => twoSided(row, x)).length < MIN_TWO_SIDED_ROWS) continue;
    let first = header;
    while (first > 0 && !rows[first - 1].furniture && !crosses(rows[first - 1], x) && rowGap(rows[first - 1], rows[first]) < MAX_TITLE_GAP) first -= 1;
    return [...rows.slice(0, first), ...cutRows(rows, first, last, x), ...pageInReadingOrder(rows.slice(last + 1))];
  }
  return rows;
}

/** The document's rows with tables printed side by side read one after the other (left first), rows renumbered. */
export function withSideBySideTablesApart(rows: LayoutRow[]): LayoutRow[] {
  const pages = [...new Set(rows.map((row) => row.page))];
  const ordered = pages.flatMap((page) => pageInReadingOrder(rows.filter((row) => row.page === page)));
  if (ordered.length === rows.length && ordered.every((row, index) => row === rows[index])) return rows;
  ordered.forEach((row, index) => (row.index = index));
  return ordered;
}
