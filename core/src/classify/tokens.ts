import type { DocumentModel } from '../contracts/document.js';

/** Version tag of the normalisation below; an artifact records it, and a mismatch disables the artifact. */
export const TOKENIZER_VERSION = 'docsift-tokens/2';

/** Long documents are classified from their first tokens only; the type shows on the first pages. */
export const MAX_TOKENS = 12_000;

/**
 * English function words: frequent everywhere, so their weight would only measure how much
 * running text a page holds (which depends on OCR quality and layout, not on the type).
 */
const STOP_WORDS = new Set(
  'a an and are as at be been but by for from has have if in into is it its of on or our shall such that the their then there these this to was were which will with you your'.split(' '),
);

/**
 * One normalised token: lowercase ASCII letters and digits, or null to drop it. Numbers of one
 * or two digits stay (form numbers such as "ACORD 25" versus "ACORD 24" depend on them);
 * longer numbers (amounts, dates, policy and phone numbers) and function words are dropped: how many a page
 * holds depends on the layout and the filler, not on the type. Digits inside words fold to 0.
 */
function normaliseToken(raw: string): string | null {
  let digits = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  if (digits === 0) return STOP_WORDS.has(raw) ? null : raw;
  if (digits === raw.length) return raw.length <= 2 ? raw : null;
  return raw.replace(/\d+/g, '0');
}

/** Lowercases, strips accents and punctuation, folds digits; returns the tokens of one line. */
export function tokenizeLine(line: string): string[] {
  const lower = line.toLowerCase();
  const folded = /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
  const tokens: string[] = [];
  for (const raw of folded.split(/[^a-z0-9]+/)) {
    const token = raw.length > 0 && raw.length <= 40 ? normaliseToken(raw) : null;
    if (token) tokens.push(token);
  }
  return tokens;
}

/** Tokens per line, in reading order, up to `MAX_TOKENS` in all. Empty lines are dropped. */
export function tokenizeLines(lines: Iterable<string>): string[][] {
  const result: string[][] = [];
  let total = 0;
  for (const line of lines) {
    if (total >= MAX_TOKENS) break;
    const tokens = tokenizeLine(line).slice(0, MAX_TOKENS - total);
    if (tokens.length === 0) continue;
    result.push(tokens);
    total += tokens.length;
  }
  return result;
}

export function tokenizeText(text: string): string[][] {
  return tokenizeLines(text.split(/\r?\n/));
}

/**
 * The text lines a classifier sees: every page's lines (text layer or OCR alike), then the
 * string values of form fields (a fillable form keeps its data there, not in the text layer).
 */
export function documentLines(document: DocumentModel): string[] {
  const lines: string[] = [];
  for (const page of document.pages) {
    if (page.lines.length > 0) for (const line of page.lines) lines.push(line.text);
    else if (page.words.length > 0) lines.push(page.words.map((word) => word.text).join(' '));
  }
  for (const field of document.formFields) {
    if (typeof field.value === 'string' && field.value.trim()) lines.push(field.value);
  }
  return lines;
}
