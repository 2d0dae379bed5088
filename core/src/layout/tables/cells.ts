import type { Word } from '../../contracts/document.js';
import { DIGIT_LOOKALIKES, parseAmount, parseMixedNumber, parsePercent, parseQuantity, type NumberFormat } from '../numbers.js';
import { isKnownUnit, misreadSquared, parseUnit, snapUnit } from '../units.js';

/** A parsed cell with the words it was read from. */
export interface CellValue<T> {
  value: T;
  words: Word[];
  /** 1 for a clean parse, lower when OCR characters had to be repaired (the words' own confidence not included). */
  quality: number;
}

const REPAIRED_QUALITY = 0.8;
const DASH_QUALITY = 0.9;
const isDash = (text: string): boolean => /^[-–—]+$/.test(text);

/** The whole cell parsed as one text, else its first word that parses. */
function parseCell<T>(words: Word[], parse: (text: string) => T | null): { value: T; words: Word[] } | null {
  if (words.length === 0) return null;
  const joined = parse(words.map((word) => word.text).join(words.length > 1 && words.some((word) => /[€$£]/.test(word.text)) ? ' ' : ''));
  if (joined !== null) return { value: joined, words };
  for (const word of words) {
    const single = parse(word.text);
    if (single !== null) return { value: single, words: [word] };
  }
  return null;
}

/**
 * A money cell; a lone dash reads as zero. OCR that reads a third decimal ("$180.001") took a
 * table ruling for a digit: the cents are kept.
 */
export function readAmountCell(cellWords: Word[], format: NumberFormat): CellValue<number> | null {
  // A till's tax class after the amount ("0,89 B") is no digit: "B" must not read as 8.
  const words = cellWords.length > 1 ? cellWords.filter((word) => !/^([A-Z]|\*)$/.test(word.text)) : cellWords;
  if (words.length > 0 && words.every((word) => isDash(word.text.trim()))) return { value: 0, words, quality: DASH_QUALITY };
  const cell = parseCell(words, (text) => parseAmount(text, format));
  if (!cell) return null;
  const { value, decimals, repaired } = cell.value;
  if (decimals === 3 && cell.words.every((word) => word.source === 'ocr')) return { value: Math.trunc(value * 100) / 100, words: cell.words, quality: REPAIRED_QUALITY };
  return { value, words: cell.words, quality: repaired ? REPAIRED_QUALITY : 1 };
}

/**
 * A one OCR read as a letter and glued to a unit of two or three letters after it ("lls", "IIs", "lea"
 * for 1 ls, 1 ea: a narrow space in a cell of a quantity and its unit): the unit's text; null for any
 * other word. One letter after it is no unit of this kind: "ll" is no quantity of 1 l.
 */
function unitAfterGluedOne(text: string): string | null {
  const match = /^(.)(\p{L}{2,3})$/u.exec(text);
  if (!match || DIGIT_LOOKALIKES[match[1]] !== '1' || isKnownUnit(text)) return null;
  // A unit in lower case whose l OCR read as a capital I ("IIs": the second I is the l of ls).
  const unit = /^I\p{Ll}*$/u.test(match[2]) ? `l${match[2].slice(1)}` : match[2];
  return isKnownUnit(unit) ? unit : null;
}

/** A quantity cell ("15.00 Units", "2 hours": the number; the unit is read by `readUnitCell`). */
export function readQuantityCell(words: Word[], format: NumberFormat): CellValue<number> | null {
  const mixed = readMixedNumber(words);
  if (mixed) return mixed;
  if (words.length === 1 && words[0].source === 'ocr' && unitAfterGluedOne(words[0].text) !== null) return { value: 1, words, quality: REPAIRED_QUALITY };
  const cell = parseCell(words, (text) => parseQuantity(text, format)) ?? parseCell(words, (text) => gluedQuantity(text, format));
  return cell ? { value: cell.value.value, words: cell.words, quality: cell.value.repaired ? REPAIRED_QUALITY : 1 } : null;
}

/** Marks OCR adds after a measure ("198 1/2.", "524 1/2'"). */
const OCR_TICK = /[.,:;'"°|]+$/;

/** A cell opening with a mixed number or a fraction ("12 1/2", "3-1/2 LF", "3/4"): a whole number and a fraction read as one. */
function readMixedNumber(words: Word[]): CellValue<number> | null {
  for (const count of [2, 1]) {
    if (words.length < count) continue;
    const read = words.slice(0, count);
    const text = read.map((word) => word.text).join(' ');
    const cleaned = read[count - 1].source === 'ocr' ? text.replace(OCR_TICK, '') : text;
    const value = parseMixedNumber(cleaned);
    if (value !== null) return { value, words: read, quality: cleaned === text ? 1 : REPAIRED_QUALITY };
  }
  const glued = words[0]?.source === 'ocr' ? gluedMixedNumber(words[0].text) : null;
  return glued === null ? null : { value: glued, words: [words[0]], quality: REPAIRED_QUALITY };
}

/**
 * A mixed number OCR read without its space ("5241/2." for 524 1/2): nobody prints a quantity as a
 * division, so the digit before the slash is the fraction's numerator (two digits over sixteenths).
 */
function gluedMixedNumber(text: string): number | null {
  const match = /^(\d[\d,.]*?)([1-9]\d?)\/(\d{1,2})$/.exec(text.trim().replace(OCR_TICK, ''));
  if (!match) return null;
  const [, whole, numerator, denominator] = match;
  const split = numerator.length === 2 && Number(numerator) >= Number(denominator) ? [whole + numerator[0], numerator[1]] : [whole, numerator];
  return parseMixedNumber(`${split[0]} ${split[1]}/${denominator}`);
}

/** A quantity OCR read glued to its unit ("1.00LS", "168.00SF"): the number, when the letters are a known unit. */
function gluedQuantity(text: string, format: NumberFormat): { value: number; repaired: boolean } | null {
  const match = /^(\d[\d.,]*)(\p{L}{1,3})$/u.exec(text.trim());
  const quantity = match && isKnownUnit(match[2]) ? parseQuantity(match[1], format) : null;
  return quantity && { value: quantity.value, repaired: true };
}

/**
 * A count OCR set into the unit cell, before the unit, where the quantity cell is empty ("I LS" for
 * 1 LS: a narrow quantity column right against the unit column), or glued to it ("1EA" for 1 EA printed
 * in one cell).
 */
export function readQuantityBeforeUnit(unitWords: Word[], format: NumberFormat): CellValue<number> | null {
  const [first, ...rest] = unitWords;
  if (first?.source === 'ocr' && rest.length === 0) {
    const glued = gluedQuantity(first.text, format);
    return glued ? { value: glued.value, words: [first], quality: REPAIRED_QUALITY } : null;
  }
  if (!first || rest.length === 0 || first.source !== 'ocr' || !rest.some((word) => parseUnit(word.text) !== null)) return null;
  // A lone one OCR read as a letter ('I', 'l', '|').
  if (DIGIT_LOOKALIKES[first.text] === '1') return { value: 1, words: [first], quality: REPAIRED_QUALITY };
  const quantity = parseQuantity(first.text, format);
  return quantity ? { value: quantity.value, words: [first], quality: REPAIRED_QUALITY } : null;
}

/** A percentage cell ("20%", "TVA 20%", "19 %"). */
export function readPercentCell(words: Word[], format: NumberFormat): CellValue<number> | null {
  for (let start = 0; start < words.length; start += 1) {
    for (const end of [start + 2, start + 1]) {
      if (end > words.length) continue;
      const value = parsePercent(words.slice(start, end).map((word) => word.text).join(' '), format);
      if (value !== null) return { value, words: words.slice(start, end), quality: 1 };
    }
  }
  return null;
}

/** A unit cell, or the unit printed after a quantity; OCR-garbled construction units snapped to the known one a letter away. */
export function readUnitCell(words: Word[]): CellValue<string> | null {
  const candidates = words.filter((word) => /\p{L}/u.test(word.text));
  // OCR mixes the case of a short code ("Le" for LF): in a unit cell it is still read as a unit, to be snapped.
  // A superscript read as "?" is tried before the unit without it: "ft?" is ft², not ft.
  const ocrCode = (text: string): string | null => unitAfterGluedOne(text) ?? misreadSquared(text) ?? parseUnit(text) ?? (/^\p{L}{1,3}\.?$/u.test(text) ? text.replace(/\.$/, '') : null);
  const cell = parseCell(candidates, candidates.every((word) => word.source === 'ocr') ? ocrCode : parseUnit);
  if (!cell) return null;
  if (cell.words.every((word) => word.source === 'text')) return { value: cell.value, words: cell.words, quality: 1 };
  const snapped = snapUnit(cell.value);
  if (snapped === null) return { value: cell.value, words: cell.words, quality: 0.5 };
  return { value: snapped, words: cell.words, quality: snapped === cell.value.toUpperCase() ? 1 : REPAIRED_QUALITY };
}
