/** Field-level scoring of extracted certificates against the corpus answer keys (the schema's limit key names). */

import { LIMIT_NAMES as EVAL_LIMIT_NAMES } from '../../../../eval/scorers.js';

/** Corpus answer keys use UPPER_SNAKE limit keys; these are the names the plugin uses (other rows: LIMIT). */
const LIMIT_NAMES: Record<string, string> = { ...EVAL_LIMIT_NAMES, LIMIT: 'limit' };

type Json = Record<string, unknown>;

export interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Paths whose value was wrong or missing, with expected and actual values. */
  misses: Array<{ path: string; expected: unknown; actual: unknown }>;
}

function fold(value: unknown): string {
  if (typeof value === 'number') return value.toFixed(2);
  return String(value)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The answer key in the plugin's layout: other rows moved to otherCoverages, limit keys renamed. */
export function normaliseAnswer(answer: Json): Json {
  const rows = (answer.coverages as Json[] | undefined) ?? [];
  const convert = (row: Json): Json => {
    const limits: Record<string, number> = {};
    for (const [key, value] of Object.entries((row.limits as Record<string, number>) ?? {})) limits[LIMIT_NAMES[key] ?? key] = value;
    const { limitsNonNumeric: _ignored, ...rest } = row;
    return { ...rest, limits };
  };
  return {
    ...answer,
    coverages: rows.filter((row) => row.type !== 'other').map(convert),
    otherCoverages: rows.filter((row) => row.type === 'other').map((row) => {
      const { type: _type, ...rest } = convert(row);
      return rest;
    }),
  };
}

function flatten(value: unknown, path: string, out: Map<string, unknown>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${path}[${index}]`, out));
  else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, out);
  else out.set(path, value);
}

function leaves(value: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  flatten(value, '', out);
  return out;
}

function agreement(a: unknown, b: unknown): number {
  const left = leaves(a);
  let same = 0;
  for (const [path, value] of leaves(b)) if (left.has(path) && fold(left.get(path)) === fold(value)) same++;
  return same;
}

/**
 * Puts the extracted rows in the order of the expected ones (greedy, by the number of agreeing
 * values), so one missed row costs its own fields and not those of every row after it.
 */
function alignRows(actual: unknown[], expected: unknown[]): unknown[] {
  const pairs = expected.flatMap((row, e) => actual.map((other, a) => ({ e, a, score: agreement(row, other) })));
  pairs.sort((x, y) => y.score - x.score);
  const aligned: unknown[] = new Array(expected.length).fill(null);
  const used = new Set<number>();
  for (const pair of pairs) {
    if (pair.score === 0 || aligned[pair.e] !== null || used.has(pair.a)) continue;
    aligned[pair.e] = actual[pair.a];
    used.add(pair.a);
  }
  return [...aligned, ...actual.filter((_, index) => !used.has(index))];
}

/** Precision, recall and F1 over leaf values; `alternatives` lists other accepted values per path. */
export function scoreExtraction(actualRaw: Json, expectedRaw: Json, alternatives: Record<string, unknown[]> = {}): Score {
  const normalised = normaliseAnswer(expectedRaw);
  const actual: Json = { ...actualRaw };
  for (const key of ['coverages', 'otherCoverages']) {
    actual[key] = alignRows((actualRaw[key] as unknown[]) ?? [], (normalised[key] as unknown[]) ?? []);
  }
  const expected = leaves(normalised);
  const got = leaves(actual);
  let truePositives = 0;
  const misses: Score['misses'] = [];
  for (const [path, value] of expected) {
    const accepted = [value, ...(alternatives[path] ?? [])].map(fold);
    if (got.has(path) && accepted.includes(fold(got.get(path)))) truePositives++;
    else misses.push({ path, expected: value, actual: got.get(path) });
  }
  const falsePositives = got.size - truePositives;
  const falseNegatives = expected.size - truePositives;
  const precision = got.size === 0 ? (expected.size === 0 ? 1 : 0) : truePositives / got.size;
  const recall = expected.size === 0 ? 1 : truePositives / expected.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  for (const [path, value] of got) if (!expected.has(path)) misses.push({ path, expected: undefined, actual: value });
  return { truePositives, falsePositives, falseNegatives, precision, recall, f1, misses };
}
