/** Value parsers for printed, typed and OCR'd certificate text. Each returns null when the text is not a value. */
import { parseDate as parseCoreDate } from '@docsift/core/layout';
import { captionKey } from '../layout/page-layout.js';

/** Letters OCR confuses with digits, read as the digit they resemble (only used where a number is expected). */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', l: '1', I: '1', i: '1', '|': '1', '!': '1', L: '1', Z: '2', z: '2', S: '5', s: '5', B: '8', G: '6', b: '6', g: '9', q: '9', T: '7' };

function toDigitsLoosely(text: string): string {
  return [...text].map((char) => DIGIT_LOOKALIKES[char] ?? char).join('');
}

export interface Parsed<T> {
  value: T;
  /** True when OCR look-alikes had to be corrected to parse the value. */
  corrected: boolean;
}

/** US certificates print the month first: a first number above 12 is an OCR slip, not a day (core would read it day first). */
const DAY_FIRST = /^\D*(1[3-9]|[2-9]\d)\s*[/\-.]/;

function parseUsDate(text: string): string | null {
  if (DAY_FIRST.test(text)) return null;
  return parseCoreDate(text, 'mdy') ?? parseCoreDate(text.replace(/\s+/g, ''), 'mdy');
}

/**
 * A date as ISO `YYYY-MM-DD`: US `M/D/YYYY` (also `-` or `.` separators, two-digit years),
 * ISO, and `Jan 7, 2025`. OCR look-alikes (O for 0, l for 1) are corrected when that makes a date.
 */
export function parseDate(text: string): Parsed<string> | null {
  const strict = parseUsDate(text);
  if (strict) return { value: strict, corrected: false };
  if (!/\d/.test(text)) return null;
  const loose = parseUsDate(toDigitsLoosely(text.replace(/\s+/g, '')));
  return loose ? { value: loose, corrected: true } : null;
}

/**
 * Money as a number of dollars: `$1,000,000`, `1,000,000`, `1000000`, `$ 5,000.00`; OCR look-alikes corrected.
 * Not core's `parseAmount`: limits are US dollars, so OCR'd `1.000.000` or `1,000.000` is a million, never a thousand.
 */
export function parseMoney(text: string): Parsed<number> | null {
  const compact = text.replace(/\s+/g, '').replace(/^\$+/, '').replace(/^[Ss§](?=[\dOolI])/, '');
  if (!compact || !/\d/.test(compact)) return null;
  const strict = moneyValue(compact);
  if (strict !== null) return { value: strict, corrected: false };
  const digits = compact.replace(/\D/g, '').length;
  if (digits < 2 || digits * 2 < compact.replace(/[,.]/g, '').length) return null;
  const loose = moneyValue(toDigitsLoosely(compact));
  return loose !== null ? { value: loose, corrected: true } : null;
}

function moneyValue(text: string): number | null {
  const match = /^(\d{1,3}(?:[,.]\d{3})+|\d+)(?:[.,](\d{2}))?$/.exec(text);
  if (!match) return misgroupedValue(text);
  const whole = Number(match[1].replace(/[,.]/g, ''));
  const cents = match[2] ? Number(match[2]) / 100 : 0;
  const value = whole + cents;
  return Number.isFinite(value) ? value : null;
}

/** `1.000000` or `1,00,000`: separators OCR misplaced; whole dollars unless the text ends in two cents digits. */
function misgroupedValue(text: string): number | null {
  if (!/^\d{1,3}[,.]\d[\d,.]*\d$/.test(text) || /[,.]\d{2}$/.test(text) || (text.match(/[,.]/g) ?? []).length > 2) return null;
  const digits = text.replace(/[,.]/g, '');
  return digits.length >= 6 && digits.length <= 9 ? Number(digits) : null;
}

const PHONE = /^\+?1?[\s.-]*\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

/** True for a North American phone number, with an optional extension. */
export function isPhone(text: string): boolean {
  return PHONE.test(text.trim());
}

/** Finds a phone number inside a longer text and returns it as printed. */
export function findPhone(text: string): string | null {
  const match = /\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,6})?/i.exec(text);
  return match ? match[0].trim() : null;
}

export function isEmail(text: string): boolean {
  return /^\S+@\S+\.\S+$/.test(text.trim());
}

const PLACEHOLDERS = new Set([
  'mmddyyyy',
  'name',
  'address',
  'statecityzipcode',
  'citystatezipcode',
  'citystatezip',
  'statecityzip',
  'number',
  'certificateholder',
  'insured',
  'producer',
]);

/** Template placeholders left in a form (`MM/DD/YYYY`, `NAME`, `ADDRESS`) mean the value is missing. */
export function isPlaceholder(text: string): boolean {
  const key = captionKey(text);
  return key === '' || PLACEHOLDERS.has(key);
}

/** A policy number: at least three characters with a digit, a few short parts (no words of prose); spaces and dashes as printed. */
export function parsePolicyNumber(text: string): string | null {
  const cleaned = text.replace(/\s+/g, ' ').trim().replace(/^[#:]\s*/, '');
  if (cleaned.length < 3 || !/\d/.test(cleaned)) return null;
  if (parseDate(cleaned) || isPlaceholder(cleaned)) return null;
  const parts = cleaned.split(' ');
  if (parts.length > 4 || parts.some((part) => /^[A-Za-z]{5,}[,.]?$/.test(part))) return null;
  return cleaned;
}
