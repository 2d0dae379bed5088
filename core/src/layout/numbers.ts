/**
 * Numbers as printed, in either decimal convention ("1,234.56", "1.234,56", "1 234,56", "1'234.56"),
 * with the OCR repairs every reader needs (look-alike letters, a thousands comma read as a period).
 */

import { cachedByText } from './text.js';
import { isKnownUnit } from './units.js';

/** Which character separates the decimals on a document. */
export interface NumberFormat {
  decimal: '.' | ',';
}

export const DOT_DECIMAL: NumberFormat = { decimal: '.' };

export interface ParsedAmount {
  value: number;
  /** OCR look-alike characters or stray separators had to be repaired. */
  repaired: boolean;
  /** Formatted like money: a currency sign or code, cents, or thousands separators. */
  moneyLike: boolean;
  /** ISO code of a printed currency sign or code, null when none. */
  currency: string | null;
  /** Digits after the decimal separator (0 when none). */
  decimals: number;
}

/** Characters OCR commonly puts in place of digits inside a number. */
export const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', S: '5', B: '8' };

const CURRENCY_SIGNS: Array<[RegExp, string]> = [
  [/^(US\$|USD|U\$S)/i, 'USD'],
  [/^(EUR|€)/i, 'EUR'],
  [/^(GBP|£)/i, 'GBP'],
  [/^(CHF|Fr\.)/i, 'CHF'],
  [/^(CAD|C\$)/i, 'CAD'],
  [/^(AUD|A\$)/i, 'AUD'],
  [/^(ARS)/i, 'ARS'],
  [/^(MXN)/i, 'MXN'],
  [/^(JPY|¥)/i, 'JPY'],
  [/^(INR|₹|Rs\.?)/i, 'INR'],
  [/^(IDR|Rp\.?)/i, 'IDR'],
  [/^(RM)/, 'MYR'],
  [/^\$/, '$'],
];
const CURRENCY_CODES = new Set(CURRENCY_SIGNS.map(([, code]) => code).filter((code) => /^[A-Z]{3}$/.test(code)));

/** Whether a word is a currency's code alone ("USD", "(EUR)"), as printed after a total's label. */
export const isCurrencyCode = (text: string): boolean => CURRENCY_CODES.has(text.replace(/^\((.*)\):?$|:$/, '$1'));

const TRAILING_CURRENCY = /(€|EUR|USD|GBP|£|\$|CHF|ARS|Rp|IDR)$/i;

function takeCurrency(text: string): { rest: string; currency: string | null; ocrDollar: boolean } {
  for (const [pattern, code] of CURRENCY_SIGNS) {
    const match = pattern.exec(text);
    if (match) return { rest: text.slice(match[0].length), currency: code, ocrDollar: false };
  }
  // OCR reads "$" as "S" in front of digits ("S1,455.00").
  if (/^S(?=[\dOo][\d,.Oo]*$)/.test(text)) return { rest: text.slice(1), currency: '$', ocrDollar: true };
  const trailing = TRAILING_CURRENCY.exec(text);
  if (trailing && /\d/.test(text.slice(0, trailing.index))) {
    const sign = trailing[0].toUpperCase();
    const code = sign === '€' ? 'EUR' : sign === '£' ? 'GBP' : sign === 'RP' ? 'IDR' : sign === '$' ? '$' : sign;
    return { rest: text.slice(0, trailing.index), currency: code, ocrDollar: false };
  }
  return { rest: text, currency: null, ocrDollar: false };
}

function repairLookalikes(text: string): { text: string; repaired: boolean } {
  let repaired = false;
  const chars = [...text].map((char, index, all) => {
    const replacement = DIGIT_LOOKALIKES[char];
    if (replacement && (/[\d,.]/.test(all[index - 1] ?? '') || /[\d,.]/.test(all[index + 1] ?? ''))) {
      repaired = true;
      return replacement;
    }
    return char;
  });
  return { text: chars.join(''), repaired };
}

interface Digits {
  value: number;
  decimals: number;
  grouped: boolean;
  repaired: boolean;
}

/** Digits with separators, read in the document's convention; null when they do not form a number. */
function readDigits(text: string, format: NumberFormat): Digits | null {
  // Thousands apart by a space of any width (no-break, narrow, thin) or an apostrophe, straight or curly (1'234.50, 1’234.50).
  if (!/^\d[\d.,' \u00a0\u202f\u2009\u2019]*$/.test(text) || /[.,' \u2019]$/.test(text)) return null;
  const spaced = /[ \u00a0\u202f\u2009'\u2019]/.test(text);
  if (spaced && !/^\d{1,3}([ \u00a0\u202f\u2009'\u2019]\d{3})+([.,]\d{1,4})?$/.test(text)) return null;
  const body = text.replace(/[ \u00a0\u202f\u2009'\u2019]/g, '');
  const separators = body.replace(/\d/g, '');
  const lastSeparator = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  const tail = lastSeparator < 0 ? '' : body.slice(lastSeparator + 1);
  const head = lastSeparator < 0 ? body : body.slice(0, lastSeparator);
  const lastChar = lastSeparator < 0 ? '' : body[lastSeparator];
  const headGroups = (separator: string): boolean => new RegExp(`^\\d{1,3}(\\${separator}\\d{3})*$`).test(head);
  const build = (integer: string, fraction: string, grouped: boolean, repaired = false): Digits => ({
    value: Number(`${integer.replace(/[.,]/g, '')}${fraction ? `.${fraction}` : ''}`),
    decimals: fraction.length,
    grouped: grouped || spaced,
    repaired,
  });
  if (separators === '') return build(body, '', false);
  const mixed = separators.includes('.') && separators.includes(',');
  if (mixed) {
    // "1.234,56" or "1,234.56": the last separator is the decimal one, the others group thousands.
    const other = lastChar === '.' ? ',' : '.';
    if (tail.length < 1 || tail.length > 4 || !headGroups(other)) return null;
    return build(head, tail, true);
  }
  const single = separators.length === 1;
  if (lastChar === format.decimal) {
    if (single && tail.length >= 1 && tail.length <= 4) return build(head, tail, false);
    // OCR read a thousands separator as the decimal one ("1.455.00" on a dot-decimal document).
    if (!single && tail.length === 2 && headGroups(lastChar)) return build(head, tail, true, true);
    return null;
  }
  // Only the other separator: thousands groups ("1,234", "1.234.567"), or a decimal separator OCR changed ("455,00").
  if (tail.length === 3 && headGroups(lastChar)) return build(body, '', true);
  if (single && tail.length === 2) return build(head, tail, false, true);
  return null;
}

/** A credit's mark after an amount ("450.00 CR"): the amount is negative. */
const CREDIT_MARK = /(?<=\d)\s?(CR|Cr)\.?$/;

/** A unit after a slash at the end of a price ("/hr", "/ SF"). */
const PER_UNIT = /(?<=\d)\s?\/\s?(\p{L}{1,5}\.?)$/u;

/** Whether a word is a credit's mark printed after its amount ("CR"). */
export const isCreditMark = (text: string): boolean => /^(CR|Cr)\.?$/.test(text);

const amountsByDecimal = { '.': cachedByText((raw) => readAmount(raw, DOT_DECIMAL)), ',': cachedByText((raw) => readAmount(raw, { decimal: ',' })) };

/**
 * Parses a printed amount ("$1,455.00", "1.455,00 €", "(250.00)", "<250.00>", "12,50-", "450.00 CR", "S1,455.0O", "55.00/hr");
 * null when the text is not one number. Each text is read once per decimal convention; callers get a copy of their own.
 */
export function parseAmount(raw: string, format: NumberFormat = DOT_DECIMAL): ParsedAmount | null {
  const parsed = amountsByDecimal[format.decimal](raw);
  return parsed && { ...parsed };
}

function readAmount(raw: string, format: NumberFormat): ParsedAmount | null {
  let text = raw.trim().replace(/\s+(?=[€$£])|(?<=[€$£])\s+/g, '');
  let negative = false;
  // A credit in parentheses or angle brackets: "(250.00)", "<250.00>".
  if (/^(\(.*\)|<.*>)$/.test(text)) [negative, text] = [true, text.slice(1, -1)];
  if (/^[-−–]/.test(text)) [negative, text] = [true, text.slice(1)];
  if (/\d-$/.test(text)) [negative, text] = [true, text.slice(0, -1)];
  // A credit marked after the amount ("450.00 CR", "450.00CR").
  if (CREDIT_MARK.test(text)) [negative, text] = [true, text.replace(CREDIT_MARK, '')];
  // A rate with the unit it is priced by ("55.00/hr", "$4.25/SF").
  text = text.replace(PER_UNIT, (suffix, unit: string) => (isKnownUnit(unit) ? '' : suffix));
  // A comma after the cents is punctuation (or an OCR speck), as a full stop is: "$40,374.75,".
  text = text.replace(/^\+(?=[\d$€£])/, '').replace(/[;:*]+$/, '').replace(/\.$/, '').replace(/(?<=[.,]\d{2}),$/, '');
  const { rest, currency, ocrDollar } = takeCurrency(text.trim());
  let body = rest.trim();
  if (/^[-−]/.test(body)) [negative, body] = [true, body.slice(1)];
  if (!/\d/.test(body)) return null;
  const fixed = repairLookalikes(body);
  const digits = readDigits(fixed.text, format);
  if (!digits || !Number.isFinite(digits.value)) return null;
  return {
    value: negative ? -digits.value : digits.value,
    repaired: ocrDollar || fixed.repaired || digits.repaired,
    moneyLike: currency !== null || digits.grouped || digits.decimals === 2,
    currency,
    decimals: digits.decimals,
  };
}

/** Parses a printed quantity ("1,772", "13.5", "2,5" on a comma-decimal document; OCR "3:5" and trailing marks such as `15"` repaired). */
export function parseQuantity(raw: string, format: NumberFormat = DOT_DECIMAL): { value: number; repaired: boolean } | null {
  const trimmed = raw.trim().replace(/\s+/g, '');
  // OCR adds a tick or an unmatched bracket after a count ("221)", "18°").
  const cleaned = trimmed.replace(/^[x×]|[x×]$/gi, '').replace(trimmed.includes('(') ? /["'°:;.,|]+$/ : /["'°:;.,|)]+$/, '');
  const colon = /^\d+:\d+$/.test(cleaned);
  const fixed = repairLookalikes(colon ? cleaned.replace(':', format.decimal) : cleaned);
  if (!/^\d/.test(fixed.text)) return null;
  const digits = readDigits(fixed.text, format);
  if (!digits || !Number.isFinite(digits.value)) return null;
  return { value: digits.value, repaired: fixed.repaired || digits.repaired || colon || cleaned !== trimmed };
}

/** Denominators of the fractions trades measure in (halves, thirds, quarters, eighths, sixteenths). */
const MEASURE_DENOMINATORS = new Set([2, 3, 4, 8, 16]);

/** A mixed number or a fraction as trades write measures ("12 1/2", "1,089 1/2", "3-1/2", "3/4"): its value, or null. */
export function parseMixedNumber(raw: string): number | null {
  const match = /^(?:(\d{1,3}(?:[,.'\u2009]\d{3})+|\d{1,6})(?:\s+|-))?(\d{1,2})\/(\d{1,2})$/.exec(raw.trim());
  if (!match) return null;
  const [whole, numerator, denominator] = [Number((match[1] ?? '0').replace(/\D/g, '')), Number(match[2]), Number(match[3])];
  return MEASURE_DENOMINATORS.has(denominator) && numerator > 0 && numerator < denominator ? whole + numerator / denominator : null;
}

/** Parses a percentage ("19 %", "10%", "20,0%", "7.5 pct"); the value in percent. */
export function parsePercent(raw: string, format: NumberFormat = DOT_DECIMAL): number | null {
  const match = /^\(?\s*(\d{1,3}(?:[.,]\d{1,3})?)\s*(%|pct|percent)\s*\)?$/i.exec(raw.trim());
  if (!match) return null;
  const digits = readDigits(match[1], format) ?? readDigits(match[1], { decimal: format.decimal === '.' ? ',' : '.' });
  return digits ? digits.value : null;
}

const COMMA_DECIMAL_STRONG = /\d\.\d{3},\d{2}(?!\d)/;
const DOT_DECIMAL_STRONG = /\d,\d{3}\.\d{2}(?!\d)/;
const COMMA_DECIMAL_WEAK = /(^|[^\d.,])\d{1,3},\d{2}(?![\d.,])/;
const DOT_DECIMAL_WEAK = /(^|[^\d.,])\d{1,3}\.\d{2}(?![\d.,])/;

/** Digits grouped by apostrophes ("2'353.80"), as printed in Switzerland, where dates are written day first. */
export function groupsDigitsWithApostrophes(texts: Iterable<string>): boolean {
  for (const text of texts) if (/^[-+]?\d{1,3}(['’]\d{3})+([.,]\d{1,2})?$/.test(text)) return true;
  return false;
}

/**
 * The decimal convention of a document from its words: amounts with both separators decide,
 * then amounts with two decimals; dates ("19.01.2016") do not count. Dot by default.
 */
export function detectNumberFormat(texts: Iterable<string>): NumberFormat {
  let comma = 0;
  let dot = 0;
  for (const text of texts) {
    if (/\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(text)) continue;
    if (COMMA_DECIMAL_STRONG.test(text)) comma += 3;
    else if (DOT_DECIMAL_STRONG.test(text)) dot += 3;
    else if (COMMA_DECIMAL_WEAK.test(text)) comma += 1;
    else if (DOT_DECIMAL_WEAK.test(text)) dot += 1;
  }
  return comma > dot ? { decimal: ',' } : DOT_DECIMAL;
}

export const roundCents = (value: number): number => Math.round(value * 100) / 100;
export const cents = (value: number): number => Math.round(value * 100);

/** What OCR reads for I in a Roman numeral: a lower-case i or l, a one, a bar. */
const OCR_ROMAN_I = /[il1|]/g;
const ROMAN = /^(?=[IVX])X{0,3}(IX|IV|V?I{0,3})$/;

/**
 * A heading's Roman numeral (I to XXXIX) as printed, also where OCR read an I as `l`, `i`, `1` or
 * `|` (`Ill` → III, `Vil` → VII, `ll` → II); null for anything else. Digits alone are a number (`1`, `11`).
 */
export function readRomanNumeral(text: string): string | null {
  if (!/^[IVXil1|]+$/.test(text) || !/[IVXil]/.test(text)) return null;
  const numeral = text.replace(OCR_ROMAN_I, 'I');
  return ROMAN.test(numeral) ? numeral : null;
}
