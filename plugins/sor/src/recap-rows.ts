import {
  cents,
  parseAmount,
  splitRow,
  type LayoutRow as Row,
  type NumberFormat,
  type TableColumn,
} from '@docsift/core/layout';

/** The recap's rows made ready to read: running totals and progress sums left out. */

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
