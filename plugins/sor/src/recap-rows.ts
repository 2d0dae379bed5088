import type { Word } from '@docsift/core';
import {
  cents,
  parseAmount,
  parsePercent,
  joinWords,
  splitRow,
  type CellValue,
  type LayoutRow as Row,
  type NumberFormat,
  type TableColumn,
} from '@docsift/core/layout';

/** The recap's rows made ready to read (running totals and progress sums left out), and the amounts read off them. */

/**
 * A markups table may print a running total after each line's amount ("General Conditions 12%
 * 3,112.71  29,051.95"): the last amount is the running total when it is the previous line's
 * plus this line's. The rows from `start` on are given without their running totals.
 */
export function withoutRunningTotals(rows: Row[], start: number, format: NumberFormat): Row[] {
  let previous: number | null = null;
  return rows.map((row, index) => {
    if (index < start) return row;
    const amounts = row.words.filter((word) => !/%/.test(word.text) && parseAmount(word.text, format)?.moneyLike);
    const values = amounts.map((word) => parseAmount(word.text, format)!.value);
    const last = values.length > 0 ? values[values.length - 1] : null;
    const running = values.length >= 2 && previous !== null && cents(previous + values[values.length - 2]) === cents(last!);
    if (last !== null) previous = last;
    return running ? { ...row, words: row.words.filter((word) => word !== amounts[amounts.length - 1]) } : row;
  });
}

/**
 * Recap rows printed under the cost table's columns with several amounts (a draw's "SUBTOTAL
 * 41,283.14  14,986.61 … 3,020.87" under Scheduled Value … Retainage) keep the one in the table's
 * line-amount column: the others are progress sums, not the recap's amounts.
 */
export function inLineAmountColumn(rows: Row[], start: number, format: NumberFormat, columns: TableColumn[] | undefined): Row[] {
  const amount = columns?.findIndex((column) => column.role === 'amount') ?? -1;
  if (!columns || amount < 0) return rows;
  return rows.map((row, index) => {
    const money = index < start ? [] : row.words.filter((word) => parseAmount(word.text, format)?.moneyLike);
    if (money.length < 2) return row;
    const kept = splitRow(row, columns, format).cells[amount].filter((word) => money.includes(word));
    return kept.length === 1 ? { ...row, words: row.words.filter((word) => !money.includes(word) || word === kept[0]) } : row;
  });
}

/** The last amount at or right of `x` that looks like money (or the only number there), percentages aside. */
export function amountRightOf(words: Word[], x: number, format: NumberFormat): CellValue<number> | null {
  const candidates = words.filter((word) => word.bbox[0] >= x && !/%/.test(word.text));
  for (let index = candidates.length - 1; index >= 0; index -= 1) {
    const parsed = parseAmount(candidates[index].text, format);
    if (parsed && (parsed.moneyLike || candidates.length === 1)) {
      return { value: parsed.value, words: [candidates[index]], quality: parsed.repaired ? 0.8 : 1 };
    }
  }
  return null;
}

/** The amount printed just before a label that opens its row's text ("29,078.12  Cost of work"): the row's first and only word before it. */
export function amountBefore(row: Row, labelStart: number, format: NumberFormat): CellValue<number> | null {
  if (labelStart !== 1) return null;
  const parsed = parseAmount(row.words[0].text, format);
  return parsed?.moneyLike ? { value: parsed.value, words: [row.words[0]], quality: parsed.repaired ? 0.8 : 1 } : null;
}

export interface RecapValue extends CellValue<number> {
  page: number;
}

/** A priced recap line with no recap label (permits, fees) printed between the subtotal and the grand total, or after it. */
export interface RecapLine {
  label: string;
  value: RecapValue;
}

/** An unlabelled priced line of the recap: text on the left and one amount on the right, or the amount first. */
export function unlabelledLine(row: Row, format: NumberFormat): RecapLine | null {
  const amount = amountRightOf(row.words, 0, format);
  const before = row.words.filter((word) => word.bbox[2] < (amount?.words[0].bbox[0] ?? 0));
  // An amount printed before its label ("3,005.31  Contingency reserve (10%)"): the words after it are the label.
  const label = before.length > 0 || !amount ? before : row.words.filter((word) => word.bbox[0] > amount.words[0].bbox[2]);
  if (!amount || label.length === 0 || !label.some((word) => /[A-Za-z]{3}/.test(word.text))) return null;
  return { label: label.map((word) => word.text).join(' '), value: { ...amount, page: row.page } };
}

/** Recap lines named by letter or number in brackets ("(A through D)", "(lines 1-4)", "(A+B+C)"): what a total adds up, no section. */
const LINE_RANGE = /^\((?:lines?\s+)?[a-z0-9]{1,2}(?:\s*(?:through|thru|to|and|[-–+,&])\s*[a-z0-9]{1,2})+\)$/i;

export function withoutLineRange(words: Word[]): Word[] {
  const open = words.findIndex((word) => word.text.startsWith('('));
  const close = words.findIndex((word, index) => index >= open && word.text.endsWith(')'));
  return open >= 0 && close >= 0 && LINE_RANGE.test(joinWords(words.slice(open, close + 1))) ? [...words.slice(0, open), ...words.slice(close + 1)] : words;
}

/**
 * Whether the row's amount is the rate it prints taken of `base`, to the cent ("GENERAL REQUIREMENTS 8%
 * 7,929.54" on a cost of work of 99,119.28): a markup on the subtotal, whatever else its label names.
 */
export function marksUp(row: Row, base: number | undefined, format: NumberFormat): boolean {
  const rate = row.words.map((word) => parsePercent(word.text, format)).find((value): value is number => value !== null);
  const amount = amountRightOf(row.words, 0, format);
  return base !== undefined && rate !== undefined && amount !== null && Math.abs(cents(base * rate) / 100 - cents(amount.value)) <= 1;
}

/** A row's text with the apostrophes that group an amount's thousands closed up ("90'735.23" → "90735.23"): no group of it is a section's number. */
export const withoutApostropheGroups = (text: string): string => text.replace(/(\d)['’](?=\d{3}\b)/g, '$1');
