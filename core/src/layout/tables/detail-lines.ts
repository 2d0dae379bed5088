import type { Word } from '../../contracts/document.js';
import { parseAmount, parseQuantity, type NumberFormat } from '../numbers.js';
import type { LayoutRow } from '../rows.js';
import { isKnownUnit, parseUnit } from '../units.js';
import { TIMES_SIGN, type TableEntry } from './model.js';

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
  return readQuantityAtPrice(row.words, format);
}

/** A price as printed, without the unit it is for ("45.00/LF"). */
const priceOf = (word: Word, format: NumberFormat) => parseAmount(word.text.replace(/\/\p{L}+\.?$/u, ''), format);

/** A unit said after "per": a known unit, or a short code OCR garbled ("per SI"), snapped later by the lines' units. */
const isUnitAfterPer = (word: Word | undefined): boolean =>
  word !== undefined && (isKnownUnit(word.text.replace(/\.$/, '')) || (word.source === 'ocr' && /^\p{Lu}[\p{L}]{0,2}\.?$/u.test(word.text)));

/** OCR's reading of a small sign it could not make out ("6¢" for "@"), before a price. */
const isGarbledSign = (word: Word | undefined, next: Word | undefined, format: NumberFormat): boolean =>
  word?.source === 'ocr' && word.text.length <= 2 && next !== undefined && parseAmount(next.text, format)?.moneyLike === true;

/**
 * Reads words as a quantity, its unit and a unit price written together, in a line of their own or in
 * one cell ("12 LF @ $45.00", "12 LF @ 45.00/LF", "12 @ $45.00 per LF"); null when any word does not
 * fit. In a cell (`inCell`), OCR may have lost the quantity ("@ $16.16 per SF") or garbled the sign.
 */
export function readQuantityAtPrice(words: readonly Word[], format: NumberFormat, inCell = false): DetailLine | null {
  const lost = inCell && words[0]?.source === 'ocr' && TIMES_SIGN.test(words[0].text);
  const quantity = words[0] && !lost ? parseQuantity(words[0].text, format) : null;
  if (!quantity && !lost) return null;
  let index = lost ? 0 : 1;
  const unit: Word[] = [];
  if (words[index] && !lost && parseUnit(words[index].text) !== null && isKnownUnit(words[index].text.replace(/\.$/, ''))) unit.push(words[index++]);
  const sawTimes = words[index] !== undefined && (TIMES.test(words[index].text) || (inCell && isGarbledSign(words[index], words[index + 1], format)));
  if (sawTimes) index += 1;
  const price = words[index] ? priceOf(words[index], format) : null;
  if (!price) return null;
  const unitPrice = [words[index++]];
  while (words[index] && (CURRENCY.test(words[index].text) || PER_UNIT.test(words[index].text))) unitPrice.push(words[index++]);
  // "… $45.00 per LF": the unit the price is for, said after it.
  if (/^per$/i.test(words[index]?.text ?? '') && isUnitAfterPer(words[index + 1])) {
    if (unit.length === 0) unit.push(words[index + 1]);
    index += 2;
  }
  // Without a sign between them, two numbers are a detail line only when a unit says what the first counts.
  if (!sawTimes && unit.length === 0 && !unitPrice.some((word) => PER_UNIT.test(word.text))) return null;
  const rest = words.slice(index);
  if (rest.length > 1) return null;
  const amount = rest.length === 1 && parseAmount(rest[0].text, format) ? rest : [];
  if (rest.length === 1 && amount.length === 0) return null;
  return { quantity: lost ? [] : [words[0]], unit, unitPrice, amount };
}

/**
 * An item whose quantity cell writes the unit price too ("12 LF @ $45.00", under "Quantity @ Unit
 * Price"): the quantity, its unit and the price become the item's detail, and the cell keeps the
 * quantity and its unit.
 */
export function withQuantityAtPrice(item: TableEntry, format: NumberFormat): TableEntry {
  const index = item.columns.findIndex((column) => column.role === 'quantity');
  const read = index >= 0 && !item.detail ? readQuantityAtPrice(item.cells[index], format, true) : null;
  if (!read || read.amount.length > 0 || !read.unitPrice.some((word) => priceOf(word, format)?.moneyLike)) return item;
  item.detail = { quantity: read.quantity, unit: read.unit, unitPrice: read.unitPrice };
  item.cells[index] = [...read.quantity, ...read.unit];
  return item;
}
