import { stripAccents } from './text.js';

/** Day and month order of numeric dates: `mdy` as printed in the US, `dmy` almost everywhere else. */
export type DateOrder = 'mdy' | 'dmy';

/** Month names in English, Dutch, German, French, Spanish, Italian and Portuguese, accents folded. */
const MONTH_NAMES: string[][] = [
  ['january', 'januari', 'januar', 'janvier', 'enero', 'gennaio', 'janeiro', 'jan', 'ene', 'gen'],
  ['february', 'februari', 'februar', 'fevrier', 'febrero', 'febbraio', 'fevereiro', 'feb', 'fev'],
  ['march', 'maart', 'marz', 'maerz', 'mars', 'marzo', 'marco', 'mar', 'mrt'],
  ['april', 'avril', 'abril', 'aprile', 'apr', 'avr', 'abr'],
  ['may', 'mei', 'mai', 'mayo', 'maggio', 'maio', 'mag'],
  ['june', 'juni', 'juin', 'junio', 'giugno', 'junho', 'jun', 'giu'],
  ['july', 'juli', 'juillet', 'julio', 'luglio', 'julho', 'jul', 'juil', 'lug'],
  ['august', 'augustus', 'aout', 'agosto', 'aug', 'ago'],
  ['september', 'septembre', 'septiembre', 'settembre', 'setembro', 'sept', 'sep', 'set'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre', 'outubro', 'oct', 'okt', 'ott', 'out'],
  ['november', 'novembre', 'noviembre', 'novembro', 'nov'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dicembre', 'dezembro', 'dec', 'dez', 'dic'],
];

/** 1..12 for a month name or its abbreviation of three letters or more (`Mar.`, `sept`, `maart`, `févr.`). */
export function monthNumber(word: string): number | null {
  const lower = stripAccents(word).replace(/\.$/, '');
  if (lower.length < 3 || !/^[a-z]+$/.test(lower)) return null;
  const exact = MONTH_NAMES.findIndex((names) => names.includes(lower));
  if (exact >= 0) return exact + 1;
  const prefix = MONTH_NAMES.findIndex((names) => names.some((name) => name.length > 3 && name.startsWith(lower) && lower.length >= 4));
  return prefix < 0 ? null : prefix + 1;
}

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length === 4) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** `2024-03-15`, `2024/3/15`, `20240315`. */
function yearFirst(text: string): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(20\d{2})(\d{2})(\d{2})$/.exec(text);
  return match ? iso(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * `03/15/2024`, `15.03.2024`, `15-03-24`: in the given order, except that a first number above 12
 * can only be a day, and dots mean day first (as printed in Europe) unless the order says otherwise.
 */
function numeric(text: string, order: DateOrder | undefined): string | null {
  const match = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[3]), fullYear(match[4])];
  const dayFirst = first > 12 || (second <= 12 && (order ?? (match[2] === '.' ? 'dmy' : 'mdy')) === 'dmy');
  return dayFirst ? iso(year, second, first) : (iso(year, first, second) ?? iso(year, second, first));
}

/** `March 15, 2024`, `15 March 2024`, `15-Mar-2024`, `Mar. 15 2024`, `15 de marzo de 2024`, `19. Januar 2016`. */
function withMonthName(text: string): string | null {
  const parts = stripAccents(text)
    .split(/[\s,\-/]+/)
    .filter((part) => part && part !== 'de' && part !== 'del' && part !== 'of' && part !== 'le');
  if (parts.length !== 3) return null;
  const day = (part: string): number | null => (/^\d{1,2}(st|nd|rd|th|er|\.|º|°)?$/i.test(part) ? parseInt(part, 10) : null);
  const year = (part: string): number | null => (/^\d{4}$|^'?\d{2}$/.test(part) ? fullYear(part.replace("'", '')) : null);
  const nameFirst = monthNumber(parts[0]);
  if (nameFirst && day(parts[1]) !== null && year(parts[2]) !== null) return iso(year(parts[2])!, nameFirst, day(parts[1])!);
  const nameSecond = monthNumber(parts[1]);
  if (nameSecond && day(parts[0]) !== null && year(parts[2]) !== null) return iso(year(parts[2])!, nameSecond, day(parts[0])!);
  return null;
}

/** An ISO date (`YYYY-MM-DD`) from one of the common printed forms (the whole text), or null. */
export function parseDate(text: string, order?: DateOrder): string | null {
  const cleaned = text.trim().replace(/^[(\[]|[.,;:)\]]$/g, '');
  return yearFirst(cleaned) ?? numeric(cleaned, order) ?? withMonthName(cleaned);
}

export interface FoundDate {
  value: string;
  /** Index of the first word and one past the last word of the date in the words given. */
  start: number;
  end: number;
}

/** The first date printed in a run of words (one to five words long), or null. */
export function findDate(words: readonly string[], order?: DateOrder): FoundDate | null {
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(5, words.length - start); length >= 1; length -= 1) {
      const value = parseDate(words.slice(start, start + length).join(' '), order);
      if (value) return { value, start, end: start + length };
    }
  }
  return null;
}

/** The first date printed in a text, or null ("Inspection Date: March 3, 2026" → 2026-03-03). */
export function findDateInText(text: string, order?: DateOrder): string | null {
  return findDate(text.split(/\s+/).filter(Boolean), order)?.value ?? null;
}

/**
 * The numeric date order of a document: day first when any numeric date can only be read day first
 * (a first number above 12) and none only month first; else the fallback.
 */
export function detectDateOrder(texts: Iterable<string>, fallback: DateOrder): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![\d.])(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?![\d.])/g)) {
      if (Number(match[1]) > 12 && Number(match[2]) <= 12) dayFirst += 1;
      if (Number(match[2]) > 12 && Number(match[1]) <= 12) monthFirst += 1;
    }
  }
  if (dayFirst > 0 && monthFirst === 0) return 'dmy';
  if (monthFirst > 0 && dayFirst === 0) return 'mdy';
  return fallback;
}
