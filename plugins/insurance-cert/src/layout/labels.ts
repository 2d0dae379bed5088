import type { BBox } from '@docsift/core';
import { centreInside, editDistance, wordsBox } from '@docsift/core/layout';
import { captionKey, type PageLayout, type Token } from './page-layout.js';

/** Where a printed label was found, and how closely it matched (1 = exact). */
export interface LabelMatch {
  tokens: Token[];
  bbox: BBox;
  score: number;
  /** Index of the row in the layout, and of the first and last token in that row. */
  row: number;
  start: number;
  end: number;
}

export interface LabelOptions {
  /** Minimum similarity (1 - edit distance / length); defaults by label length. */
  minScore?: number;
  /** The label must be the first word of its row segment (a box caption, not a word in a sentence). */
  segmentStart?: boolean;
  /** Only tokens whose box lies inside this region. */
  within?: BBox;
}

function defaultMinScore(length: number): number {
  if (length <= 3) return 1;
  if (length <= 6) return 0.8;
  return 0.78;
}

function inside(token: Token, box: BBox | undefined): boolean {
  return !box || centreInside(token.bbox, box);
}

/** First word of its segment: nothing just before it, or the word before lies outside the searched region. */
function startsSegment(row: Token[], index: number, layout: PageLayout, within: BBox | undefined): boolean {
  let before = index - 1;
  while (before >= 0 && row[before].folded === '' && row[before].text.length === 1) before--;
  if (before < 0 || !inside(row[before], within)) return true;
  const gap = row[index].bbox[0] - row[before].bbox[2];
  return gap > (layout.wordHeight * 1.5) / layout.aspect;
}

/** Count of each character code, left all zero between calls (a window is compared with its phrase many times a page). */
const characterCounts = new Int32Array(0x10000);

/**
 * The fewest edits that can turn one text into the other, counted without their order: the characters
 * one has more of than the other. Never more than the edit distance, and far cheaper.
 */
function editsAtLeast(a: string, b: string): number {
  for (let index = 0; index < a.length; index++) characterCounts[a.charCodeAt(index)]++;
  for (let index = 0; index < b.length; index++) characterCounts[b.charCodeAt(index)]--;
  let surplus = 0;
  let shortfall = 0;
  for (const text of [a, b]) {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const count = characterCounts[code];
      if (count > 0) surplus += count;
      else shortfall -= count;
      characterCounts[code] = 0;
    }
  }
  return Math.max(surplus, shortfall);
}

/** Similarity, or 0 as soon as it is certain to fall below `minScore` (most windows are far off). */
function similarityAtLeast(text: string, target: string, minScore: number): number {
  const length = Math.max(text.length, target.length);
  const limit = Math.floor((1 - minScore) * length + 1e-9);
  if (Math.abs(text.length - target.length) > limit || editsAtLeast(text, target) > limit) return 0;
  const distance = editDistance(text, target, limit);
  return distance > limit ? 0 : 1 - distance / length;
}

/** Best window of consecutive tokens starting at `start` whose letters spell the phrase. */
function matchAt(row: Token[], start: number, target: string, layout: PageLayout, within: BBox | undefined, minScore: number): { end: number; score: number } | null {
  const maxGap = (layout.wordHeight * 2.5) / layout.aspect;
  let text = '';
  let best: { end: number; score: number } | null = null;
  for (let end = start; end < row.length; end++) {
    const token = row[end];
    if (!inside(token, within)) break;
    if (end > start && token.bbox[0] - row[end - 1].bbox[2] > maxGap) break;
    text += token.folded;
    if (text.length > target.length * 1.3 + 2) break;
    if (text.length < target.length * 0.7) continue;
    const score = similarityAtLeast(text, target, minScore);
    if (score > 0 && (!best || score > best.score)) best = { end, score };
  }
  return best;
}

/**
 * Finds a printed label by its letters, tolerating OCR errors and split or merged words.
 * Matches are sorted best first.
 */
export function findLabel(layout: PageLayout, phrase: string, options: LabelOptions = {}): LabelMatch[] {
  const target = captionKey(phrase);
  const minScore = options.minScore ?? defaultMinScore(target.length);
  const matches: LabelMatch[] = [];
  const [, top, , bottom] = options.within ?? [0, 0, 1, 1];
  layout.rows.forEach((row, rowIndex) => {
    const middle = (row[0].bbox[1] + row[0].bbox[3]) / 2;
    if (middle < top - layout.wordHeight || middle > bottom + layout.wordHeight) return;
    for (let start = 0; start < row.length; start++) {
      const first = row[start].folded;
      if (first.length === 0 || !inside(row[start], options.within)) continue;
      if (first[0] !== target[0] && first[1] !== target[1] && first[0] !== target[1]) continue;
      if (options.segmentStart && !startsSegment(row, start, layout, options.within)) continue;
      const found = matchAt(row, start, target, layout, options.within, minScore);
      if (found && found.score >= minScore) {
        const tokens = row.slice(start, found.end + 1);
        matches.push({ tokens, bbox: wordsBox(tokens)!, score: found.score, row: rowIndex, start, end: found.end });
      }
    }
  });
  return removeOverlaps(matches.sort((a, b) => b.score - a.score));
}

function removeOverlaps(matches: LabelMatch[]): LabelMatch[] {
  const kept: LabelMatch[] = [];
  for (const match of matches) {
    const overlaps = kept.some((other) => other.row === match.row && match.start <= other.end && other.start <= match.end);
    if (!overlaps) kept.push(match);
  }
  return kept;
}

/** The highest match on the page, or undefined. */
export function topmost(matches: LabelMatch[]): LabelMatch | undefined {
  return [...matches].sort((a, b) => a.bbox[1] - b.bbox[1])[0];
}

/** The lowest match on the page, or undefined. */
export function lowest(matches: LabelMatch[]): LabelMatch | undefined {
  return [...matches].sort((a, b) => b.bbox[1] - a.bbox[1])[0];
}

/** The best match, or undefined. */
export function findBest(layout: PageLayout, phrase: string, options: LabelOptions = {}): LabelMatch | undefined {
  return findLabel(layout, phrase, options)[0];
}
