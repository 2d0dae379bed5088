import type { Word } from '../contracts/document.js';
import { wordsBox } from './boxes.js';
import { gapBefore, inRowHeights, rowHeightsToX, type LayoutRow } from './rows.js';

/**
 * Pre-printed forms (proposal pads, tax forms, checks) rule money columns into a dollars cell and
 * a cents cell, with no decimal point between them: "1,007 | 71" is 1,007.71. Such a pair is told
 * by the page's grid, not by one row: at least three rows print a whole number right-aligned at the
 * same edge and two digits right-aligned at another edge just after it.
 */

const DOLLARS = /^\$?\d{1,3}(?:([,. ])\d{3})*$|^\$?\d+$/;
const CENTS = /^\d{2}$/;
/** The cents cell starts within this many row heights after the dollars (the rule between them and its padding). */
const MAX_PAIR_GAP = 2.5;
/** Edges of one column align within this many row heights. */
const EDGE_TOLERANCE = 0.35;
const MIN_GRID_ROWS = 3;

interface Pair {
  row: LayoutRow;
  dollars: number;
  cents: number;
}

function pairsOf(row: LayoutRow): Pair[] {
  const pairs: Pair[] = [];
  row.words.forEach((word, index) => {
    const next = row.words[index + 1];
    const before = row.words[index - 1];
    if (!next || !DOLLARS.test(word.text) || !CENTS.test(next.text)) return;
    if (inRowHeights(row, next.bbox[0] - word.bbox[2]) > MAX_PAIR_GAP) return;
    // "09 91 23": a code printed in groups of digits, not an amount.
    if (before && /^\d+$/.test(before.text) && inRowHeights(row, word.bbox[0] - before.bbox[2]) <= MAX_PAIR_GAP) return;
    const after = row.words[index + 2];
    if (after && /^\d/.test(after.text) && inRowHeights(row, after.bbox[0] - next.bbox[2]) <= MAX_PAIR_GAP) return;
    // "250.050  60 in. acrylic bathtub": two digits opening a text that runs on closer than they stand from the number before them, not cents.
    if (after && /\p{L}/u.test(after.text) && gapBefore(row, index + 2) < gapBefore(row, index + 1)) return;
    pairs.push({ row, dollars: index, cents: index + 1 });
  });
  return pairs;
}

const rightEdge = (pair: Pair, which: 'dollars' | 'cents'): number => pair.row.words[pair[which]].bbox[2];

const tolerance = (pair: Pair): number => rowHeightsToX(pair.row, EDGE_TOLERANCE);
/** `other`'s cents end at `pair`'s edge: the same column. */
const sameCentsEdge = (pair: Pair, other: Pair): boolean => Math.abs(rightEdge(other, 'cents') - rightEdge(pair, 'cents')) <= tolerance(pair);
const gapOf = (pair: Pair): number => pair.row.words[pair.cents].bbox[0] - rightEdge(pair, 'dollars');

/** Rows of the pairs printed in the same column as `pair` (dollars and cents right-aligned with its own). */
function rowsAlignedWith(pair: Pair, pairs: Pair[]): number {
  const aligned = pairs.filter(
    (other) => sameCentsEdge(pair, other) && Math.abs(rightEdge(other, 'dollars') - rightEdge(pair, 'dollars')) <= tolerance(pair),
  );
  return new Set(aligned.map((other) => other.row)).size;
}

/**
 * Pairs of the grid: those of a column printed on at least three rows, and those of a shorter column
 * (the unit prices of two items) ruled the same way, their cents as far from their dollars.
 */
function gridPairs(pairs: Pair[]): Pair[] {
  const columns = pairs.filter((pair) => rowsAlignedWith(pair, pairs) >= MIN_GRID_ROWS);
  if (columns.length === 0) return [];
  const ruledAlike = (pair: Pair): boolean => rowsAlignedWith(pair, pairs) >= 2 && columns.some((other) => Math.abs(gapOf(other) - gapOf(pair)) <= tolerance(pair));
  return pairs.filter((pair) => columns.includes(pair) || ruledAlike(pair));
}

function joined(dollars: Word, cents: Word, decimal: string): Word {
  return {
    text: `${dollars.text}${decimal}${cents.text}`,
    bbox: wordsBox([dollars, cents]) ?? dollars.bbox,
    source: dollars.source,
    confidence: Math.min(dollars.confidence, cents.confidence),
  };
}

/** Row heights above a column's first pair where its header stands. */
const HEADER_REACH = 4;

/**
 * A label printed over the cents cells alone ("Qty" over "12" beside "No" over "1"), in the rows
 * just above the column's first pair: two columns, no cents.
 */
function labelledApart(pair: Pair, grid: Pair[], rows: LayoutRow[]): boolean {
  const column = grid.filter((other) => other.row.page === pair.row.page && sameCentsEdge(pair, other));
  const first = column.reduce((top, other) => (other.row.top < top.row.top ? other : top), pair);
  const dollars = first.row.words[first.dollars].bbox;
  const cents = first.row.words[first.cents].bbox;
  const slack = tolerance(first);
  const reach = first.row.top - HEADER_REACH * first.row.height;
  return rows.some(
    (row) =>
      row.top < first.row.top &&
      row.top >= reach &&
      row.words.some((word) => /\p{L}/u.test(word.text) && word.bbox[0] >= dollars[2] - slack && word.bbox[0] <= cents[2] + slack && word.bbox[2] <= cents[2] + 3 * slack),
  );
}

/** Money, not counts: a dollars cell grouped in thousands or of four digits, or a round amount ("00"). */
const moneyEvidence = (pairs: Pair[]): boolean =>
  pairs.some((pair) => /\d[,. ]\d{3}$|\d{4}/.test(pair.row.words[pair.dollars].text) || pair.row.words[pair.cents].text === '00');

/**
 * The page's rows with each dollars | cents pair of a ruled money grid read as one amount word.
 * `remake` builds a row from its new words.
 */
export function withCentsCellsJoined(rows: LayoutRow[], remake: (row: LayoutRow, words: Word[]) => LayoutRow): LayoutRow[] {
  const found = gridPairs(rows.flatMap(pairsOf));
  const grid = found.filter((pair) => !labelledApart(pair, found, rows));
  if (grid.length === 0 || !moneyEvidence(grid)) return rows;
  const dottedThousands = grid.some((pair) => DOLLARS.exec(pair.row.words[pair.dollars].text)?.[1] === '.');
  const decimal = dottedThousands ? ',' : '.';
  const byRow = new Map<LayoutRow, Pair[]>();
  for (const pair of grid) byRow.set(pair.row, [...(byRow.get(pair.row) ?? []), pair]);
  return rows.map((row) => {
    const pairs = byRow.get(row);
    if (!pairs) return row;
    const words: Word[] = [];
    row.words.forEach((word, index) => {
      const pair = pairs.find((candidate) => candidate.dollars === index);
      if (pair) words.push(joined(word, row.words[pair.cents], decimal));
      else if (!pairs.some((candidate) => candidate.cents === index)) words.push(word);
    });
    return remake(row, words);
  });
}
