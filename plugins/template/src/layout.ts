import type { BBox, DocumentModel, Line, Page, Word } from '@docsift/core';
import { foldText, ocrFold } from './text.js';

/** A word, or part of a word split at a label colon (`Email:jo@x.com`). */
export interface Token {
  text: string;
  /** Folded for label comparison (see `ocrFold`). */
  key: string;
  bbox: BBox;
  source: 'text' | 'ocr';
  confidence: number;
  /** The token ends a label (`Name:`). */
  colon: boolean;
}

/** Tokens that share a baseline band, left to right, across the reader's separate lines. */
export interface Row {
  tokens: Token[];
  top: number;
  bottom: number;
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  rows: Row[];
  /** Median token height in points. */
  lineHeight: number;
}

/** A gap wider than this many line heights separates cells (label | value | next label). */
const CELL_GAP_RATIO = 1.5;
const LABEL_COLON = /^(.*?[\p{L}#)\]])([:：])(.*)$/u;

function makeToken(word: Word, text: string, bbox: BBox): Token {
  const trimmed = text.trim();
  const colon = /(^|[\p{L}#)\]])[:：;]$/u.test(trimmed);
  return { text: trimmed, key: ocrFold(foldText(trimmed)), bbox, source: word.source, confidence: word.confidence, colon };
}

/** Splits `Email:jo@x.com` into `Email:` and `jo@x.com`, sharing the box by character count. */
export function tokenize(word: Word): Token[] {
  const match = LABEL_COLON.exec(word.text);
  if (!match || !match[3].trim()) return [makeToken(word, word.text, word.bbox)];
  const head = match[1] + match[2];
  const [x0, y0, x1, y1] = word.bbox;
  const split = x0 + ((x1 - x0) * head.length) / word.text.length;
  const rest: Word = { ...word, text: match[3], bbox: [split, y0, x1, y1] };
  return [makeToken(word, head, [x0, y0, split, y1]), ...tokenize(rest)];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function overlapRatio(a: { top: number; bottom: number }, b: BBox): number {
  const overlap = Math.min(a.bottom, b[3]) - Math.max(a.top, b[1]);
  const shorter = Math.min(a.bottom - a.top, b[3] - b[1]);
  return shorter > 0 ? overlap / shorter : 0;
}

function groupRows(lines: Line[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.bbox[1] + a.bbox[3] - (b.bbox[1] + b.bbox[3]));
  const rows: Row[] = [];
  for (const line of sorted) {
    const row = rows.slice(-3).find((candidate) => overlapRatio(candidate, line.bbox) >= 0.5);
    const tokens = line.words.flatMap(tokenize);
    if (row) {
      row.tokens.push(...tokens);
      row.top = Math.min(row.top, line.bbox[1]);
      row.bottom = Math.max(row.bottom, line.bbox[3]);
    } else {
      rows.push({ tokens, top: line.bbox[1], bottom: line.bbox[3] });
    }
  }
  for (const row of rows) row.tokens.sort((a, b) => a.bbox[0] - b.bbox[0]);
  return rows.filter((row) => row.tokens.length > 0);
}

export function layoutPage(page: Page): PageLayout {
  const rows = groupRows(page.lines);
  const heights = rows.flatMap((row) => row.tokens.map((token) => (token.bbox[3] - token.bbox[1]) * page.height));
  return { number: page.number, width: page.width, height: page.height, rows, lineHeight: median(heights) || 10 };
}

export function layoutDocument(document: DocumentModel): PageLayout[] {
  return document.pages.map(layoutPage);
}

/** True when a cell boundary lies between `tokens[index - 1]` and `tokens[index]`. */
export function isCellBreak(page: PageLayout, tokens: Token[], index: number): boolean {
  if (index <= 0 || index >= tokens.length) return false;
  const gap = (tokens[index].bbox[0] - tokens[index - 1].bbox[2]) * page.width;
  return gap > CELL_GAP_RATIO * page.lineHeight;
}

export function unionBox(tokens: Token[]): BBox {
  return [
    Math.min(...tokens.map((token) => token.bbox[0])),
    Math.min(...tokens.map((token) => token.bbox[1])),
    Math.max(...tokens.map((token) => token.bbox[2])),
    Math.max(...tokens.map((token) => token.bbox[3])),
  ];
}

/** Text of the punctuation-only tokens that carry no value (`:`, `-`, `#`). */
export function isFiller(token: Token): boolean {
  return /^[\p{P}=~]*$/u.test(token.text) && !/[☐☑☒✓✔✗✘]/u.test(token.text);
}
