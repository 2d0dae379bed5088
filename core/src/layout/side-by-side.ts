import type { Word } from '../contracts/document.js';
import { foldWord, ocrFold } from './text.js';
import { groupWordsIntoRows, makeRow, readByOcr, rowGap, startsCell, type LayoutRow } from './rows.js';
import { columnLabels, hasValueWords, readHeaderAt } from './tables/header.js';
import { totalLabelOf } from './tables/rows.js';

/**
 * Tables printed side by side ("Interior" left, "Exterior" right, each with its own columns)
 * share their rows on the page: read row by row, each row would join an item of one table to an
 * item of the other. A header row that prints the same column headings twice (column labels of the
 * lexicon among them), left and right of a gap no word of the rows below crosses, marks two such
 * tables; their rows are cut at that gap and read as two runs of rows, the left one first, as a
 * reader reads them.
 */

/** Headings a repeated header needs on each side. */
const MIN_HEADER_WORDS = 3;
/** Share of the headings that must read the same on both sides (OCR misreads a word here and there: "#  Item" as "a  hem"). */
const MIN_SAME_SHARE = 0.6;
/** Rows with words on both sides of the cut a run of side-by-side rows needs below its header. */
const MIN_TWO_SIDED_ROWS = 3;
/** A title over both tables ("INTERIOR" over one, "EXTERIOR" over the other) lies this close above the header, in row heights. */
const MAX_TITLE_GAP = 2;

/** The headings (folded as OCR reads them) two copies of a header share in order, as pairs of indexes (OCR may drop or misread a word of either copy). */
function sharedHeadings(left: string[], right: string[]): Array<[number, number]> {
  const lengths = left.map(() => new Array<number>(right.length + 1).fill(0));
  lengths.push(new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) lengths[i][j] = left[i] === right[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const pairs: Array<[number, number]> = [];
  for (let [i, j] = [0, 0]; i < left.length && j < right.length; ) {
    if (left[i] === right[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Most the shared headings of one copy may span, as a share of how far the copies stand apart.
 * Two copies of a whole table's header stand apart by the copy and its description column: when
 * OCR lost the word over that column in both, the room before each copy still tells it. Amount
 * columns repeated under group labels stand apart by little more than one group.
 */
const MAX_SPAN_OF_OFFSET = 0.6;

/** Whether the shared headings (`pairs`, indexes into `words` from `cut`) leave room for a column before each copy. */
function roomBeforeEachCopy(words: Word[], cut: number, pairs: Array<[number, number]>): boolean {
  const offsets = pairs.map(([left, right]) => words[cut + right].bbox[0] - words[left].bbox[0]).sort((a, b) => a - b);
  const offset = offsets[Math.floor(offsets.length / 2)];
  const span = words[pairs.at(-1)![0]].bbox[2] - words[pairs[0][0]].bbox[0];
  return span <= MAX_SPAN_OF_OFFSET * offset;
}

/**
 * Where a row prints its headings twice: the gap between the two copies, or null. Each copy
 * names a description column, or, read by OCR, leaves room for one (see MAX_SPAN_OF_OFFSET): a table whose
 * amount columns repeat under group labels ("Budget: Labor  Material  Total", "Actual: Labor
 * Material  Total") has one description column.
 */
function repeatedHeaderGap(row: LayoutRow): Gap | null {
  const { words } = row;
  // Cheap tests first: every row of every page comes here.
  if (words.length < 2 * MIN_HEADER_WORDS) return null;
  const folded = words.map((word) => ocrFold(foldWord(word.text)));
  if (new Set(folded).size > words.length - MIN_HEADER_WORDS || hasValueWords(row)) return null;
  const labels = columnLabels().findAll(row);
  const descriptions = labels.filter((label) => label.value === 'description');
  let best: (Gap & { share: number }) | null = null;
  for (let cut = MIN_HEADER_WORDS; cut <= words.length - MIN_HEADER_WORDS; cut += 1) {
    if (!startsCell(row, cut)) continue;
    const pairs = sharedHeadings(folded.slice(0, cut), folded.slice(cut));
    const share = pairs.length / Math.max(cut, words.length - cut);
    if (pairs.length < MIN_HEADER_WORDS || share < MIN_SAME_SHARE || share <= (best?.share ?? 0)) continue;
    // A name or an address printed twice ("Bill To" and "Job Site" of one owner) names no column on either side.
    if (!labels.some((label) => label.end <= cut) || !labels.some((label) => label.start >= cut)) continue;
    const described = descriptions.some((label) => label.end <= cut) && descriptions.some((label) => label.start >= cut);
    if (described || (readByOcr([row]) && roomBeforeEachCopy(words, cut, pairs))) best = { from: words[cut - 1].bbox[2], to: words[cut].bbox[0], share };
  }
  return best;
}

/** The horizontal gap between the two copies of a header, page fractions. */
interface Gap {
  from: number;
  to: number;
}
/** Places tried across the gap for the cut: OCR may lose the first heading of the right copy, whose column the rows below fill. */
const CUT_TRIES = 8;

export const crosses = (row: LayoutRow, x: number): boolean => row.words.some((word) => word.bbox[0] < x && word.bbox[2] > x);
const twoSided = (row: LayoutRow, x: number): boolean => row.words.some((word) => word.bbox[2] < x) && row.words.some((word) => word.bbox[0] > x);

/** The rows of one page from `first` to `last` cut at `x`: the left side's rows top to bottom, then the right side's. */
export function cutRows(rows: LayoutRow[], first: number, last: number, x: number): LayoutRow[] {
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

/** The last row from `header` down that no word crosses at `x`. */
function lastUncrossed(rows: LayoutRow[], header: number, x: number): number {
  let last = header;
  while (last + 1 < rows.length && !rows[last + 1].furniture && !crosses(rows[last + 1], x)) last += 1;
  return last;
}

/** The first of the titles just above `header` that go with its tables, no higher than `floor`: a title prints no amount. */
function titlesAbove(rows: LayoutRow[], header: number, x: number, floor: number): number {
  let first = header;
  const isTitle = (row: LayoutRow): boolean => !row.furniture && !crosses(row, x) && !hasValueWords(row);
  while (first > floor && isTitle(rows[first - 1]) && rowGap(rows[first - 1], rows[first]) < MAX_TITLE_GAP) first -= 1;
  return first;
}

const AMOUNT_AT_END = /\d[.,]\d{2}\)?$/;

/** Whether one side's words of a row are a total row: a label saying total and an amount last ("Total Kitchen  $5,546.07", "Area total  980.00"). */
function totalsOnSide(row: LayoutRow, words: Word[]): boolean {
  if (words.length < 2 || !AMOUNT_AT_END.test(words.at(-1)!.text)) return false;
  const side = { ...makeRow(row.page, row.aspect, words), space: row.space };
  return totalLabelOf(side.words, side)?.words.some((word) => /total/i.test(word.text)) ?? false;
}

/** A table's header on the row at `index` or, under its title, on the next one. */
const headerFollows = (rows: LayoutRow[], index: number): boolean => [index, index + 1].some((at) => at < rows.length && readHeaderAt(rows, at) !== null);

/** The words of a row on one side of `x`. */
const sideOf = (row: LayoutRow, x: number, right: boolean): Word[] => row.words.filter((word) => (word.bbox[0] + word.bbox[2]) / 2 > x === right);

const bothSidesTotal = (row: LayoutRow, x: number): boolean => totalsOnSide(row, sideOf(row, x, false)) && totalsOnSide(row, sideOf(row, x, true));

/**
 * Boxes tiled across the page (a form with each room a small boxed table, two to a row) print a
 * band of tables side by side, then the next band under it: the run ends before the titles of the
 * next repeated header, or at a row where both tables print their totals when another table starts
 * on one side under it (a box by itself), which is read as printed. Where one side's table goes on
 * under the totals with no header of its own, the run goes on too (a listing printed two-up).
 */
function endOfBand(rows: LayoutRow[], header: number, last: number, x: number): number {
  for (let index = header + 1; index <= last; index += 1) {
    if (repeatedHeaderGap(rows[index]) !== null) return titlesAbove(rows, index, x, header + 1) - 1;
    if (index < last && bothSidesTotal(rows[index], x) && !twoSided(rows[index + 1], x) && headerFollows(rows, index + 1)) return index;
  }
  return last;
}

/** One page's rows with every run of side-by-side tables read left side first. */
function pageInReadingOrder(rows: LayoutRow[]): LayoutRow[] {
  for (let header = 0; header < rows.length; header += 1) {
    const gap = rows[header].furniture ? null : repeatedHeaderGap(rows[header]);
    if (gap === null) continue;
    const cut = widestCut(gap, header, (at) => lastUncrossed(rows, header, at));
    const x = cut.x;
    const last = endOfBand(rows, header, withoutDetachedEnd(rows, header, cut.last, x), x);
    if (rows.slice(header + 1, last + 1).filter((row) => twoSided(row, x)).length < MIN_TWO_SIDED_ROWS) continue;
    const first = titlesAbove(rows, header, x, 0);
    return [...rows.slice(0, first), ...cutRows(rows, first, last, x), ...pageInReadingOrder(rows.slice(last + 1))];
  }
  return rows;
}

/**
 * Where a gap between `from` and `to` is cut: of the places tried across it, the one that lets the
 * most rows under the header through (`reach` gives the last row a cut at x lets through), with that row.
 */
export function widestCut(gap: { from: number; to: number }, header: number, reach: (x: number) => number): { x: number; last: number } {
  let [x, last] = [0, header];
  for (let step = 1; step < CUT_TRIES; step += 1) {
    const candidate = gap.from + ((gap.to - gap.from) * step) / CUT_TRIES;
    const reached = reach(candidate);
    if (reached > last || x === 0) [x, last] = [candidate, reached];
  }
  return { x, last };
}

/** The document's rows read again page by page with `readPage`, renumbered where their order changed. */
export function reorderedByPage(rows: LayoutRow[], readPage: (pageRows: LayoutRow[]) => LayoutRow[]): LayoutRow[] {
  const pages = [...new Set(rows.map((row) => row.page))];
  const ordered = pages.flatMap((page) => readPage(rows.filter((row) => row.page === page)));
  if (ordered.length === rows.length && ordered.every((row, index) => row === rows[index])) return rows;
  ordered.forEach((row, index) => (row.index = index));
  return ordered;
}

/** The document's rows with tables printed side by side read one after the other (left first), rows renumbered. */
export const withSideBySideTablesApart = (rows: LayoutRow[]): LayoutRow[] => reorderedByPage(rows, pageInReadingOrder);
