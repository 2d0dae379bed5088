import type { FieldSpec } from '@docsift/core';
import { isCellBreak, type PageLayout } from './layout.js';
import { foldText, ocrFold, similarity, splitIdentifier } from './text.js';

/** One way a field's label may be printed. */
export interface LabelCandidate {
  /** Folded words, concatenated (`invoicenumber`). */
  key: string;
  words: number;
  /** How much a match on this wording counts (the field name beats words from its description). */
  weight: number;
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

function candidate(words: string[], weight: number): LabelCandidate {
  return { key: ocrFold(words.join('')), words: words.length, weight };
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
    candidate(words, words.length > 1 ? 0.85 : 0.7),
  );
  const seen = new Set<string>();
  return [...fromName, ...fromDescription].filter((entry) => {
    if (!entry.key || seen.has(entry.key)) return false;
    seen.add(entry.key);
    return true;
  });
}

function spanScore(page: PageLayout, rowIndex: number, start: number, end: number, label: LabelCandidate): number {
  const tokens = page.rows[rowIndex].tokens;
  if (!tokens[start].key) return 0;
  for (let index = start + 1; index < end; index += 1) if (isCellBreak(page, tokens, index)) return 0;
  const key = tokens
    .slice(start, end)
    .map((token) => token.key)
    .join('');
  const raw = similarity(key, label.key);
  if (raw < MIN_SIMILARITY) return 0;
  let score = raw * label.weight;
  if (tokens[end - 1].colon) score = Math.min(1, score + 0.05);
  // "Due Date" is not the label "Date": a word right before the span in the same cell weakens it.
  const before = tokens[start - 1];
  if (before && !before.colon && before.key && !isCellBreak(page, tokens, start)) score *= 0.85;
  return score;
}

/** Best label match for each row position of the document, strongest first. */
export function findLabels(pages: PageLayout[], labels: LabelCandidate[], limit = 8): LabelMatch[] {
  const matches: LabelMatch[] = [];
  for (const page of pages) {
    page.rows.forEach((row, rowIndex) => {
      for (let start = 0; start < row.tokens.length; start += 1) {
        let best: LabelMatch | null = null;
        for (const label of labels) {
          for (let length = Math.max(1, label.words - 1); length <= label.words + 1; length += 1) {
            const end = start + length;
            if (end > row.tokens.length) break;
            const score = spanScore(page, rowIndex, start, end, label);
            if (score > (best?.score ?? 0)) best = { page, rowIndex, start, end, score };
          }
        }
        if (best) matches.push(best);
      }
    });
  }
  return matches.sort((a, b) => b.score - a.score).slice(0, limit);
}
