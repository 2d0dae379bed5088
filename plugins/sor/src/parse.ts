/**
 * Value parsers tolerant of OCR noise, and the fuzzy token comparison the label anchors use.
 */

/** Characters OCR commonly puts in place of digits inside a number. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: '0', o: '0', D: '0', l: '1', I: '1', '|': '1', S: '5', B: '8' };

const STRICT_AMOUNT = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/;
const STRICT_QUANTITY = /^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$/;

export interface ParsedNumber {
  value: number;
  /** True when OCR look-alike characters or stray separators had to be repaired. */
  repaired: boolean;
  /** True when the text is formatted like money ($, cents or thousands separators). */
  moneyLike: boolean;
}

function repairDigits(core: string): { text: string; repaired: boolean } {
  let repaired = false;
  const chars = [...core].map((char, index, all) => {
    const replacement = DIGIT_LOOKALIKES[char];
    const neighbourIsDigit = /[\d,.]/.test(all[index - 1] ?? '') || /[\d,.]/.test(all[index + 1] ?? '');
    if (replacement && neighbourIsDigit) {
      repaired = true;
      return replacement;
    }
    return char;
  });
  let text = chars.join('');
  // OCR reads a thousands comma as a period ("1.455.00") and a decimal point as a comma ("455,00").
  if (/^\d{1,3}(\.\d{3})+\.\d{2}$/.test(text)) {
    text = text.replace(/\.(?=\d{3}\.)/g, ',');
    repaired = true;
  } else if (/^\d{1,3}(,\d{3})*,\d{2}$/.test(text)) {
    text = `${text.slice(0, -3)}.${text.slice(-2)}`;
    repaired = true;
  }
  return { text, repaired };
}

/** Parses a printed amount ("$1,455.00", "S1,455.0O", "(250.00)", "1,200"); null when it is not one. */
export function parseAmount(raw: string): ParsedNumber | null {
  let text = raw.trim().replace(/\s+/g, '');
  const negative = /^\(.*\)$/.test(text) || /^-/.test(text);
  text = text.replace(/^[(-]+|[)]+$/g, '').replace(/[.,;:]+$/, (tail) => (/^\.\d/.test(tail) ? tail : ''));
  let moneyLike = false;
  let repaired = false;
  const currency = /^(US\$|USD|\$|S(?=[\dOo]))/.exec(text);
  if (currency) {
    moneyLike = true;
    repaired = currency[0] === 'S';
    text = text.slice(currency[0].length);
  }
  if (!/\d/.test(text)) return null;
  const fixed = repairDigits(text);
  if (!STRICT_AMOUNT.test(fixed.text)) return null;
  if (/[.,]/.test(fixed.text)) moneyLike = true;
  const value = Number(fixed.text.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return { value: negative ? -value : value, repaired: repaired || fixed.repaired, moneyLike };
}

/** Parses a printed quantity ("1,772", "13.5"; OCR "3:5" and trailing marks such as `15"` are repaired). */
export function parseQuantity(raw: string): ParsedNumber | null {
  const cleaned = raw.trim().replace(/\s+/g, '').replace(/["'°:;.,]+$/, '');
  const colon = /^\d+:\d+$/.test(cleaned);
  const fixed = repairDigits(colon ? cleaned.replace(':', '.') : cleaned);
  if (!STRICT_QUANTITY.test(fixed.text)) return null;
  const repaired = fixed.repaired || colon || cleaned !== raw.trim().replace(/\s+/g, '');
  return { value: Number(fixed.text.replace(/,/g, '')), repaired, moneyLike: false };
}

const KNOWN_UNITS = ['EA', 'EACH', 'SF', 'LF', 'SY', 'SQ', 'LS', 'HR', 'HRS', 'CY', 'CF', 'GAL', 'TON', 'DAY', 'DAYS', 'MO', 'WK', 'PC', 'PCS', 'SET', 'LOT', 'JOB', 'FT', 'YD'];
const LOWER_CASE_UNITS = new RegExp(`^(${KNOWN_UNITS.join('|')})$`, 'i');

/** A unit of measure as printed (SF, LF, EA, LS, SQ, HR, SY, CY, GAL...): capitals, or a known unit word. */
export function parseUnit(raw: string): string | null {
  const text = raw.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
  const shaped = /^[A-Za-z]{1,4}$/.test(text) || /^[A-Za-z]{1,2}\/[A-Za-z]{1,2}$/.test(text);
  return shaped && (text === text.toUpperCase() || LOWER_CASE_UNITS.test(text)) ? text : null;
}

/**
 * An OCR-garbled unit snapped to the one known unit a single letter away ("kS" → LS); null when
 * none or several are that close ("ES" could be EA or LS).
 */
export function snapUnit(unit: string): string | null {
  const upper = unit.toUpperCase();
  if (KNOWN_UNITS.includes(upper)) return upper;
  const close = KNOWN_UNITS.filter((known) => known.length === upper.length && [...known].filter((char, index) => char !== upper[index]).length === 1);
  return close.length === 1 ? close[0] : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | null {
  const fullYear = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(fullYear, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day || fullYear < 1900 || fullYear > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/** Finds the first date in a text and returns it as ISO `YYYY-MM-DD`. */
export function parseDate(raw: string): string | null {
  const text = raw.replace(/\s+/g, ' ');
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/.exec(text);
  if (numeric) return isoDate(Number(numeric[3]), Number(numeric[1]), Number(numeric[2]));
  const monthFirst = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  const monthIndex = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  if (monthFirst && monthIndex(monthFirst[1]) > 0) {
    return isoDate(Number(monthFirst[3]), monthIndex(monthFirst[1]), Number(monthFirst[2]));
  }
  const dayFirst = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text);
  if (dayFirst && monthIndex(dayFirst[2]) > 0) return isoDate(Number(dayFirst[3]), monthIndex(dayFirst[2]), Number(dayFirst[1]));
  return null;
}

const foldedTokens = new Map<string, string>();

/** Lower-case letters and digits only, with `&` read as `and` (label comparison). */
export function foldToken(text: string): string {
  let folded = foldedTokens.get(text);
  if (folded === undefined) {
    folded = text === '&' ? 'and' : text.toLowerCase().replace(/[^a-z0-9#&%/]/g, '');
    if (foldedTokens.size > 50_000) foldedTokens.clear();
    foldedTokens.set(text, folded);
  }
  return folded;
}

function levenshtein(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

/** 0..1 similarity of two folded tokens; short tokens must match exactly (one OCR slip in "qty" is a different word). */
const similarities = new Map<string, number>();

export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length <= 3 || b.length <= 3) return 0;
  // Cheap bounds first: the length difference alone caps the similarity; labels hold few digits.
  if (1 - Math.abs(a.length - b.length) / Math.max(a.length, b.length) < 0.7) return 0;
  if (/\d/.test(a) !== /\d/.test(b)) return 0;
  const key = `${a}\u0000${b}`;
  let similarity = similarities.get(key);
  if (similarity === undefined) {
    similarity = 1 - levenshtein(a, b) / Math.max(a.length, b.length);
    if (similarities.size > 200_000) similarities.clear();
    similarities.set(key, similarity);
  }
  return similarity;
}

/** Case, space and punctuation folding for comparing descriptions. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
