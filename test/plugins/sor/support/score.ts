/** Scoring of extracted SOR data against an answer key: line items matched by description, numbers to the cent. */

export interface ExpectedItem {
  description: string;
  quantity?: number | null;
  unit?: string | null;
  materialCost?: number | null;
  laborCost?: number | null;
  totalCost?: number | null;
}

export interface SectionLike {
  sectionName: string;
  lineItems: ExpectedItem[];
}

export interface ItemScore {
  expected: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

const fold = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

export function textSimilarity(a: string, b: string): number {
  const x = fold(a);
  const y = fold(b);
  if (x === y) return 1;
  return 1 - levenshtein(x, y) / Math.max(x.length, y.length, 1);
}

export const sameCents = (a: number | null | undefined, b: number | null | undefined): boolean =>
  (a ?? null) === null || (b ?? null) === null ? (a ?? null) === (b ?? null) : Math.round(a! * 100) === Math.round(b! * 100);

/**
 * `all`: an item is right when its description matches (similarity ≥ 0.9) and every number and the
 * unit agree. `amounts`: description, material, labor and total only (what the arithmetic checks use).
 */
export type ItemComparison = 'all' | 'amounts';

function itemCorrect(expected: ExpectedItem, predicted: ExpectedItem, comparison: ItemComparison): boolean {
  const quantityAndUnit = sameCents(expected.quantity, predicted.quantity) && (expected.unit ?? null) === (predicted.unit ?? null);
  return (
    (comparison === 'amounts' || quantityAndUnit) &&
    sameCents(expected.materialCost, predicted.materialCost) &&
    sameCents(expected.laborCost, predicted.laborCost) &&
    sameCents(expected.totalCost, predicted.totalCost)
  );
}

const MATCH_THRESHOLD = 0.9;

/** Line-item precision / recall / F1 over the whole document. */
export function scoreLineItems(expected: SectionLike[], predicted: SectionLike[], comparison: ItemComparison = 'all'): ItemScore {
  const wanted = expected.flatMap((section) => section.lineItems);
  const got = predicted.flatMap((section) => section.lineItems);
  const used = new Set<number>();
  let correct = 0;
  for (const item of wanted) {
    let best = -1;
    let bestSimilarity = MATCH_THRESHOLD;
    got.forEach((candidate, index) => {
      if (used.has(index)) return;
      const similarity = textSimilarity(item.description, candidate.description);
      if (similarity >= bestSimilarity) {
        best = index;
        bestSimilarity = similarity;
      }
    });
    if (best < 0) continue;
    used.add(best);
    if (itemCorrect(item, got[best], comparison)) correct += 1;
  }
  const precision = got.length === 0 ? 0 : correct / got.length;
  const recall = wanted.length === 0 ? 1 : correct / wanted.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { expected: wanted.length, predicted: got.length, correct, precision, recall, f1 };
}

/** Recap fields that differ from the answer key (empty when the recap is exact). */
export function recapDifferences(expected: Record<string, number | null>, predicted: Record<string, number | null>): string[] {
  return Object.keys(expected).filter((key) => !sameCents(expected[key], predicted[key]));
}

/** Names of the expected sections missing from the prediction (compared after folding). */
export function missingSections(expected: SectionLike[], predicted: SectionLike[]): string[] {
  const names = new Set(predicted.map((section) => fold(section.sectionName)));
  return expected.map((section) => section.sectionName).filter((name) => !names.has(fold(name)));
}

const METADATA_PATHS = ['consultant', 'propertyAddress', 'borrowerName', 'lenderName', 'inspectionDate', 'contractorInfo.name', 'contractorInfo.license', 'contractorInfo.phone'];

const readDotted = (data: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], data);

/** Header-block fields that differ from the answer key, strings compared after case, space and punctuation folding. */
export function metadataDifferences(expected: Record<string, unknown>, predicted: Record<string, unknown>): string[] {
  const same = (a: unknown, b: unknown): boolean => (typeof a === 'string' && typeof b === 'string' ? fold(a) === fold(b) : (a ?? null) === (b ?? null));
  return METADATA_PATHS.filter((path) => !same(readDotted(expected, path), readDotted(predicted, path)));
}
