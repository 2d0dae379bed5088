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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SPACE = 32;

function fnv(hash: number, value: string): number {
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** FNV-1a, 32 bit: fast, stable across platforms and runs. A bigram is hashed as `first second`. */
export function hashString(value: string): number {
  return fnv(FNV_OFFSET, value) >>> 0;
}

/** Counts per hashed term, in a scratch array reused across calls (one per thread). */
let scratch = new Uint16Array(0);

function countTerms(lines: string[][], mask: number): { indices: Int32Array; counts: Uint16Array } {
  if (scratch.length !== mask + 1) scratch = new Uint16Array(mask + 1);
  const touched: number[] = [];
  const add = (hash: number) => {
    const index = (hash >>> 0) & mask;
    if (scratch[index] === 0) touched.push(index);
    if (scratch[index] < 65_535) scratch[index]++;
  };
  for (const tokens of lines) {
    let previous = 0;
    for (let i = 0; i < tokens.length; i++) {
      const unigram = fnv(FNV_OFFSET, tokens[i]);
      add(unigram);
      if (i > 0) add(fnv(Math.imul(previous ^ SPACE, FNV_PRIME), tokens[i]));
      previous = unigram;
    }
  }
  const indices = Int32Array.from(touched).sort();
  const counts = new Uint16Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    counts[i] = scratch[indices[i]];
    scratch[indices[i]] = 0;
  }
  return { indices, counts };
}

/** Hashed unigram + bigram features with sublinear tf (1 + ln tf), L2-normalised. */
export function featurize(lines: string[][], spec: FeatureSpec = DEFAULT_FEATURE_SPEC): SparseVector {
  const { indices, counts } = countTerms(lines, (1 << spec.hashBits) - 1);
  const values = new Float32Array(indices.length);
  let sumSquares = 0;
  for (let i = 0; i < indices.length; i++) {
    const weight = 1 + Math.log(counts[i]);
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
