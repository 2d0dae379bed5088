import { TOKENIZER_VERSION } from './tokens.js';

/** Sparse feature vector: sorted unique indices with their values. */
export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

/** How token lines become a vector; stored in every artifact so scoring matches training. */
export interface FeatureSpec {
  tokenizer: string;
  hashBits: number;
  /** Unigrams, plus bigrams within a line (line-local so reading-order differences between text layer and OCR matter less). */
  ngrams: [1, 2];
  tf: 'sublinear';
  norm: 'l2';
}

export const DEFAULT_FEATURE_SPEC: FeatureSpec = {
  tokenizer: TOKENIZER_VERSION,
  hashBits: 18,
  ngrams: [1, 2],
  tf: 'sublinear',
  norm: 'l2',
};

/** FNV-1a, 32 bit: fast, stable across platforms and runs. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function countTerms(lines: string[][], mask: number): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (term: string) => {
    const index = hashString(term) & mask;
    counts.set(index, (counts.get(index) ?? 0) + 1);
  };
  for (const tokens of lines) {
    for (let i = 0; i < tokens.length; i++) {
      add(tokens[i]);
      if (i + 1 < tokens.length) add(`${tokens[i]} ${tokens[i + 1]}`);
    }
  }
  return counts;
}

/** Hashed unigram + bigram features with sublinear tf (1 + ln tf), L2-normalised. */
export function featurize(lines: string[][], spec: FeatureSpec = DEFAULT_FEATURE_SPEC): SparseVector {
  const counts = countTerms(lines, (1 << spec.hashBits) - 1);
  const indices = Int32Array.from(counts.keys()).sort();
  const values = new Float32Array(indices.length);
  let sumSquares = 0;
  for (let i = 0; i < indices.length; i++) {
    const weight = 1 + Math.log(counts.get(indices[i])!);
    values[i] = weight;
    sumSquares += weight * weight;
  }
  const norm = Math.sqrt(sumSquares) || 1;
  for (let i = 0; i < values.length; i++) values[i] /= norm;
  return { indices, values };
}

export function sameFeatureSpec(a: FeatureSpec, b: FeatureSpec): boolean {
  return a.tokenizer === b.tokenizer && a.hashBits === b.hashBits && a.tf === b.tf && a.norm === b.norm && a.ngrams.join() === b.ngrams.join();
}
