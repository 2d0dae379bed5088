import type { Word } from '@docsift/core';
import { foldText, type LayoutRow } from '@docsift/core/layout';

/** ISO 4217 codes as printed, and the signs that stand for one currency only. */
const CODES = new Set(['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD', 'ARS', 'MXN', 'BRL', 'CLP', 'COP', 'PEN', 'UYU', 'JPY', 'CNY', 'INR', 'IDR', 'MYR', 'SGD', 'HKD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'ZAR', 'TRY']);
const SIGNS: Array<[RegExp, string]> = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥/, 'JPY'],
  [/₹/, 'INR'],
  [/\bR\$/, 'BRL'],
  [/\bC\$|\bCA\$/, 'CAD'],
  [/\bA\$|\bAU\$/, 'AUD'],
  [/\bUS\$/, 'USD'],
  [/^Rp\.?$|^Rp\d/, 'IDR'],
];
/** Words of a country's documents (folded) that say which currency a bare "$" is. */
const DOLLAR_CONTEXT: Array<[RegExp, string]> = [
  [/\b(afip|cuit|pesos|iibb|ingresos brutos|argentina)\b/, 'ARS'],
  [/\b(rfc|cfdi|mexico)\b/, 'MXN'],
  [/\b(hst|canada|ontario|quebec|british columbia)\b/, 'CAD'],
  [/\b(abn|australia|nsw|victoria)\b/, 'AUD'],
  [/\b(nz|new zealand)\b/, 'NZD'],
];

export interface FoundCurrency {
  code: string;
  quality: number;
  words: Word[];
}

/** The currency a run of words names: an ISO code, or a sign that stands for one currency. */
export function currencyOf(words: Word[]): FoundCurrency | null {
  for (const word of words) {
    const code = word.text.toUpperCase().replace(/[^A-Z]/g, '');
    if (CODES.has(code) && /^[A-Za-z]{3}[.:,)]*$|^\d/.test(word.text.replace(/^[(]/, ''))) return { code, quality: 1, words: [word] };
    const embedded = /(?:^|[\d\s])([A-Z]{3})$/.exec(word.text);
    if (embedded && CODES.has(embedded[1])) return { code: embedded[1], quality: 0.95, words: [word] };
    for (const [pattern, sign] of SIGNS) if (pattern.test(word.text)) return { code: sign, quality: 0.95, words: [word] };
  }
  return null;
}

/**
 * The document's currency: the code or sign printed most often beside its amounts; a bare "$" is
 * US dollars unless the document's own words place it in another dollar or peso country. Null
 * when nothing names one.
 */
export function documentCurrency(rows: LayoutRow[]): FoundCurrency | null {
  const counts = new Map<string, { count: number; words: Word[] }>();
  let dollar: Word[] = [];
  for (const row of rows) {
    for (const word of row.words) {
      const found = currencyOf([word]);
      if (found) {
        const entry = counts.get(found.code) ?? { count: 0, words: [] };
        entry.count += found.quality === 1 ? 2 : 1;
        entry.words.push(word);
        counts.set(found.code, entry);
      } else if (/\$/.test(word.text)) {
        dollar = [...dollar, word];
      }
    }
  }
  const best = [...counts].sort((a, b) => b[1].count - a[1].count)[0];
  if (best) return { code: best[0], quality: 0.9, words: best[1].words.slice(0, 1) };
  if (dollar.length === 0) return null;
  const text = foldText(rows.map((row) => row.text).join(' '));
  const local = DOLLAR_CONTEXT.find(([pattern]) => pattern.test(text));
  return { code: local?.[1] ?? 'USD', quality: local ? 0.8 : 0.75, words: dollar.slice(0, 1) };
}
