import type { FieldType } from '@docsift/core';
import { findDate, parseAmount, parseQuantity, type PrintConventions } from '@docsift/core/layout';

/** A parsed value and how cleanly it parsed (1 clean; lower after OCR repairs or guesses). */
export interface Parsed {
  value: unknown;
  quality: number;
}

export type { PrintConventions };

export type TextParser = (text: string, conventions: PrintConventions) => Parsed | null;

/** OCR reads digits as letters (`1O5` → `105`); repair only text that is mostly digits already. */
function repairDigits(text: string): { text: string; repaired: boolean } {
  const digits = (text.match(/\d/g) ?? []).length;
  const letters = (text.match(/[OoIlSB]/g) ?? []).length;
  if (!letters || digits < 2 || letters > digits / 2) return { text, repaired: false };
  const repaired = text.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
  return { text: repaired, repaired: true };
}

function parseNumber(text: string, { format }: PrintConventions): Parsed | null {
  const cleaned = text.trim().replace(/%$/, '');
  const amount = parseAmount(cleaned, format);
  if (amount) return { value: amount.value, quality: amount.repaired ? 0.85 : 1 };
  const quantity = parseQuantity(cleaned, format);
  return quantity ? { value: quantity.value, quality: quantity.repaired ? 0.85 : 1 } : null;
}

function parseCurrency(text: string, { format }: PrintConventions): Parsed | null {
  const amount = parseAmount(text, format);
  if (!amount) return null;
  const quality = (amount.moneyLike ? 1 : 0.9) * (amount.repaired ? 0.85 : 1);
  return { value: Math.round(amount.value * 100) / 100, quality };
}

function parseInteger(text: string, conventions: PrintConventions): Parsed | null {
  const number = parseNumber(text, conventions);
  return number && Number.isInteger(number.value) ? number : null;
}

function parseDateField(text: string, { dateOrder }: PrintConventions): Parsed | null {
  const words = text.split(/\s+/).filter(Boolean);
  const direct = findDate(words, dateOrder);
  if (direct && direct.end - direct.start === words.length) return { value: direct.value, quality: 1 };
  const { text: repaired, repaired: changed } = repairDigits(text);
  const fixed = changed ? findDate(repaired.split(/\s+/), dateOrder) : null;
  if (fixed && fixed.end - fixed.start === words.length) return { value: fixed.value, quality: 0.85 };
  return null;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 'checked', 'x', '[x]', '☑', '☒', '✓', '✔', 'on', 'si', 'sí', 'oui', 'ja', 'wahr']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'unchecked', '[]', '[ ]', '☐', '✗', '✘', 'off', 'none', 'n/a', 'non', 'nein', 'nee']);

function parseBoolean(text: string): Parsed | null {
  const word = text.trim().toLowerCase().replace(/[.:;]$/, '');
  if (TRUE_WORDS.has(word)) return { value: true, quality: 1 };
  if (FALSE_WORDS.has(word)) return { value: false, quality: 1 };
  return null;
}

function parseEmail(text: string): Parsed | null {
  const joined = text
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/\s*([@.])\s*/g, '$1')
    .replace(/[.,;:>)\]]+$/, '')
    .replace(/^[<([]+/, '');
  if (!/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(joined)) return null;
  return { value: joined.toLowerCase(), quality: joined.length === text.trim().length ? 1 : 0.9 };
}

/** The digits as printed, with a leading `+` when there is one; extensions dropped. */
function parsePhone(text: string): Parsed | null {
  const { text: repaired, repaired: changed } = repairDigits(text.trim());
  const body = repaired.replace(/\s*(?:ext\.?|x|#)\s*\d{1,6}$/i, '').trim();
  if (!/^\+?[\d\s().\-/]+$/.test(body)) return null;
  const digits = body.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  return { value: (body.startsWith('+') ? '+' : '') + digits, quality: changed ? 0.85 : 1 };
}

export function cleanString(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s:;,_\-–—]+|[\s:;,_]+$/g, '')
    .trim();
}

/** A long sentence ending in a full stop is prose near a label more often than a field value. */
function looksLikeProse(text: string): boolean {
  return /\.$/.test(text.trim()) && text.trim().split(/\s+/).length >= 6;
}

function parseString(text: string): Parsed | null {
  const value = cleanString(text);
  return value ? { value, quality: looksLikeProse(text) ? 0.55 : 1 } : null;
}

/** Lines joined with `, `; a street number makes it look like an address. */
function parseAddress(text: string): Parsed | null {
  const value = text
    .split('\n')
    .map(cleanString)
    .filter(Boolean)
    .join(', ')
    .replace(/,\s*,/g, ',');
  if (!value) return null;
  if (looksLikeProse(text)) return { value, quality: 0.55 };
  return { value, quality: /\d/.test(value) && /\p{L}/u.test(value) ? 1 : 0.85 };
}

function parseList(text: string): Parsed | null {
  const items = text
    .split(/[\n,;•·●▪■◦]|(?:^|\s)[-*–](?=\s)/)
    .map(cleanString)
    .filter(Boolean);
  return items.length ? { value: items, quality: 1 } : null;
}

export const PARSERS: Record<FieldType, TextParser> = {
  string: parseString,
  number: parseNumber,
  integer: parseInteger,
  currency: parseCurrency,
  date: parseDateField,
  boolean: parseBoolean,
  email: parseEmail,
  phone: parsePhone,
  address: parseAddress,
  list: parseList,
};

/** Types whose value is a short run of words that may sit among other words near the label. */
export const COMPACT_TYPES: ReadonlySet<FieldType> = new Set(['number', 'integer', 'currency', 'date', 'boolean', 'email', 'phone']);

/** How many lines a value of the type may span. */
export function maxLines(type: FieldType): number {
  if (type === 'address') return 4;
  if (type === 'list') return 12;
  return 1;
}
