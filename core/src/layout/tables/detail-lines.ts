import type { Word } from '../../contracts/document.js';
import { parseAmount, parseQuantity, type NumberFormat } from '../numbers.js';
import type { LayoutRow } from '../rows.js';
import { isKnownUnit, parseUnit } from '../units.js';

/**
 * A line that prints how a line's amount came about: a quantity (a count or a weight) and a unit
 * price, as till receipts and some invoices print under or above the item ("0,792 kg x 2,49 EUR/kg",
 * "4 Stk x 0,79", "2 @ 1.99", "0,180 kg   1,89 €/kg   0,34"). The line may end with the item's amount.
 */
export interface DetailLine {
  quantity: Word[];
  unit: Word[];
  unitPrice: Word[];
  /** The item's amount when the detail line prints it too. */
  amount: Word[];
}

const TIMES = /^(x|×|\*|@|a|à|á|je|per)$/i;
/** A unit price's unit after its currency ("EUR/kg", "€/kg", "/St"). */
const PER_UNIT = /^([€$£]|eur|usd|gbp)?\/\p{L}{1,4}\.?$/iu;
const CURRENCY = /^([€$£]|eur|usd|gbp|chf)$/i;

/** Reads a row as a detail line; null when any of its words does not fit the pattern. */
export function readDetailLine(row: LayoutRow, format: NumberFormat): DetailLine | null {
  const words = row.words;
  const quantity = words[0] ? parseQuantity(words[0].text, format) : null;
  if (!quantity) return null;
  let index = 1;
  const unit: Word[] = [];
  if (words[index] && parseUnit(words[index].text) !== null && isKnownUnit(words[index].text.replace(/\.$/, ''))) unit.push(words[index++]);
  const sawTimes = words[index] !== undefined && TIMES.test(words[index].text);
  if (sawTimes) index += 1;
  const price = words[index] ? parseAmount(words[index].text.replace(/\/\p{L}+\.?$/u, ''), format) : null;
  if (!price) return null;
  const unitPrice = [words[index++]];
  while (words[index] && (CURRENCY.test(words[index].text) || PER_UNIT.test(words[index].text))) unitPrice.push(words[index++]);
  // Without a sign between them, two numbers are a detail line only when a unit says what the first counts.
  if (!sawTimes && unit.length === 0 && !unitPrice.some((word) => PER_UNIT.test(word.text))) return null;
  const rest = words.slice(index);
  if (rest.length > 1) return null;
  const amount = rest.length === 1 && parseAmount(rest[0].text, format) ? rest : [];
  if (rest.length === 1 && amount.length === 0) return null;
  return { quantity: [words[0]], unit, unitPrice, amount };
}
