import type { FieldSpec, Word } from '@docsift/core';
import { foldText, ocrFold, rowGap, rowHeightsToX, similarity, startsCell, textOf, type DocumentLayout, type LayoutRow } from '@docsift/core/layout';
import { COMPACT_TYPES, PARSERS } from './parse.js';

/**
 * Finds where a given value (a user's corrected value) is printed: typed values by parsing windows
 * of words (`$1,234.50` is 1234.5, `15.03.2024` is 2024-03-15), text by its folded words in print
 * order, over several aligned lines for addresses.
 */

/** Where a value is printed: its lines of words, from `row` down. */
export interface Occurrence {
  page: number;
  row: LayoutRow;
  lines: Word[][];
}

/** Words a typed value may span ("March 5, 2024", "USD 1,234.50"). */
const MAX_WINDOW = 6;
/** Lines a text value may span. */
const MAX_LINES = 6;
/** A continuation line starts this many row heights from the value's first word at most. */
const ALIGN_TOLERANCE = 1.5;
/** Rows further apart than this (row heights) are not one value. */
const MAX_LINE_GAP = 1.5;
/** Two folded words of at least five letters this alike are one word misread (OCR). */
const MIN_TOKEN_SIMILARITY = 0.8;

const tokensOf = (text: string): string[] => foldText(text).split(' ').filter(Boolean);

function sameToken(printed: string, wanted: string): boolean {
  if (printed === wanted || ocrFold(printed) === ocrFold(wanted)) return true;
  return printed.length >= 5 && similarity(printed, wanted) >= MIN_TOKEN_SIMILARITY;
}

const isNumeric = (type: FieldSpec['type']): boolean => type === 'currency' || type === 'number' || type === 'integer';

function sameTyped(type: FieldSpec['type'], wanted: unknown, parsed: unknown): boolean {
  if (isNumeric(type)) return typeof wanted === 'number' && typeof parsed === 'number' && Math.abs(wanted - parsed) < 0.005;
  if (type === 'phone') return typeof wanted === 'string' && typeof parsed === 'string' && wanted.replace(/\D/g, '') === parsed.replace(/\D/g, '');
  return typeof wanted === 'string' && typeof parsed === 'string' && wanted.toLowerCase() === parsed.toLowerCase();
}

/** Typed values: the shortest windows of a row's words that parse to the value. */
function typedOccurrences(reading: DocumentLayout, field: FieldSpec, value: unknown): Occurrence[] {
  const found: Occurrence[] = [];
  const parse = PARSERS[field.type];
  for (const row of reading.rows) {
    const used = new Set<Word>();
    for (let length = 1; length <= MAX_WINDOW; length += 1) {
      for (let start = 0; start + length <= row.words.length; start += 1) {
        const window = row.words.slice(start, start + length);
        if (window.some((word) => used.has(word))) continue;
        const parsed = parse(textOf(window), reading.conventions);
        if (!parsed || !sameTyped(field.type, value, parsed.value)) continue;
        for (const word of window) used.add(word);
        found.push({ page: row.page, row, lines: [window] });
      }
    }
  }
  return found.sort((a, b) => a.row.index - b.row.index || a.lines[0][0].bbox[0] - b.lines[0][0].bbox[0]);
}

/**
 * Where the lines after a value's first line may start: under its first word, or under a word
 * before it in its cell ("Project: Renovation of 2777 Magnolia Blvd" over "Jacksonville, FL").
 */
export function lineStarts(row: LayoutRow, first: Word): number[] {
  const starts = [first.bbox[0]];
  for (let index = row.words.indexOf(first); index > 0 && !startsCell(row, index); index -= 1) starts.push(row.words[index - 1].bbox[0]);
  return starts;
}

/** The next row of the same page, close below, with a word starting where the value's lines may start. */
export function continuationStart(reading: DocumentLayout, row: LayoutRow, starts: readonly number[]): { row: LayoutRow; index: number } | null {
  const next = reading.rows[row.index + 1];
  if (!next || next.page !== row.page || rowGap(row, next) > MAX_LINE_GAP) return null;
  const tolerance = rowHeightsToX(next, ALIGN_TOLERANCE);
  const index = next.words.findIndex((word) => starts.some((x0) => Math.abs(word.bbox[0] - x0) <= tolerance));
  return index < 0 ? null : { row: next, index };
}

/** The value's words in print order from word `index` of `row`, on aligned lines below when the row runs out; null when they differ. */
function matchFrom(reading: DocumentLayout, row: LayoutRow, index: number, wanted: string[]): Word[][] | null {
  const starts = lineStarts(row, row.words[index]);
  const lines: Word[][] = [[]];
  let [current, position, matched] = [row, index, 0];
  while (matched < wanted.length) {
    const word = current.words[position];
    const tokens = word ? tokensOf(word.text) : [];
    const fits = word !== undefined && tokens.every((token, offset) => matched + offset < wanted.length && sameToken(token, wanted[matched + offset]));
    if (word && fits && (tokens.length > 0 || lines[lines.length - 1].length > 0)) {
      lines[lines.length - 1].push(word);
      matched += tokens.length;
      position += 1;
      continue;
    }
    if (lines[lines.length - 1].length === 0 || lines.length >= MAX_LINES) return null;
    const next = continuationStart(reading, current, starts);
    if (!next) return null;
    [current, position] = [next.row, next.index];
    lines.push([]);
  }
  return lines;
}

/** Text values: every place the value's folded words are printed in order. */
function textOccurrences(reading: DocumentLayout, value: string): Occurrence[] {
  const wanted = tokensOf(value);
  if (wanted.length === 0) return [];
  const found: Occurrence[] = [];
  const used = new Set<Word>();
  for (const row of reading.rows) {
    row.words.forEach((word, index) => {
      if (used.has(word) || tokensOf(word.text).length === 0) return;
      const lines = matchFrom(reading, row, index, wanted);
      if (!lines) return;
      for (const matchedWord of lines.flat()) used.add(matchedWord);
      found.push({ page: row.page, row, lines });
    });
  }
  return found;
}

/** Every place the field's value is printed, in print order; none for a boolean (a mark says nothing of where). */
export function occurrencesOf(reading: DocumentLayout, field: FieldSpec, value: unknown): Occurrence[] {
  if (value === null || value === undefined || value === '' || field.type === 'boolean') return [];
  if (COMPACT_TYPES.has(field.type)) return typedOccurrences(reading, field, value);
  return typeof value === 'string' || typeof value === 'number' ? textOccurrences(reading, String(value)) : [];
}
