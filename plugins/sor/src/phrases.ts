import { foldToken, tokenSimilarity } from './parse.js';
import { gapBefore, matchPhraseAt, MIN_TOKEN_SIMILARITY, phraseTokens, type PhraseMatch, type Row } from './layout.js';

interface Entry<T> {
  tokens: string[];
  value: T;
}

/** A label starts a cell: first on the row or after a gap wider than a couple of spaces. */
const CELL_GAP = 1.2;

/**
 * Label phrases indexed by their first token, so each word of a page is compared (fuzzily, once)
 * only with the phrases it could begin.
 */
export class PhraseSet<T> {
  private readonly entries: Array<Entry<T>>;
  private readonly firstTokens: string[];
  private readonly candidatesByWord = new Map<string, Array<Entry<T>>>();

  constructor(phrases: Array<[T, string[]]>) {
    this.entries = phrases
      .flatMap(([value, list]) => list.map((phrase) => ({ tokens: phraseTokens(phrase), value })))
      .filter((entry) => entry.tokens.length > 0)
      .sort((a, b) => b.tokens.length - a.tokens.length);
    this.firstTokens = [...new Set(this.entries.map((entry) => entry.tokens[0]))];
  }

  private candidates(text: string): Array<Entry<T>> {
    const folded = foldToken(text);
    let candidates = this.candidatesByWord.get(folded);
    if (!candidates) {
      const starts = new Set(this.firstTokens.filter((token) => matchesToken(folded, token)));
      candidates = this.entries.filter((entry) => starts.has(entry.tokens[0]));
      if (this.candidatesByWord.size > 20_000) this.candidatesByWord.clear();
      this.candidatesByWord.set(folded, candidates);
    }
    return candidates;
  }

  /** Every phrase that starts at word `start`, longest first. */
  *allAt(row: Row, start: number): Generator<{ value: T } & PhraseMatch> {
    for (const entry of this.candidates(row.words[start].text)) {
      const match = matchPhraseAt(row, start, entry.tokens);
      if (match) yield { value: entry.value, ...match };
    }
  }

  at(row: Row, start: number): ({ value: T } & PhraseMatch) | null {
    for (const match of this.allAt(row, start)) return match;
    return null;
  }

  /** First phrase in the row; with `cellStart`, only where a cell begins or inside a short cell (not in running text). */
  find(row: Row, cellStart = false): ({ value: T } & PhraseMatch) | null {
    for (let start = 0; start < row.words.length; start += 1) {
      if (cellStart && gapBefore(row, start) <= CELL_GAP && !inShortCell(row, start)) continue;
      const match = this.at(row, start);
      if (match) return match;
    }
    return null;
  }
}

function matchesToken(folded: string, token: string): boolean {
  return tokenSimilarity(folded, token) >= MIN_TOKEN_SIMILARITY;
}

/** Words of a label cell such as "Construction Subtotal" (running text has more). */
const SHORT_CELL_WORDS = 4;

function inShortCell(row: Row, index: number): boolean {
  let first = index;
  while (first > 0 && gapBefore(row, first) <= CELL_GAP) first -= 1;
  let last = index;
  while (last + 1 < row.words.length && gapBefore(row, last + 1) <= CELL_GAP) last += 1;
  return last - first + 1 <= SHORT_CELL_WORDS;
}
