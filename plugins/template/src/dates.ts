/** Month names in English, Dutch, German, French and Spanish, accents folded. */
const MONTH_NAMES: string[][] = [
  ['january', 'januari', 'januar', 'janvier', 'enero'],
  ['february', 'februari', 'februar', 'fevrier', 'febrero'],
  ['march', 'maart', 'marz', 'mars', 'marzo'],
  ['april', 'avril', 'abril'],
  ['may', 'mei', 'mai', 'mayo'],
  ['june', 'juni', 'juin', 'junio'],
  ['july', 'juli', 'juillet', 'julio'],
  ['august', 'augustus', 'aout', 'agosto'],
  ['september', 'septembre', 'septiembre', 'sept'],
  ['october', 'oktober', 'octobre', 'octubre'],
  ['november', 'novembre', 'noviembre'],
  ['december', 'dezember', 'decembre', 'diciembre'],
];

/** 1..12 for a month name or its abbreviation of three letters or more (`Mar.`, `sept`, `maart`). */
function monthNumber(word: string): number | null {
  const lower = word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (lower.length < 3 || !/^[a-z]+$/.test(lower)) return null;
  const index = MONTH_NAMES.findIndex((names) => names.some((name) => name.startsWith(lower)));
  return index < 0 ? null : index + 1;
}

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length === 4) return value;
  return value < 50 ? 2000 + value : 1900 + value;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1800 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** `2024-03-15`, `2024/3/15`, `20240315`. */
function yearFirst(text: string): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return match ? iso(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * `03/15/2024` (month first, as printed in the US), `15/03/2024` when the first number cannot be a
 * month, `15.03.2024` (dots: day first, as printed in Europe), two-digit years.
 */
function numeric(text: string): string | null {
  const match = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (!match) return null;
  const [first, second, year] = [Number(match[1]), Number(match[3]), fullYear(match[4])];
  const dayFirst = match[2] === '.' || first > 12;
  return dayFirst ? iso(year, second, first) : (iso(year, first, second) ?? iso(year, second, first));
}

/** `March 15, 2024`, `15 March 2024`, `15-Mar-2024`, `Mar. 15 2024`. */
function withMonthName(text: string): string | null {
  const parts = text.split(/[\s,\-/]+/).filter(Boolean);
  if (parts.length !== 3) return null;
  const nameFirst = monthNumber(parts[0]);
  if (nameFirst && /^\d{1,2}(st|nd|rd|th|\.)?$/i.test(parts[1]) && /^\d{2,4}$/.test(parts[2])) {
    return iso(fullYear(parts[2]), nameFirst, parseInt(parts[1], 10));
  }
  const nameSecond = monthNumber(parts[1]);
  if (nameSecond && /^\d{1,2}(st|nd|rd|th|\.)?$/i.test(parts[0]) && /^\d{2,4}$/.test(parts[2])) {
    return iso(fullYear(parts[2]), nameSecond, parseInt(parts[0], 10));
  }
  return null;
}

/** An ISO date (`YYYY-MM-DD`) from the common printed forms, or null. */
export function parseDate(text: string): string | null {
  const cleaned = text.trim().replace(/[.,;]$/, '');
  return yearFirst(cleaned) ?? numeric(cleaned) ?? withMonthName(cleaned);
}
