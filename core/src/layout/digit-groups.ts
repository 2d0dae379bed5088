import type { Word } from '../contracts/document.js';
import { joinWords, wordsBox } from './boxes.js';
import { parseAmount } from './numbers.js';
import { gapBefore, type LayoutRow } from './rows.js';

/**
 * Amounts grouped in thousands by a space ("1 234,50", "12 480.00") reach the reader as one word
 * per group ("1", "234,50"). Whether a document groups its digits that way is decided once for the
 * whole document, by evidence: at least two such amounts with cents, and no more amounts grouped by
 * a comma or a period ("1,234.50", "1.234,50"). Then every group run set one word space apart is
 * one number again, quantities included ("1 450,00"); elsewhere "2 450.00" stays a count and a price, and
 * so it does anywhere another amount of its row is the count times the price ("2 450.00  900.00").
 */

const LEAD_GROUP = /^[-−(]?[$€£]?\d{1,3}$/;
const THOUSANDS_GROUP = /^\d{3}$/;
const LAST_GROUP = /^\d{3}([.,]\d{1,4})?\)?-?$/;
const SPACED_WITH_CENTS = /^[-−(]?[$€£]?\d{1,3}( \d{3})+[.,]\d{2}\)?-?$/;
const SEPARATOR_GROUPED = /^[-−(]?[$€£]?\d{1,3}([.,]\d{3})+([.,]\d{2})?\)?-?$/;
const MIN_SPACED_AMOUNTS = 2;
/** Groups of one number stand at most this many word spaces apart (a cell gap is wider). */
const GROUP_SPACES = 2;

/**
 * Whether two groups are a count and a unit price instead ("2 125.00" beside "250.00"): another amount
 * of the row is the one times the other.
 */
function countAndPrice(row: LayoutRow, start: number, end: number, close: (index: number) => boolean): boolean {
  // A group with a leading zero ("1 050,00") is a thousands group, never a price.
  if (end - start !== 2 || !/^\d{1,3}$/.test(row.words[start].text) || /^0/.test(row.words[start + 1].text)) return false;
  const decimal = /,\d{1,4}\)?-?$/.test(row.words[start + 1].text) ? ',' : '.';
  const price = parseAmount(row.words[start + 1].text, { decimal });
  if (!price) return false;
  const extended = Math.round(Number(row.words[start].text) * price.value * 100);
  // An amount's own last group ("1 340,00" beside "1 340,00") is no product.
  const alone = (index: number): boolean => index === 0 || !close(index) || !LEAD_GROUP.test(row.words[index - 1].text);
  return row.words.some((word, index) => (index < start || index >= end) && alone(index) && Math.round((parseAmount(word.text, { decimal })?.value ?? NaN) * 100) === extended);
}

/** Index ranges [start, end) of the words of a row that are one number printed in space-separated groups. */
function groupRuns(row: LayoutRow): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  const close = (index: number): boolean => gapBefore(row, index) <= GROUP_SPACES * row.space;
  for (let start = 0; start < row.words.length; start += 1) {
    if (!LEAD_GROUP.test(row.words[start].text) || (start > 0 && close(start) && /\d$/.test(row.words[start - 1].text))) continue;
    let end = start + 1;
    while (end < row.words.length && close(end) && THOUSANDS_GROUP.test(row.words[end].text)) end += 1;
    if (end < row.words.length && close(end) && LAST_GROUP.test(row.words[end].text) && !THOUSANDS_GROUP.test(row.words[end].text)) end += 1;
    else if (end === start + 1 || end < row.words.length && close(end) && /^\d/.test(row.words[end].text)) continue;
    if (countAndPrice(row, start, end, close)) continue;
    runs.push([start, end]);
    start = end - 1;
  }
  return runs;
}

function joined(words: Word[]): Word {
  return {
    text: joinWords(words),
    bbox: wordsBox(words) ?? words[0].bbox,
    source: words[0].source,
    confidence: Math.min(...words.map((word) => word.confidence)),
  };
}

/** Whether the document groups thousands with spaces: amounts with cents printed so outnumber those grouped by a separator. */
function groupsBySpace(rows: LayoutRow[], runsByRow: Array<Array<[number, number]>>): boolean {
  let spaced = 0;
  rows.forEach((row, index) => {
    for (const [start, end] of runsByRow[index]) if (SPACED_WITH_CENTS.test(joinWords(row.words.slice(start, end)))) spaced += 1;
  });
  if (spaced < MIN_SPACED_AMOUNTS) return false;
  const separated = rows.reduce((count, row) => count + row.words.filter((word) => SEPARATOR_GROUPED.test(word.text)).length, 0);
  return spaced > separated;
}

/** Each page's rows with the digit groups of one number joined into one word, where the document groups digits by spaces. */
export function withDigitGroupsJoined(rowsByPage: LayoutRow[][]): LayoutRow[][] {
  const runsByPage = rowsByPage.map((rows) => rows.map(groupRuns));
  if (!groupsBySpace(rowsByPage.flat(), runsByPage.flat())) return rowsByPage;
  return rowsByPage.map((rows, page) =>
    rows.map((row, index) => {
      const runs = runsByPage[page][index];
      if (runs.length === 0) return row;
      const words: Word[] = [];
      let next = 0;
      for (const [start, end] of runs) {
        words.push(...row.words.slice(next, start), joined(row.words.slice(start, end)));
        next = end;
      }
      words.push(...row.words.slice(next));
      return { ...row, words, text: joinWords(words) };
    }),
  );
}
