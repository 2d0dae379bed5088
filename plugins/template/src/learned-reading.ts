import { LEARNED_LAYOUT_VERSION, type BBox, type DocumentModel, type FieldSpec, type LayoutFingerprint, type LearnedAnchor, type LearnedField, type LearnedLayout, type Word } from '@docsift/core';
import { endsWithColon, meanConfidence, readLayout, rowHeightsToX, startsCell, wordsBox, type DocumentLayout, type LayoutRow } from '@docsift/core/layout';
import { fingerprintOf, fingerprintSimilarity, HEAD_END, wordHash } from './fingerprint.js';
import { shapeOf } from './learn.js';
import { continuationStart, lineStarts } from './locate.js';
import { COMPACT_TYPES, maxLines } from './parse.js';
import { readRegion } from './values.js';

/**
 * Reading a document with a learned layout: the layout whose fingerprint matches the document best
 * (if one matches well enough), then each learned field where its label words say it is, or else
 * where it was on the learned page.
 */

export interface LayoutMatch {
  layout: LearnedLayout;
  /** 0..1, see `layoutSimilarity`. */
  similarity: number;
}

export interface LearnedValue {
  value: unknown;
  words: Word[];
  page: number;
  confidence: number;
}

/** How sure a learned place is: its label found near where it was learned, found elsewhere, or no label at all. */
const PLACE_CONFIDENCE = { anchoredNear: 0.95, anchoredElsewhere: 0.85, pagePosition: 0.8 } as const;
/** A label this close (page fractions, x plus y) to its learned place is where it was learned. */
const NEAR = 0.1;
/** A learned line is this many of its heights from a row's centre at most. */
const LINE_TOLERANCE = 0.8;

/**
 * Share of the labels learned in the head of the first page printed where they were learned; null
 * when the layout learned none there. Labels further down move with the content above them.
 */
function labelsInPlace(reading: DocumentLayout, layout: LearnedLayout): { inPlace: number; count: number } | null {
  const anchors = layout.fields.flatMap((field) => (field.status === 'located' && field.page === 1 ? field.anchors.filter((anchor) => anchor.box[1] <= HEAD_END) : []));
  if (anchors.length === 0) return null;
  const inPlace = anchors.filter((anchor) => {
    const found = findAnchor(reading, anchor, 1);
    return found !== null && found.page === 1 && found.distance <= NEAR;
  });
  return { inPlace: inPlace.length / anchors.length, count: anchors.length };
}

/** The learned labels count this share of a layout's similarity at most, when there are at least this many. */
const LABELS_SHARE = 0.5;
const LABELS_FOR_FULL_SHARE = 3;

/**
 * 0..1: how well a learned layout fits the document: the fingerprints' similarity, and the share of
 * the learned labels in place counting up to half (less when fewer than three labels were learned,
 * nothing when none was). Values and letterheads vary between documents of one layout; labels do not.
 */
function layoutSimilarity(reading: DocumentLayout, layout: LearnedLayout, fingerprint: LayoutFingerprint = fingerprintOf(reading)): number {
  const words = fingerprintSimilarity(layout.fingerprint, fingerprint);
  if (words === 0) return 0;
  const labels = labelsInPlace(reading, layout);
  if (labels === null) return words;
  const share = LABELS_SHARE * Math.min(1, labels.count / LABELS_FOR_FULL_SHARE);
  return Math.round(((1 - share) * words + share * labels.inPlace) * 1000) / 1000;
}

/** 0..1 for each learned layout: how well it fits the document (see `layoutSimilarity`); 0.5 or more is a match by default. */
export function learnedLayoutSimilarities(document: DocumentModel, layouts: readonly LearnedLayout[]): number[] {
  const reading = readLayout(document);
  const fingerprint = fingerprintOf(reading);
  return layouts.map((layout) => layoutSimilarity(reading, layout, fingerprint));
}

/** The learned layout that fits the document best, when it fits at least `minSimilarity`. */
export function matchLayout(reading: DocumentLayout, layouts: readonly LearnedLayout[], minSimilarity: number): LayoutMatch | null {
  if (layouts.length === 0 || reading.rows.length === 0) return null;
  const fingerprint = fingerprintOf(reading);
  let best: LayoutMatch | null = null;
  for (const layout of layouts) {
    if (layout.version !== LEARNED_LAYOUT_VERSION) continue;
    const similarity = layoutSimilarity(reading, layout, fingerprint);
    if (similarity >= minSimilarity && similarity > (best?.similarity ?? 0)) best = { layout, similarity };
  }
  return best;
}

type Located = Extract<LearnedField, { status: 'located' }>;

/** The page a learned value is looked for on: the first stays first, the last stays last, else the same number. */
function expectedPage(learned: Located, lastPage: number): number {
  if (learned.page === 1) return 1;
  if (learned.pagesAfter === 0) return lastPage;
  return Math.min(learned.page, lastPage);
}

/** An anchor counts as found when at least this share of its words are printed in order from its first. */
const MIN_ANCHOR_SHARE = 2 / 3;

interface FoundAnchor {
  words: Word[];
  page: number;
  /** From its learned place: page fractions, x plus y. */
  distance: number;
  /** Share of the anchor's words found. */
  share: number;
}

/**
 * Where the anchor's words are printed: all of them, or most of them from the first ("Total Base
 * Proposal" for "TOTAL BASE BID"); more of them first, then the place nearest the learned one on
 * the expected page.
 */
function findAnchor(reading: DocumentLayout, anchor: LearnedAnchor, page: number): FoundAnchor | null {
  const needed = Math.max(1, Math.ceil(anchor.words.length * MIN_ANCHOR_SHARE));
  let best: (FoundAnchor & { cost: number }) | null = null;
  for (const row of reading.rows) {
    const hashed = row.words.filter((word) => wordHash(word) !== null);
    for (let start = 0; start < hashed.length; start += 1) {
      let length = 0;
      while (length < anchor.words.length && start + length < hashed.length && wordHash(hashed[start + length]) === anchor.words[length]) length += 1;
      if (length < needed) continue;
      const words = hashed.slice(start, start + length);
      const box = wordsBox(words)!;
      const distance = Math.abs(box[0] - anchor.box[0]) + Math.abs(box[1] - anchor.box[1]);
      const share = length / anchor.words.length;
      const cost = 2 * (1 - share) + distance + (row.page === page ? 0 : 1);
      if (!best || cost < best.cost) best = { words, page: row.page, distance, share, cost };
    }
  }
  return best;
}

/** The row holding a value's first line: the one whose centre is nearest the line's centre. */
function rowAt(reading: DocumentLayout, page: number, box: BBox, lines: number): LayoutRow | null {
  const lineHeight = (box[3] - box[1]) / lines;
  const target = box[1] + lineHeight / 2;
  let best: LayoutRow | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const row of reading.rows) {
    if (row.page !== page) continue;
    const distance = Math.abs((row.top + row.bottom) / 2 - target);
    if (distance < bestDistance) [best, bestDistance] = [row, distance];
  }
  return best && bestDistance <= LINE_TOLERANCE * Math.max(lineHeight, best.bottom - best.top) ? best : null;
}

/**
 * The words of a row under the box, run on to the end of their cell, without label words; a short
 * typed value may also have grown to the left (a right-aligned amount).
 */
function lineAt(row: LayoutRow, box: BBox, field: FieldSpec, learned: Located, labels: ReadonlySet<Word>, stops: ReadonlySet<Word>): Word[] {
  const tolerance = rowHeightsToX(row, 0.5);
  const compact = COMPACT_TYPES.has(field.type);
  const under = row.words
    .map((word, index) => ({ word, index }))
    .filter(({ word }) => word.bbox[2] >= box[0] - tolerance && word.bbox[0] <= box[2] + tolerance && !labels.has(word));
  // Text grown to the left is a centred heading's; a word run on from the left inside a cell is not the value's ("Renovation of").
  while (!compact && under.length > 0 && under[0].word.bbox[0] < box[0] - tolerance && !startsCell(row, under[0].index)) under.shift();
  if (under.length === 0) return [];
  let start = under[0].index;
  let end = under[under.length - 1].index;
  const isLabel = (word: Word): boolean => labels.has(word) || stops.has(word) || endsWithColon(word);
  const followsValue = (word: Word | undefined): boolean => word !== undefined && learned.after !== undefined && wordHash(word) === learned.after[0];
  while (end + 1 < row.words.length && !startsCell(row, end + 1) && !isLabel(row.words[end + 1]) && !followsValue(row.words[end + 1])) end += 1;
  while (compact && start > 0 && !startsCell(row, start) && !isLabel(row.words[start - 1])) start -= 1;
  // Punctuation between the value and the words printed after it ("Karen Lindqvist - FHA Case No.") is neither's.
  if (followsValue(row.words[end + 1])) while (end > start && PUNCTUATION.test(row.words[end].text)) end -= 1;
  return row.words.slice(start, end + 1).filter((word) => !labels.has(word));
}

const PUNCTUATION = /^[\p{P}\p{S}]+$/u;

/** The value's lines from `row` down: on the following rows, the cell that starts where the value's lines may start. */
function linesFrom(reading: DocumentLayout, row: LayoutRow, first: Word[], count: number): Word[][] {
  const lines = [first];
  const starts = lineStarts(row, first[0]);
  for (let current = row; lines.length < count; ) {
    const next = continuationStart(reading, current, starts);
    if (!next) break;
    let end = next.index + 1;
    while (end < next.row.words.length && !startsCell(next.row, end)) end += 1;
    const words = next.row.words.slice(next.index, end);
    if (words.some((word) => reading.stops.has(word) || endsWithColon(word))) break;
    lines.push(words);
    current = next.row;
  }
  return lines;
}

function readAt(reading: DocumentLayout, field: FieldSpec, learned: Located, page: number, box: BBox, labels: ReadonlySet<Word>): { value: unknown; words: Word[]; quality: number } | null {
  const row = rowAt(reading, page, box, learned.lines);
  if (!row) return null;
  const first = lineAt(row, box, field, learned, labels, reading.stops);
  if (first.length === 0) return null;
  const lines = linesFrom(reading, row, first, Math.min(learned.lines, maxLines(field.type)));
  const read = readRegion({ lines, arrangement: 'right', weight: 1, page }, field, null, reading.conventions, reading.stops);
  return read ? { value: read.value, words: read.words, quality: read.quality } : null;
}

const shifted = (anchorBox: BBox, offset: LearnedAnchor['offset']): BBox => [anchorBox[0] + offset[0], anchorBox[1] + offset[1], anchorBox[0] + offset[2], anchorBox[1] + offset[3]];

/**
 * A learned field read on the document: where its label words say it is; when none of them is
 * printed (they were none, or words that change between documents), where it was on the learned
 * page, if that was in the head of the first page (lower down, places move with the content). Null
 * when nothing there parses.
 */
function readLocated(reading: DocumentLayout, field: FieldSpec, learned: Located, similarity: number): LearnedValue | null {
  const lastPage = reading.rows[reading.rows.length - 1].page;
  const page = expectedPage(learned, lastPage);
  const attempts: Array<{ page: number; box: BBox; labels: Set<Word>; place: number }> = [];
  for (const anchor of learned.anchors) {
    const found = findAnchor(reading, anchor, page);
    if (!found) continue;
    const near = found.page === page && found.distance <= NEAR;
    const place = (near ? PLACE_CONFIDENCE.anchoredNear : PLACE_CONFIDENCE.anchoredElsewhere) * (0.7 + 0.3 * found.share);
    attempts.push({ page: found.page, box: shifted(wordsBox(found.words)!, anchor.offset), labels: new Set(found.words), place });
  }
  if (attempts.length === 0 && learned.page === 1 && learned.box[1] <= HEAD_END) {
    attempts.push({ page: 1, box: learned.box, labels: new Set(), place: PLACE_CONFIDENCE.pagePosition });
  }
  for (const attempt of attempts.sort((a, b) => b.place - a.place)) {
    const read = readAt(reading, field, learned, attempt.page, attempt.box, attempt.labels);
    // A name read where a number is printed (or the other way round) is another value: the place is off.
    if (!read || (learned.shape && shapeOf(String(read.value)) !== learned.shape)) continue;
    const confidence = attempt.place * (0.7 + 0.3 * similarity) * read.quality * meanConfidence(read.words);
    return { value: read.value, words: read.words, page: attempt.page, confidence: Math.round(Math.min(1, confidence) * 1000) / 1000 };
  }
  return null;
}

/**
 * The fields the matched layout has learned, read on the document. Fields it has not learned, or
 * whose value is not where it learned it, are left out: the extractor reads them as usual.
 */
export function readLearnedFields(reading: DocumentLayout, fields: FieldSpec[], match: LayoutMatch): Map<string, LearnedValue> {
  const values = new Map<string, LearnedValue>();
  for (const field of fields) {
    const learned = match.layout.fields.find((candidate) => candidate.name === field.name && candidate.type === field.type);
    if (!learned || learned.status !== 'located' || field.type === 'list') continue;
    const value = readLocated(reading, field, learned, match.similarity);
    if (value) values.set(field.name, value);
  }
  return values;
}
