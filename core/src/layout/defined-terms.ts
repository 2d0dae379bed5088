import type { Word } from '../contracts/document.js';
import { withoutTrailingComma } from './boxes.js';
import type { LayoutRow } from './rows.js';

/**
 * The parties and things a contract names once in its prose and then calls by a defined term:
 * `between Lisa Whitaker & Denise Novak (the "Owner") and Kowalczyk Builders Group, license no.
 * RBC 950285 (the "Contractor"), for the renovation of the property at 6864 Garfield Blvd, …
 * (the "Property")`.
 */
export interface DefinedTerm {
  /** The term as printed between the quotes ("Owner"). */
  term: string;
  /** What the prose names before the term, from the clause's start. */
  words: Word[];
  page: number;
}

/** `(the "Owner")`, `("Contractor")`, `(hereinafter "Lender")`, `(hereinafter referred to as the "Property")`, straight or curly quotes. */
const DEFINITION = /\(\s*(?:(?:the|hereinafter|hereafter|herein)\s+)?(?:(?:referred\s+to\s+as|called)\s+)?(?:the\s+)?["“”„'‘’]\s*([A-Z][\p{L}-]*(?:\s+[A-Z][\p{L}-]*)?)\s*["“”'‘’]\s*\)/gu;
/** Words after which a clause names what it defines ("made … between", "financed by", "the property at"). */
const CLAUSE_START = new Set(['between', 'by', 'at', 'with', 'from', 'to', 'for', 'located', 'situated']);
/** Words that join a named party to the one defined before it (`(the "Owner") and Kowalczyk …`). */
const JOINING = /^(and|,|;)$/i;
/** A defined thing is named in a few words; a longer run is no definition's subject. */
const MAX_WORDS = 16;

/** Rows' words as one running text, to find phrases that run over line breaks. */
export interface TextFlow {
  text: string;
  /** For each word, where its text starts in `text`. */
  starts: number[];
  words: Word[];
}

/** The words of the rows joined by spaces, in row order. */
export function textFlow(rows: LayoutRow[]): TextFlow {
  const words = rows.flatMap((row) => row.words);
  const starts: number[] = [];
  let text = '';
  for (const word of words) {
    if (text !== '') text += ' ';
    starts.push(text.length);
    text += word.text;
  }
  return { text, starts, words };
}

/** The index of the word holding character `at`. */
export function wordAt(flow: TextFlow, at: number): number {
  let index = 0;
  while (index + 1 < flow.starts.length && flow.starts[index + 1] <= at) index += 1;
  return index;
}

/** The subject of a definition: the words from the clause's start (after `between`, `by`, `at` or the previous definition) up to the bracket. */
function subject(words: Word[]): Word[] {
  let start = 0;
  words.forEach((word, index) => {
    if (CLAUSE_START.has(word.text.toLowerCase())) start = index + 1;
  });
  let subjectWords = words.slice(start);
  while (subjectWords.length > 0 && JOINING.test(subjectWords[0].text)) subjectWords = subjectWords.slice(1);
  return subjectWords.length <= MAX_WORDS ? subjectWords : [];
}

/** The defined terms of a page's running text (rows not in tables), in reading order. */
export function readDefinedTerms(rows: LayoutRow[]): DefinedTerm[] {
  const terms: DefinedTerm[] = [];
  for (const page of [...new Set(rows.map((row) => row.page))]) {
    const flow = textFlow(rows.filter((row) => row.page === page));
    let previousEnd = 0;
    for (const match of flow.text.matchAll(DEFINITION)) {
      const first = wordAt(flow, match.index);
      const words = withoutTrailingComma(subject(flow.words.slice(previousEnd, first)));
      previousEnd = wordAt(flow, match.index + match[0].length - 1) + 1;
      if (words.length > 0) terms.push({ term: match[1].replace(/\s+/g, ' '), words, page });
    }
  }
  return terms;
}
