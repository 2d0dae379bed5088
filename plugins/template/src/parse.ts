import type { FieldType } from '@docsift/core';
import { parseDate } from './dates.js';

/** A parsed value and how cleanly it parsed (1 clean; lower after OCR repairs or guesses). */
export interface Parsed {
  value: unknown;
  quality: number;
}

export type TextParser = (text: string) => Parsed | null;

const CURRENCY_PATTERN = '^(?:[$€£¥]|usd|eur|gbp|cad|aud|chf)\\s*|\\s*(?:[$€£¥]|usd|eur|gbp|cad|aud|chf)$';
const HAS_CURRENCY = new RegExp(CURRENCY_PATTERN, 'i');
const CURRENCY = new RegExp(CURRENCY_PATTERN, 'gi');

/** OCR reads digits as letters (`1O5` → `105`); repair only text that is mostly digits already. */
function repairDigits(text: string): { text: string; repaired: boolean } {
  const digits = (text.match(/\d/g) ?? []).length;
  const letters = (text.match(/[OoIlSB]/g) ?? []).length;
  if (!letters || digits < 2 || letters > digits / 2) return { text, repaired: false };
  const repaired = text.replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
  return { text: repaired, repaired: true };
}

function decimalValue(digits: string): number | null {
  const commas = (digits.match(/,/g) ?? []).length;
  const dots = (digits.match(/\./g) ?? []).length;
  if (/\s/.test(digits) && !/^\d{1,3}(\s\d{3})+([.,]\d+)?$/.test(digits)) return null;
  let normalized = digits.replace(/[\s']/g, '');
  if (commas && dots) {
    const decimal = normalized.lastIndexOf(',') > normalized.lastIndexOf('.') ? ',' : '.';
    normalized = normalized.split(decimal === ',' ? '.' : ',').join('').replace(',', '.');
  } else if (commas) {
    if (/^\d{1,3}(,\d{3})+$/.test(normalized)) normalized = normalized.replace(/,/g, '');
    else if (/^\d+,\d{1,2}$/.test(normalized)) normalized = normalized.replace(',', '.');
    else return null;
  } else if (dots > 1) {
    normalized = normalized.replace(/\./g, '');
  }
  const value = Number(normalized);
  return /^\d+(\.\d+)?$/.test(normalized) && Number.isFinite(value) ? value : null;
}

interface NumberReading {
  value: number;
  symbol: boolean;
  cents: boolean;
  repaired: boolean;
}

function readNumber(raw: string): NumberReading | null {
  const { text, repaired } = repairDigits(raw.trim().replace(/[;:]$/, ''));
  let body = text;
  const symbol = HAS_CURRENCY.test(body);
  body = body.replace(CURRENCY, '').replace(/%$/, '').trim();
  let negative = false;
  if (/^\(.*\)$/.test(body)) [negative, body] = [true, body.slice(1, -1)];
  if (/^[-−]/.test(body) || /-$/.test(body)) [negative, body] = [true, body.replace(/^[-−]|-$/g, '')];
  body = body.replace(CURRENCY, '').replace(/^\+/, '').trim();
  if (!/^\d[\d,.\s']*$/.test(body) || /\s\d{1,2}$/.test(body)) return null;
  const value = decimalValue(body);
  if (value === null) return null;
  return { value: negative ? -value : value, symbol, cents: /[.,]\d{2}$/.test(body), repaired };
}

function parseNumber(text: string): Parsed | null {
  const reading = readNumber(text);
  return reading ? { value: reading.value, quality: reading.repaired ? 0.85 : 1 } : null;
}

function parseCurrency(text: string): Parsed | null {
  const reading = readNumber(text);
  if (!reading) return null;
  const quality = (reading.symbol || reading.cents ? 1 : 0.9) * (reading.repaired ? 0.85 : 1);
  return { value: Math.round(reading.value * 100) / 100, quality };
}

function parseInteger(text: string): Parsed | null {
  const reading = readNumber(text);
  if (!reading || !Number.isInteger(reading.value)) return null;
  return { value: reading.value, quality: reading.repaired ? 0.85 : 1 };
}

function parseDateField(text: string): Parsed | null {
  const direct = parseDate(text);
  if (direct) return { value: direct, quality: 1 };
  const { text: repaired, repaired: changed } = repairDigits(text);
  const fixed = changed ? parseDate(repaired) : null;
  return fixed ? { value: fixed, quality: 0.85 } : null;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 'checked', 'x', '[x]', '☑', '☒', '✓', '✔', 'on', 'si', 'oui']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'unchecked', '[]', '[ ]', '☐', '✗', '✘', 'off', 'none', 'n/a']);

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
    .replace(/^[<(\[]+/, '');
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

function cleanString(text: string): string {
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
  return { value, quality: /\d/.test(value) && /[a-z]/i.test(value) ? 1 : 0.85 };
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

/** Types whose value is a short token run that may sit among other words near the label. */
export const COMPACT_TYPES: ReadonlySet<FieldType> = new Set(['number', 'integer', 'currency', 'date', 'boolean', 'email', 'phone']);

/** How many lines a value of the type may span. */
export function maxLines(type: FieldType): number {
  if (type === 'address') return 4;
  if (type === 'list') return 12;
  return 1;
}
