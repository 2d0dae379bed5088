/**
 * Text folding and fuzzy comparison shared by every reader of labels: one copy for the engine
 * and all plugins.
 */

/** Letters NFKD does not decompose, spelled the way a reader without them would. */
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };
const LIGATURE = /[ßæœøđłþ]/g;

/** Entries a text cache holds before it starts afresh: a page repeats its words, a corpus does not. */
const TEXT_CACHE_LIMIT = 50_000;
/** Longer texts (a paragraph, a page) are read afresh: they seldom repeat, and would fill memory. */
const CACHED_TEXT_LENGTH = 100;

/**
 * `read` of a text, computed once per text while the cache lasts; for pure functions of strings that
 * the readers ask about the same words over and over.
 */
export function cachedByText<T>(read: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (text.length > CACHED_TEXT_LENGTH) return read(text);
    if (cache.has(text)) return cache.get(text)!;
    const value = read(text);
    if (cache.size >= TEXT_CACHE_LIMIT) cache.clear();
    cache.set(text, value);
    return value;
  };
}

/** Lower case without accents or ligatures ("Größe Nº" → "grosse no"). */
export const stripAccents = cachedByText((text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(LIGATURE, (char) => LIGATURES[char] ?? char),
);

/** Lower case, no accents, every run of characters other than letters, digits, `#` and `%` one space. */
export function foldText(text: string): string {
  return stripAccents(text)
    .replace(/[^\p{L}\p{N}#%]+/gu, ' ')
    .trim();
}

/**
 * One printed word folded for label comparison: lower case, no accents, letters, digits, `#`, `%`
 * and `/` kept; a lone `&` reads `and` ("Overhead & Profit").
 */
export const foldWord = cachedByText((text: string): string =>
  text === '&' || text === '+' ? 'and' : stripAccents(text).replace(/[^\p{L}\p{N}#%/]/gu, ''),
);

/**
 * Folds the characters OCR most often confuses in printed labels onto one letter, so that
 * "lnv0ice" and "Invoice" compare equal. Apply to both sides of a comparison of folded text.
 */
export const ocrFold = cachedByText((text: string): string =>
  text
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[1il|!]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5/g, 's')
    .replace(/8/g, 'b'),
);

/** Levenshtein distance; stops early and returns a value above `limit` once every path exceeds it. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > limit) return rowMin;
    previous = current;
  }
  return previous[b.length];
}

const similarities = new Map<string, number>();

/**
 * 0..1 similarity of two folded tokens (1 − edit distance / longer length). Tokens of three
 * characters or fewer must be equal: one slip in "qty" or "tax" makes another word.
 */
export function similarity(a: string, b: string): number {
  if (a === b) return a.length > 0 ? 1 : 0;
  if (a.length <= 3 || b.length <= 3) return 0;
  const longer = Math.max(a.length, b.length);
  // The length difference alone caps the similarity: most pairs stop here.
  if (Math.abs(a.length - b.length) / longer > 0.35) return 0;
  const key = `${a}\u0000${b}`;
  let value = similarities.get(key);
  if (value === undefined) {
    value = 1 - editDistance(a, b, Math.ceil(longer * 0.35)) / longer;
    if (similarities.size > 200_000) similarities.clear();
    similarities.set(key, value);
  }
  return Math.max(0, value);
}

/** `invoiceNumber`, `invoice_number`, `Invoice-Number2` → `['invoice', 'number', '2']`. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((part) => part.toLowerCase());
}
