import type { BBox, DocumentModel, Word } from '@docsift/core';
import { foldToken, tokenSimilarity } from './parse.js';

/** One visual row of a page: words whose vertical extents overlap, left to right. */
export interface Row {
  page: number;
  /** Index of the row in document order. */
  index: number;
  words: Word[];
  top: number;
  bottom: number;
  /** Median word height: the unit for gaps and tolerances on this row. */
  height: number;
  text: string;
  /** Printed at the same place on most pages (running header or footer). */
  furniture: boolean;
}

const ROW_OVERLAP = 0.5;
const PAGE_NUMBER = /^(page\s*\d+(\s*(of|\/)\s*\d+)?|\d+\s*of\s*\d+|-\s*\d+\s*-)$/i;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function unionBox(words: Word[]): BBox | null {
  if (words.length === 0) return null;
  const round = (value: number): number => Math.round(value * 10000) / 10000;
  return [
    round(Math.min(...words.map((word) => word.bbox[0]))),
    round(Math.min(...words.map((word) => word.bbox[1]))),
    round(Math.max(...words.map((word) => word.bbox[2]))),
    round(Math.max(...words.map((word) => word.bbox[3]))),
  ];
}

export const joinWords = (words: Word[]): string => words.map((word) => word.text).join(' ');

function makeRow(page: number, words: Word[]): Row {
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  return {
    page,
    index: 0,
    words: sorted,
    top: Math.min(...sorted.map((word) => word.bbox[1])),
    bottom: Math.max(...sorted.map((word) => word.bbox[3])),
    height: median(sorted.map((word) => word.bbox[3] - word.bbox[1])),
    text: joinWords(sorted),
    furniture: false,
  };
}

/** One row made of two stacked rows (a header printed on two lines). */
export function mergeRows(upper: Row, lower: Row): Row {
  return { ...makeRow(upper.page, [...upper.words, ...lower.words]), index: upper.index, furniture: false };
}

/** OCR reads table rulings as bars and brackets glued to the words ("$1,285.00]", "|"). */
function withoutRulings(word: Word): Word {
  if (word.source !== 'ocr') return word;
  const text = word.text.replace(/^[|[\]{}]+|[|[\]{}]+$/g, '');
  return text === word.text ? word : { ...word, text };
}

function groupRows(page: number, words: Word[]): Row[] {
  const sorted = words
    .map(withoutRulings)
    .filter((word) => word.text.trim() !== '')
    .sort((a, b) => (a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2);
  const groups: Array<{ top: number; bottom: number; words: Word[] }> = [];
  for (const word of sorted) {
    const height = word.bbox[3] - word.bbox[1];
    const group = groups.slice(-3).find((candidate) => {
      const overlap = Math.min(candidate.bottom, word.bbox[3]) - Math.max(candidate.top, word.bbox[1]);
      return overlap >= ROW_OVERLAP * Math.min(height, candidate.bottom - candidate.top);
    });
    if (group) {
      group.words.push(word);
      group.top = Math.min(group.top, word.bbox[1]);
      group.bottom = Math.max(group.bottom, word.bbox[3]);
    } else {
      groups.push({ top: word.bbox[1], bottom: word.bbox[3], words: [word] });
    }
  }
  return groups.map((group) => makeRow(page, group.words));
}

/** Removes "Page 2 of 4" style page numbers, which would otherwise read as amounts in a right-hand column. */
function withoutPageNumbers(row: Row): Row {
  const words = row.words;
  for (let start = 0; start < words.length; start += 1) {
    for (let length = Math.min(4, words.length - start); length >= 1; length -= 1) {
      if (PAGE_NUMBER.test(joinWords(words.slice(start, start + length)))) {
        const rest = [...words.slice(0, start), ...words.slice(start + length)];
        return rest.length === 0 ? { ...row, words: [], text: '' } : { ...makeRow(row.page, rest), index: row.index };
      }
    }
  }
  return row;
}

/**
 * Text printed at the same height on several pages (running headers and footers), with digits
 * folded so "Printed 02/06/2026" on each page counts as one line.
 */
const furnitureKey = (row: Row): string => `${Math.round(row.top * 50)}|${row.text.toLowerCase().replace(/\d+/g, '#')}`;
const MARGIN_BAND = 0.12;

function markFurniture(rowsByPage: Row[][]): void {
  if (rowsByPage.length < 2) return;
  const inMargin = (row: Row): boolean => row.top < MARGIN_BAND || row.bottom > 1 - MARGIN_BAND;
  const pagesPerKey = new Map<string, number>();
  for (const rows of rowsByPage) {
    for (const key of new Set(rows.filter(inMargin).map(furnitureKey))) pagesPerKey.set(key, (pagesPerKey.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, rowsByPage.length - 1);
  for (const row of rowsByPage.flat()) {
    row.furniture = inMargin(row) && (pagesPerKey.get(furnitureKey(row)) ?? 0) >= needed;
  }
}

/** Rows of every page in reading order, page numbers removed, running headers and footers marked. */
export function buildRows(document: DocumentModel): Row[] {
  const rowsByPage = document.pages.map((page) =>
    groupRows(page.number, page.words)
      .map(withoutPageNumbers)
      .filter((row) => row.words.length > 0),
  );
  markFurniture(rowsByPage);
  const rows = rowsByPage.flat();
  rows.forEach((row, index) => (row.index = index));
  return rows;
}

/** A label phrase found in a row: the word range it covers. */
export interface PhraseMatch {
  start: number;
  end: number;
}

/** Folded tokens of a label phrase ("Overhead & Profit" → overhead, and, profit). */
export function phraseTokens(phrase: string): string[] {
  return phrase
    .split(/\s+/)
    .map(foldToken)
    .filter((token) => token !== '');
}

export const MIN_TOKEN_SIMILARITY = 0.78;

/** Whether the words from `start` spell the phrase (fuzzy per token, words close together). */
export function matchPhraseAt(row: Row, start: number, tokens: string[]): PhraseMatch | null {
  let wordIndex = start;
  for (let tokenIndex = 0; tokenIndex < tokens.length; tokenIndex += 1) {
    const word = row.words[wordIndex];
    if (!word) return null;
    if (tokenIndex > 0 && word.bbox[0] - row.words[wordIndex - 1].bbox[2] > row.height * 1.5) return null;
    if (tokenSimilarity(foldToken(word.text), tokens[tokenIndex]) < MIN_TOKEN_SIMILARITY) return null;
    wordIndex += 1;
  }
  return { start, end: wordIndex };
}

/** Horizontal gap before word `index` of a row, in row heights (Infinity for the first word). */
export function gapBefore(row: Row, index: number): number {
  if (index <= 0) return Number.POSITIVE_INFINITY;
  return (row.words[index].bbox[0] - row.words[index - 1].bbox[2]) / Math.max(row.height, 1e-6);
}

/** Splits a row into cells at gaps wider than `gap` row heights. */
export function cellsOf(row: Row, gap = 1.5): Word[][] {
  const cells: Word[][] = [];
  row.words.forEach((word, index) => {
    if (index === 0 || gapBefore(row, index) > gap) cells.push([word]);
    else cells[cells.length - 1].push(word);
  });
  return cells;
}
