import { cents, roundCents } from '../numbers.js';
import { editDistance } from '../text.js';

/**
 * A table's own arithmetic as a check on OCR: where a line's parts do not make its total (or a
 * column does not make its printed sum), the one value whose correct reading is a likely OCR
 * misreading of what was read is put right. Only values read by OCR are changed, and only when
 * exactly one of them can be the misread one.
 */

/** Digit pairs tesseract confuses in small or faint print; any other digit costs more. */
const CONFUSED_DIGITS = new Set(['08', '06', '09', '68', '69', '89', '38', '35', '56', '58', '17', '14', '19', '47', '48', '49', '27', '23', '13']);
const confused = (a: string, b: string): boolean => CONFUSED_DIGITS.has(a < b ? `${a}${b}` : `${b}${a}`);

/** A misreading costs at most this much: two confused digits, or one other digit. */
const MAX_MISREAD_COST = 2;

/**
 * How far `read` is from `actual` as an OCR misreading: 0 when equal; for the same number of digits
 * (at cents), 1 per pair of confused digits (0/8/6/9, 3/5/8, 1/7/4 …) and 1.5 per other digit; 1.5
 * for one digit dropped or added; 1 for a lost decimal point (`70890` for 708.90) or a decimal point
 * one place off. `Infinity` when `read` is no likely misreading of `actual`.
 */
export function misreadCost(read: number, actual: number): number {
  if (cents(read) === cents(actual)) return 0;
  if (read < 0 || actual < 0) return Number.POSITIVE_INFINITY;
  if (Number.isInteger(read) && (cents(read / 100) === cents(actual) || cents(read / 10) === cents(actual))) return 1;
  if (cents(read * 10) === cents(actual) || cents(read / 10) === cents(actual)) return 1;
  const [a, b] = [read.toFixed(2).replace('.', ''), actual.toFixed(2).replace('.', '')];
  if (a.length !== b.length) return a.length - b.length === 1 || b.length - a.length === 1 ? (editDistance(a, b, 1) === 1 ? 1.5 : Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
  let cost = 0;
  for (let index = 0; index < a.length && cost <= MAX_MISREAD_COST; index += 1) {
    if (a[index] !== b[index]) cost += confused(a[index], b[index]) ? 1 : 1.5;
  }
  return cost <= MAX_MISREAD_COST ? cost : Number.POSITIVE_INFINITY;
}

/** One value of an equation: what was read, and whether it may be repaired (an OCR read not yet checked). */
export interface ArithmeticTerm {
  value: number;
  repairable: boolean;
}

/** A value put right: its index among the terms and its corrected value. */
export interface ArithmeticRepair {
  index: number;
  value: number;
  /** How far the read value was from the corrected one (`misreadCost`). */
  cost: number;
}

/** The single cheapest repair among candidates; null when none, or when two are equally cheap. */
function cheapest(candidates: ArithmeticRepair[]): ArithmeticRepair | null {
  const finite = candidates.filter((candidate) => Number.isFinite(candidate.cost)).sort((a, b) => a.cost - b.cost);
  if (finite.length === 0 || (finite.length > 1 && finite[1].cost === finite[0].cost)) return null;
  return finite[0];
}

/**
 * `parts` should add up to `total`. When they do not, the one repairable term (a part or the total,
 * index `parts.length`) whose value making the sum hold is a likely OCR misreading of what was
 * read; null when the sum holds, or no single term (or more than one, equally likely) explains it.
 */
export function repairSum(parts: ArithmeticTerm[], total: ArithmeticTerm): ArithmeticRepair | null {
  const sum = parts.reduce((acc, part) => acc + part.value, 0);
  if (cents(sum) === cents(total.value)) return null;
  const candidates: ArithmeticRepair[] = parts.flatMap((part, index) => {
    if (!part.repairable) return [];
    const value = roundCents(total.value - (sum - part.value));
    return value < 0 ? [] : [{ index, value, cost: misreadCost(part.value, value) }];
  });
  if (total.repairable) candidates.push({ index: parts.length, value: roundCents(sum), cost: misreadCost(total.value, sum) });
  return cheapest(candidates);
}

/**
 * `quantity × price` should make `amount` (terms 0, 1 and 2). When it does not, the one repairable
 * term whose value making the product hold (a quantity or price at cents, an amount) is a likely OCR
 * misreading of what was read.
 */
export function repairProduct(quantity: ArithmeticTerm, price: ArithmeticTerm, amount: ArithmeticTerm): ArithmeticRepair | null {
  if (cents(quantity.value * price.value) === cents(amount.value)) return null;
  const candidates: ArithmeticRepair[] = [];
  const exactQuotient = (dividend: number, divisor: number): number | null => {
    if (divisor <= 0) return null;
    const value = roundCents(dividend / divisor);
    return cents(value * divisor) === cents(dividend) ? value : null;
  };
  const terms: Array<[ArithmeticTerm, number | null]> = [
    [quantity, exactQuotient(amount.value, price.value)],
    [price, exactQuotient(amount.value, quantity.value)],
    [amount, roundCents(quantity.value * price.value)],
  ];
  terms.forEach(([term, value], index) => {
    if (term.repairable && value !== null && value > 0) candidates.push({ index, value, cost: misreadCost(term.value, value) });
  });
  return cheapest(candidates);
}
