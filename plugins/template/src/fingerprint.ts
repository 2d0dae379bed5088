import { LEARNED_LAYOUT_LIMITS, type FingerprintWord, type LayoutFingerprint, type Word } from '@docsift/core';
import { cellsOf, endsWithColon, foldWord, ocrFold, type DocumentLayout, type LayoutRow } from '@docsift/core/layout';

/**
 * The fingerprint of a layout: the words of the head of the first page that are not values
 * (labels, letterhead, column headers), each kept as a hash of its folded spelling with its place
 * on the page. Two documents share a layout when most of these words are printed at the same places.
 */

/** A word is looked for this far (page fractions, each axis) from its place on the learned page. */
const POSITION_TOLERANCE = 0.05;

/** Folded the way labels are compared (case, accents and the letters OCR confuses), or '' for a word of no letters. */
function wordKey(text: string): string {
  const folded = foldWord(text);
  return /^\p{L}{2,}$/u.test(folded) ? ocrFold(folded) : '';
}

/** FNV-1a, 32 bits, base 36: a short stand-in for a word, so a stored layout holds no text. */
function hashKey(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const hashes = new WeakMap<Word, string | null>();

/** The hash of a printed word, or null for one that carries no letters (numbers, punctuation). */
export function wordHash(word: Word): string | null {
  let hash = hashes.get(word);
  if (hash === undefined) {
    const key = wordKey(word.text);
    hash = key ? hashKey(key) : null;
    hashes.set(word, hash);
  }
  return hash;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Width / height of the first page (that of US Letter when the document has no words). */
function pageAspect(reading: DocumentLayout): number {
  return round3(reading.rows[0]?.aspect ?? 0.773);
}

/** The head of a page ends half-way down at the latest: what follows moves with the length of the content above it. */
export const HEAD_END = 0.5;

/**
 * The head of the first page: its rows down to the first item of a table (items and what follows
 * them move with the number of items), and no further than half-way down the page.
 */
function headRows(reading: DocumentLayout): LayoutRow[] {
  const firstPage = reading.rows[0]?.page ?? 1;
  const headers = new Set(reading.tables.flatMap((table) => table.header.rows));
  const head: LayoutRow[] = [];
  for (const row of reading.rows) {
    if (row.page !== firstPage || row.top > HEAD_END || (reading.tableRows.has(row) && !headers.has(row))) break;
    head.push(row);
  }
  return head;
}

/**
 * The fingerprint of a document: the words of the head of its first page, leaving out `values`
 * (the words of the corrected values, when learning). Labels come first when the head has more
 * words than a fingerprint keeps.
 */
/** Words that read as labels: the lexicon's labels, table headers, and cells ending in a colon ("Prepared for:"). */
function labelWords(reading: DocumentLayout, rows: LayoutRow[]): Set<Word> {
  const labels = new Set<Word>(reading.labels.flatMap((span) => span.row.words.slice(span.start, span.end)));
  for (const table of reading.tables) for (const row of table.header.rows) for (const word of row.words) labels.add(word);
  for (const row of rows) {
    for (const cell of cellsOf(row)) if (endsWithColon(cell[cell.length - 1])) for (const word of cell) labels.add(word);
  }
  return labels;
}

/**
 * The fingerprint of a document: the words of the head of its first page, leaving out `values`
 * (the words of the corrected values, when learning). Labels come first when the head has more
 * words than a fingerprint keeps.
 */
export function fingerprintOf(reading: DocumentLayout, values: ReadonlySet<Word> = new Set()): LayoutFingerprint {
  const head = headRows(reading);
  const labels = labelWords(reading, head);
  const words: FingerprintWord[] = [];
  for (const row of head) {
    for (const word of row.words) {
      const hash = values.has(word) ? null : wordHash(word);
      if (!hash) continue;
      const [x0, y0, x1, y1] = word.bbox;
      words.push([hash, round3((x0 + x1) / 2), round3((y0 + y1) / 2), labels.has(word) ? 1 : 0]);
    }
  }
  const kept = [...words.filter((word) => word[3] === 1), ...words.filter((word) => word[3] === 0)].slice(0, LEARNED_LAYOUT_LIMITS.fingerprintWords);
  return { aspect: pageAspect(reading), words: kept };
}

/** A label's word counts this many times a word of another kind: labels stay, names and letterheads may change. */
const LABEL_WEIGHT = 3;
const weight = (word: FingerprintWord): number => (word[3] === 1 ? LABEL_WEIGHT : 1);

/** Pages whose width/height ratios differ more than this are of different layouts. */
const MAX_ASPECT_DIFFERENCE = 0.03;

/**
 * 0..1: how much two fingerprints agree, as twice the words printed at the same place (same hash,
 * within the tolerance, each word matched once) over the words of both, labels' words weighing more.
 */
export function fingerprintSimilarity(learned: LayoutFingerprint, document: LayoutFingerprint): number {
  if (Math.abs(learned.aspect - document.aspect) > MAX_ASPECT_DIFFERENCE) return 0;
  const total = [...learned.words, ...document.words].reduce((sum, word) => sum + weight(word), 0);
  if (total === 0) return 0;
  const byHash = new Map<string, FingerprintWord[]>();
  for (const word of document.words) byHash.set(word[0], [...(byHash.get(word[0]) ?? []), word]);
  const used = new Set<FingerprintWord>();
  let matched = 0;
  for (const word of learned.words) {
    const [hash, x, y] = word;
    let best: FingerprintWord | null = null;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const candidate of byHash.get(hash) ?? []) {
      const dx = Math.abs(candidate[1] - x);
      const dy = Math.abs(candidate[2] - y);
      if (used.has(candidate) || dx > POSITION_TOLERANCE || dy > POSITION_TOLERANCE) continue;
      if (dx + dy < bestDistance) [best, bestDistance] = [candidate, dx + dy];
    }
    if (best) {
      used.add(best);
      matched += (weight(word) + weight(best)) / 2;
    }
  }
  return round3((2 * matched) / total);
}
