/**
 * Scoring of template extraction against corpus/templates/answers.json: scalar fields one value each,
 * line items as whole rows aligned in print order.
 */

import { emptyScore, f1, foldText, type FieldScore } from '../score.js';

/** The template's scalar fields and how the answer key compares each. */
export const SCALAR_COMPARISONS = {
  issuer: 'text',
  invoiceNumber: 'text',
  date: 'date',
  dueDate: 'date',
  currency: 'code',
  total: 'amount',
  totalWithoutTax: 'amount',
  taxAmount: 'amount',
  buyer: 'text',
} as const;
export type ScalarField = keyof typeof SCALAR_COMPARISONS;
export type Comparison = (typeof SCALAR_COMPARISONS)[ScalarField];
export const SCALAR_FIELDS = Object.keys(SCALAR_COMPARISONS) as ScalarField[];

const ITEM_NUMBERS = ['quantity', 'unitPrice', 'amount'] as const;

/** Field path (`total`, `lineItems[3].amount`, `lineItems`) → other accepted values; a null accepts null. */
export type Alternatives = Record<string, unknown[]>;

/** One file of corpus/templates/answers.json. */
export interface TemplateAnswer {
  file: string;
  kind: string;
  language: string;
  variant: 'digital' | 'scanned' | 'image';
  pages: number;
  answers: Record<string, unknown>;
  acceptableAlternatives?: Alternatives;
}

export interface FileScore {
  fields: Record<ScalarField, FieldScore>;
  lineItems: FieldScore;
}

const AMOUNT_TOLERANCE = 0.005;
// Binary fractions: 0.845 - 0.84 is a hair above 0.005.
const FLOAT_SLACK = 1e-9;
/** A prediction contained in the expected description must be at least this share of its length. */
const MIN_CONTAINED_SHARE = 0.6;

const isAbsent = (value: unknown): boolean => value === null || value === undefined || value === '';

export function sameAmount(expected: number, predicted: unknown): boolean {
  return typeof predicted === 'number' && Math.abs(predicted - expected) <= AMOUNT_TOLERANCE + FLOAT_SLACK;
}

export function sameText(expected: string, predicted: unknown): boolean {
  if (typeof predicted !== 'string' && typeof predicted !== 'number') return false;
  const want = foldText(expected);
  return want !== '' && foldText(String(predicted)) === want;
}

function sameScalar(comparison: Comparison, expected: unknown, predicted: unknown): boolean {
  if (comparison === 'amount') return typeof expected === 'number' && sameAmount(expected, predicted);
  if (comparison === 'text') return typeof expected === 'string' && sameText(expected, predicted);
  return predicted === expected;
}

/**
 * One scalar value. A non-null prediction among the accepted values is right (predicted, expected and
 * correct); any other non-null prediction is predicted, and expected too unless null is the primary
 * answer (then it is a false positive only). A null prediction is a miss, unless null is accepted
 * (primary or alternative): then it counts nowhere.
 */
export function scoreValue(
  comparison: Comparison,
  path: string,
  expected: unknown,
  alternatives: unknown[],
  predicted: unknown,
): FieldScore {
  const score = emptyScore();
  const accepted = [expected, ...alternatives];
  if (isAbsent(predicted)) {
    if (!accepted.some(isAbsent)) {
      score.expected++;
      score.misses.push({ path, expected, predicted: null });
    }
    return score;
  }
  score.predicted++;
  if (accepted.some((value) => !isAbsent(value) && sameScalar(comparison, value, predicted))) {
    score.expected++;
    score.correct++;
    return score;
  }
  if (!isAbsent(expected)) score.expected++;
  score.misses.push({ path, expected: expected ?? null, predicted });
  return score;
}

/** Lenient: either folded text contains the other, the prediction only when it is long enough. */
export function sameDescription(accepted: unknown[], predicted: unknown): boolean {
  if (isAbsent(predicted)) return accepted.some(isAbsent);
  if (typeof predicted !== 'string') return false;
  const got = foldText(predicted);
  return accepted.some((value) => {
    const want = typeof value === 'string' ? foldText(value) : '';
    if (!want || !got) return false;
    return got.includes(want) || (want.includes(got) && got.length >= MIN_CONTAINED_SHARE * want.length);
  });
}

function sameItemNumber(accepted: unknown[], predicted: unknown): boolean {
  return accepted.some((value) => (isAbsent(value) ? isAbsent(predicted) : typeof value === 'number' && sameAmount(value, predicted)));
}

export const isItem = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every sub-field right; `alternatives` are this expected item's own (`lineItems[i].amount` → `amount`). */
function sameItem(expected: Record<string, unknown>, alternatives: Alternatives, predicted: unknown): boolean {
  if (!isItem(predicted)) return false;
  const accepted = (field: string) => [expected[field], ...(alternatives[field] ?? [])];
  return (
    sameDescription(accepted('description'), predicted.description) &&
    ITEM_NUMBERS.every((field) => sameItemNumber(accepted(field), predicted[field]))
  );
}

/** Longest common subsequence on `same[expected][predicted]`: the aligned index pairs, in order. */
export function alignItems(same: boolean[][], predictedCount: number): Array<[number, number]> {
  const expectedCount = same.length;
  const table = Array.from({ length: expectedCount + 1 }, () => new Array<number>(predictedCount + 1).fill(0));
  for (let e = expectedCount - 1; e >= 0; e--) {
    for (let p = predictedCount - 1; p >= 0; p--) {
      table[e][p] = same[e][p] ? table[e + 1][p + 1] + 1 : Math.max(table[e + 1][p], table[e][p + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  let e = 0;
  let p = 0;
  while (e < expectedCount && p < predictedCount) {
    if (same[e][p]) pairs.push([e++, p++]);
    else if (table[e + 1][p] >= table[e][p + 1]) e++;
    else p++;
  }
  return pairs;
}

/** Items outside the alignment, paired by position within each gap so a wrong row shows what came instead. */
function unalignedItems(expected: unknown[], predicted: unknown[], pairs: Array<[number, number]>): FieldScore['misses'] {
  const misses: FieldScore['misses'] = [];
  let e = 0;
  let p = 0;
  for (const [nextE, nextP] of [...pairs, [expected.length, predicted.length]]) {
    for (let offset = 0; offset < Math.max(nextE - e, nextP - p); offset++) {
      const hasExpected = e + offset < nextE;
      misses.push({
        path: hasExpected ? `lineItems[${e + offset}]` : 'lineItems[extra]',
        expected: hasExpected ? expected[e + offset] : null,
        predicted: p + offset < nextP ? predicted[p + offset] : null,
      });
    }
    [e, p] = [nextE + 1, nextP + 1];
  }
  return misses;
}

function itemAlternatives(alternatives: Alternatives, index: number): Alternatives {
  const prefix = `lineItems[${index}].`;
  const own = Object.entries(alternatives).filter(([path]) => path.startsWith(prefix));
  return Object.fromEntries(own.map(([path, values]) => [path.slice(prefix.length), values]));
}

function scoreAgainst(expected: unknown[], alternatives: Alternatives, predicted: unknown[]): FieldScore {
  const same = expected.map((item, index) =>
    predicted.map((candidate) => isItem(item) && sameItem(item, itemAlternatives(alternatives, index), candidate)),
  );
  const pairs = alignItems(same, predicted.length);
  const misses = unalignedItems(expected, predicted, pairs);
  return { predicted: predicted.length, expected: expected.length, correct: pairs.length, misses };
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : isAbsent(value) ? [] : [value]);

/**
 * Line items against the primary list (with its per-item alternatives) and against each whole-list
 * alternative; the best F1 wins, the primary on a tie. Any non-object predicted element is a wrong item.
 */
export function scoreLineItems(expected: unknown, alternatives: Alternatives, predicted: unknown): FieldScore {
  const got = asList(predicted);
  const candidates = [
    scoreAgainst(asList(expected), alternatives, got),
    ...(alternatives.lineItems ?? []).map((list) => scoreAgainst(asList(list), {}, got)),
  ];
  return candidates.reduce((best, candidate) => (f1(candidate).f1 > f1(best).f1 ? candidate : best));
}

export function scoreFile(answer: TemplateAnswer, predicted: Record<string, unknown>): FileScore {
  const alternatives = answer.acceptableAlternatives ?? {};
  const fields = Object.fromEntries(
    SCALAR_FIELDS.map((name) => [
      name,
      scoreValue(SCALAR_COMPARISONS[name], name, answer.answers[name] ?? null, alternatives[name] ?? [], predicted[name]),
    ]),
  ) as Record<ScalarField, FieldScore>;
  return { fields, lineItems: scoreLineItems(answer.answers.lineItems, alternatives, predicted.lineItems) };
}
