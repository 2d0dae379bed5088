/**
 * Field-level scoring of extracted data against the corpus answer keys.
 * Strings are compared after case, space and punctuation folding; money to the cent; dates as ISO text.
 */

export interface FieldScore {
  /** Non-null predicted values. */
  predicted: number;
  /** Non-null expected values. */
  expected: number;
  /** Predicted values equal to the expected (or an accepted alternative). */
  correct: number;
  misses: Array<{ path: string; expected: unknown; predicted: unknown }>;
}

export const emptyScore = (): FieldScore => ({ predicted: 0, expected: 0, correct: 0, misses: [] });

export function addScores(into: FieldScore, from: FieldScore): FieldScore {
  into.predicted += from.predicted;
  into.expected += from.expected;
  into.correct += from.correct;
  into.misses.push(...from.misses);
  return into;
}

export function f1(score: FieldScore): { precision: number; recall: number; f1: number } {
  const precision = score.predicted ? score.correct / score.predicted : score.expected ? 0 : 1;
  const recall = score.expected ? score.correct / score.expected : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

export function foldText(value: string): string {
  return value.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '');
}

export function sameValue(expected: unknown, predicted: unknown): boolean {
  if (expected === null || expected === undefined) return predicted === null || predicted === undefined;
  if (typeof expected === 'number') {
    const number = typeof predicted === 'number' ? predicted : Number(String(predicted ?? '').replace(/[$,\s]/g, ''));
    return Number.isFinite(number) && Math.round(number * 100) === Math.round(expected * 100);
  }
  if (predicted === null || predicted === undefined) return false;
  return foldText(String(expected)) === foldText(String(predicted));
}

/** Flattens nested objects into `a.b` paths; arrays are handled by the type-specific scorers. */
export function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix) out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

/** Scores two flat maps of path → value. */
export function scoreLeaves(
  expected: Map<string, unknown>,
  predicted: Map<string, unknown>,
  alternatives: Record<string, unknown[]> = {},
): FieldScore {
  const score = emptyScore();
  for (const [, value] of predicted) if (value !== null && value !== undefined && value !== '') score.predicted++;
  for (const [path, value] of expected) {
    if (value === null || value === undefined) continue;
    score.expected++;
    const got = predicted.get(path);
    const accepted = [value, ...(alternatives[path] ?? [])];
    if (accepted.some((candidate) => sameValue(candidate, got))) score.correct++;
    else score.misses.push({ path, expected: value, predicted: got ?? null });
  }
  return score;
}

/** Text similarity in [0, 1] on folded text (Dice coefficient of character bigrams). */
export function similarity(a: string, b: string): number {
  const x = foldText(a);
  const y = foldText(b);
  if (!x || !y) return x === y ? 1 : 0;
  const grams = (text: string) => {
    const counts = new Map<string, number>();
    for (let index = 0; index < text.length - 1; index++) {
      const gram = text.slice(index, index + 2);
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
    return counts;
  };
  const gx = grams(x);
  const gy = grams(y);
  let overlap = 0;
  for (const [gram, count] of gx) overlap += Math.min(count, gy.get(gram) ?? 0);
  return (2 * overlap) / Math.max(1, x.length - 1 + y.length - 1);
}
