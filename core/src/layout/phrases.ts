import type { Word } from '../contracts/document.js';
import { startsCell, type LayoutRow } from './rows.js';
import { cachedByText, foldWord, ocrFold, similarity } from './text.js';

/** A phrase found on a row: the words it covers (end exclusive) and how closely they spell it (1 = exactly). */
export interface PhraseMatch<T> {
  value: T;
  /** Every value the same words spell equally well (a phrase listed under several meanings). */
  values: T[];
  phrase: string;
  start: number;
  end: number;
  score: number;
}

interface Entry<T> {
  value: T;
  phrase: string;
  /** The phrase's folded words run together ("rechnungs nr" → "rechnungsnr"): printed splits do not matter. */
  key: string;
  wordCount: number;
  /** The phrase's last folded word. */
  last: string;
}

/** OCR text must spell a phrase at least this closely; the text layer spells it exactly. */
const MIN_OCR_SIMILARITY = 0.8;

/**
 * A printed word folded for matching; a slash at either end ("Einzel/€") is punctuation, not part of
 * the word. A word of digits only is a number: OCR's lookalikes are not read into it, so a quantity
 * of `155` spells no `ISS` (a tax's label).
 */
const keyOf = cachedByText((text: string): string => {
  const folded = foldWord(text).replace(/^\/+|\/+$/g, '');
  return /^\d+$/.test(folded) ? folded : ocrFold(folded);
});

/**
 * A set of label phrases, matched on the words of a row: exactly on the text layer, fuzzily on OCR
 * words; the words may split a phrase differently ("Rechnungs-Nr." matches "Rechnungs Nr").
 * Indexed by the first letter of each phrase, so a page's words meet only the phrases they could begin.
 */
export class PhraseMatcher<T> {
  private readonly byPrefix = new Map<string, Array<Entry<T>>>();
  /** Entries by their whole key: text-layer words are matched exactly, by one lookup per span. */
  private readonly byKey = new Map<string, Array<Entry<T>>>();
  /** Every beginning of a whole key: text-layer words that begin none spell no phrase however far they run on. */
  private readonly keyPrefixes = new Set<string>();
  private readonly maxWords: number;

  constructor(phrases: Iterable<{ value: T; phrase: string }>) {
    let maxWords = 1;
    for (const { value, phrase } of phrases) {
      const words = phrase.split(/\s+/).map(keyOf).filter(Boolean);
      const key = words.join('');
      if (!key) continue;
      const entry = { value, phrase, key, wordCount: words.length, last: words[words.length - 1] };
      for (const [index, at] of [[this.byPrefix, key[0]], [this.byKey, key]] as const) {
        const list = index.get(at);
        if (list) list.push(entry);
        else index.set(at, [entry]);
      }
      for (let length = 1; length <= key.length; length += 1) this.keyPrefixes.add(key.slice(0, length));
      maxWords = Math.max(maxWords, words.length);
    }
    this.maxWords = maxWords + 1;
  }

  /** Builds a matcher from `[value, phrases]` pairs. */
  static of<T>(pairs: Array<[T, readonly string[]]>): PhraseMatcher<T> {
    return new PhraseMatcher(pairs.flatMap(([value, phrases]) => phrases.map((phrase) => ({ value, phrase }))));
  }

  /** Every phrase spelled by the words from `start`, longest span first, best score first. */
  allAt(row: LayoutRow, start: number): Array<PhraseMatch<T>> {
    return this.#allAt(row.words, start, (index) => !startsCell(row, index));
  }

  /** Every phrase in a sequence of words read as one run (a label stacked on two lines), left to right, not overlapping. */
  findAllInSequence(words: readonly Word[]): Array<PhraseMatch<T>> {
    const found: Array<PhraseMatch<T>> = [];
    for (let start = 0; start < words.length; start += 1) {
      const match = this.#allAt(words, start, () => true)[0];
      if (!match) continue;
      found.push(match);
      start = match.end - 1;
    }
    return found;
  }

  #allAt(words: readonly Word[], start: number, joins: (index: number) => boolean): Array<PhraseMatch<T>> {
    const first = keyOf(words[start]?.text ?? '');
    if (!first) return [];
    const candidates = this.byPrefix.get(first[0]);
    if (!candidates) return [];
    const matches: Array<PhraseMatch<T>> = [];
    let key = '';
    let ocr = false;
    // Pieces of punctuation alone (an apostrophe the text layer set apart: "Contractor ' s") are no words of the phrase.
    let marks = 0;
    // The last word that spells something: a mark after a phrase ("obra /") ends it as the word before it does.
    let lastKey = '';
    for (let end = start + 1; end <= Math.min(words.length, start + this.maxWords + marks); end += 1) {
      if (end > start + 1 && !joins(end - 1)) break;
      const word = words[end - 1];
      const wordKey = keyOf(word.text);
      key += wordKey;
      lastKey = wordKey || lastKey;
      if (!wordKey) marks += 1;
      ocr ||= word.source === 'ocr';
      if (!ocr && !this.keyPrefixes.has(key) && !readByOcrFrom(words, end)) break;
      // The text layer spells a phrase exactly: one lookup. OCR words are compared with every phrase of their first letter.
      for (const entry of ocr ? candidates : (this.byKey.get(key) ?? [])) {
        if (Math.abs(end - start - marks - entry.wordCount) > 1) continue;
        // A fuzzy reading may split a word ("Round d Total") or merge two, never take in an extra word at the end ("Consultant ID").
        const endsAlike = end - start <= entry.wordCount || lastKey === entry.last || similarity(lastKey, entry.last) >= MIN_OCR_SIMILARITY;
        const score = entry.key === key ? 1 : ocr && endsAlike ? fuzzyScore(key, entry.key) : 0;
        if (score > 0) matches.push({ value: entry.value, values: [entry.value], phrase: entry.phrase, start, end, score });
      }
    }
    matches.sort((a, b) => b.end - a.end || b.score - a.score);
    const [best] = matches;
    if (best) best.values = [...new Set(matches.filter((match) => match.end === best.end && match.score === best.score).map((match) => match.value))];
    return matches;
  }

  /** The longest phrase spelled from `start`, or null. */
  at(row: LayoutRow, start: number): PhraseMatch<T> | null {
    return this.allAt(row, start)[0] ?? null;
  }

  /**
   * The first phrase on the row, left to right; with `cellStart`, only phrases that begin a cell or
   * stand in a short cell (a label such as "Construction Subtotal", not a word of running text).
   */
  find(row: LayoutRow, options: { cellStart?: boolean } = {}): PhraseMatch<T> | null {
    for (let start = 0; start < row.words.length; start += 1) {
      if (options.cellStart && !startsCell(row, start) && !inShortCell(row, start)) continue;
      const match = this.at(row, start);
      if (match) return match;
    }
    return null;
  }

  /** Every phrase on the row, left to right, not overlapping (the longest at each place). */
  findAll(row: LayoutRow): Array<PhraseMatch<T>> {
    const found: Array<PhraseMatch<T>> = [];
    for (let start = 0; start < row.words.length; start += 1) {
      const match = this.at(row, start);
      if (!match) continue;
      found.push(match);
      start = match.end - 1;
    }
    return found;
  }
}

function readByOcrFrom(words: readonly Word[], from: number): boolean {
  for (let index = from; index < words.length; index += 1) if (words[index].source === 'ocr') return true;
  return false;
}

/** Words of a label cell such as "Construction Subtotal" (running text has more). */
const SHORT_CELL_WORDS = 4;

function inShortCell(row: LayoutRow, index: number): boolean {
  let first = index;
  while (first > 0 && !startsCell(row, first)) first -= 1;
  let last = index;
  while (last + 1 < row.words.length && !startsCell(row, last + 1)) last += 1;
  return last - first + 1 <= SHORT_CELL_WORDS;
}

/** OCR slips fall fast: one letter off in a short word is often another word (INSURER, INSURED). */
function fuzzyScore(printed: string, phrase: string): number {
  if (phrase.length <= 4) return 0;
  const value = similarity(printed, phrase);
  return value >= MIN_OCR_SIMILARITY ? 1 - 2 * (1 - value) : 0;
}
