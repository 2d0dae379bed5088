import type { FieldSpec } from '@docsift/core';
import { isCellBreak, type PageLayout, type Token } from './layout.js';
import { foldText, ocrFold, similarity, splitIdentifier } from './text.js';

/** One way a field's label may be printed. */
export interface LabelCandidate {
  /** Folded words, concatenated (`invoicenumber`). */
  key: string;
  /** The folded words. */
  words: string[];
  /** How much a match on this wording counts (the field name beats words from its description). */
  weight: number;
  /** Folded words of three letters or fewer. */
  shortWords: string[];
}

export interface LabelMatch {
  page: PageLayout;
  rowIndex: number;
  /** Token range of the label in the row, end exclusive. */
  start: number;
  end: number;
  score: number;
}

/** Printed short forms of common label words. */
const VARIANTS: Record<string, string[]> = {
  number: ['no', 'num', 'nbr', '#'],
  telephone: ['tel', 'phone'],
  phone: ['tel', 'telephone', 'ph'],
  amount: ['amt'],
  address: ['addr'],
  quantity: ['qty'],
  email: ['e mail', 'mail'],
  reference: ['ref'],
  account: ['acct'],
  identifier: ['id'],
  zip: ['postal code', 'postcode'],
  birth: ['dob'],
};

const STOPWORDS = new Set(
  'a an the of for to in on at by is are was were be this that which who whom whose its it as or and with from per s if any when where what document'.split(' '),
);

const MIN_SIMILARITY = 0.75;
const MIN_WORD_SIMILARITY = 0.6;

function candidate(words: string[], weight: number): LabelCandidate {
  const folded = words.map(ocrFold).filter(Boolean);
  return { key: folded.join(''), words: folded, weight, shortWords: folded.filter((word) => word.length <= 3) };
}

function nameVariants(words: string[]): string[][] {
  const variants = [words];
  words.forEach((word, index) => {
    for (const variant of VARIANTS[word] ?? []) {
      variants.push([...words.slice(0, index), ...variant.split(' '), ...words.slice(index + 1)]);
    }
  });
  return variants;
}

/** Runs of content words in the description, split at stop words and punctuation. */
function descriptionPhrases(description: string): string[][] {
  const phrases: string[][] = [];
  for (const clause of description.split(/[,.;:()]+/)) {
    let current: string[] = [];
    for (const word of foldText(clause).split(' ')) {
      if (!word || STOPWORDS.has(word)) {
        if (current.length) phrases.push(current);
        current = [];
      } else {
        current.push(word);
      }
    }
    if (current.length) phrases.push(current);
  }
  return phrases.filter((phrase) => phrase.length <= 4);
}

/** Label wordings for a field: its name and short forms, then phrases of its description. */
export function labelCandidates(field: FieldSpec): LabelCandidate[] {
  const name = splitIdentifier(field.name);
  const fromName = nameVariants(name).map((words) => candidate(words, 1));
  const fromDescription = descriptionPhrases(field.description ?? '').map((words) =>
    candidate(words, words.length > 1 ? 0.85 : 0.6),
  );
  const seen = new Set<string>();
  return [...fromName, ...fromDescription].filter((entry) => {
    if (!entry.key || seen.has(entry.key)) return false;
    seen.add(entry.key);
    return true;
  });
}

/** Words of three letters or fewer (`no`, `#`, `tel`) must be printed exactly, not fuzzily. */
function hasShortWords(tokens: Token[], label: LabelCandidate): boolean {
  return label.shortWords.every((word) => tokens.some((token) => token.key === word || token.key.endsWith(word)));
}

/** Printed word by word, each word must resemble its label word (`HOLDER` is not `NUMBER`). */
function wordsAlike(tokens: Token[], label: LabelCandidate): boolean {
  if (tokens.length !== label.words.length) return true;
  return tokens.every((token, index) => similarity(token.key, label.words[index]) >= MIN_WORD_SIMILARITY);
}

/** How much the label's place in its cell says "label": a colon after it, nothing before it. */
function placement(page: PageLayout, tokens: Token[], start: number, end: number): number {
  const last = tokens[end - 1];
  let factor = last.colon ? 1.05 : 1;
  // A label is not followed by a comma or full stop; running text is.
  if (/[,.]$/.test(last.text)) factor *= 0.6;
  // "Due Date" is not the label "Date": a word right before the span in the same cell weakens it.
  const before = tokens[start - 1];
  if (before && !before.colon && before.key && !isCellBreak(page, tokens, start)) factor *= 0.6;
  // Without a colon, a label is a cell of its own (`Invoice No    123`); inside a sentence it is prose.
  const after = tokens[end];
  if (!last.colon && after && after.key && !after.colon && !isCellBreak(page, tokens, end)) factor *= 0.8;
  return factor;
}

/** A span of tokens in a row, with its folded words concatenated. */
interface Span {
  page: PageLayout;
  tokens: Token[];
  start: number;
  end: number;
  key: string;
}

function spanScore(span: Span, label: LabelCandidate): number {
  const { key } = span;
  // Lengths alone can rule a span out before the edit distance is computed.
  if (Math.abs(key.length - label.key.length) > (1 - MIN_SIMILARITY) * Math.max(key.length, label.key.length)) return 0;
  const raw = similarity(key, label.key);
  if (raw < MIN_SIMILARITY) return 0;
  const words = span.tokens.slice(span.start, span.end);
  if (!hasShortWords(words, label) || !wordsAlike(words, label)) return 0;
  // Near misses fall fast: one letter off in a short word is often another word (INSURER, INSURED).
  const closeness = 1 - 2 * (1 - raw);
  return Math.min(1, closeness * label.weight * placement(span.page, span.tokens, span.start, span.end));
}

/** Spans starting at `start` of 1..maxLength tokens that stay inside one cell. */
function spansFrom(page: PageLayout, tokens: Token[], start: number, maxLength: number): Span[] {
  const spans: Span[] = [];
  let key = '';
  for (let end = start + 1; end <= Math.min(tokens.length, start + maxLength); end += 1) {
    if (end > start + 1 && isCellBreak(page, tokens, end - 1)) break;
    key += tokens[end - 1].key;
    spans.push({ page, tokens, start, end, key });
  }
  return spans;
}

/** Best label match for each row position of the document, strongest first. */
export function findLabels(pages: PageLayout[], labels: LabelCandidate[], limit = 8): LabelMatch[] {
  const matches: LabelMatch[] = [];
  const maxLength = Math.max(0, ...labels.map((label) => label.words.length)) + 1;
  for (const page of pages) {
    page.rows.forEach((row, rowIndex) => {
      for (let start = 0; start < row.tokens.length; start += 1) {
        if (!row.tokens[start].key) continue;
        let best: LabelMatch | null = null;
        for (const span of spansFrom(page, row.tokens, start, maxLength)) {
          const length = span.end - span.start;
          for (const label of labels) {
            if (Math.abs(length - label.words.length) > 1) continue;
            const score = spanScore(span, label);
            if (score > (best?.score ?? 0)) best = { page, rowIndex, start, end: span.end, score };
          }
        }
        if (best) matches.push(best);
      }
    });
  }
  return matches.sort((a, b) => b.score - a.score).slice(0, limit);
}
