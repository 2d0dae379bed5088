import type { RegistryEntry } from '../contracts/registry.js';
import { featurize, type SparseVector } from './features.js';
import { tokenizeLine, tokenizeText } from './tokens.js';

/** A document prepared once for every registry entry: its feature vector and its tokens as one padded string. */
export interface ScoringDocument {
  vector: SparseVector;
  /** ` tok tok … ` with single spaces, so a phrase match is a substring test on word boundaries. */
  joined: string;
}

/** The joined form is built on first use: documents scored by trained detectors only never need it. */
export function scoringDocument(lines: string[][]): ScoringDocument {
  let joined: string | undefined;
  return {
    vector: featurize(lines),
    get joined() {
      joined ??= ` ${lines.map((tokens) => tokens.join(' ')).join(' ')} `;
      return joined;
    },
  };
}

interface EntryProfile {
  phrases: string[];
  examples: SparseVector[];
}

/** Share of the evidence that comes from keyword coverage; the rest comes from similarity to the examples. */
const KEYWORD_WEIGHT = 0.65;
/** A cosine similarity of this much to an example counts as a full match (short examples never reach 1). */
const FULL_SIMILARITY = 0.5;
/** The evidence at which the confidence is 0.5, and how steeply it rises around it. */
const MIDPOINT = 0.45;
const STEEPNESS = 10;

/**
 * Scores a document against a registry entry that has no trained detector, from the entry's
 * keywords, examples and description. Conservative by construction: a document must contain
 * most of the keywords, or read much like an example, to come near 1.
 */
export class RegistryScorer {
  readonly #profiles = new Map<string, EntryProfile>();

  score(document: ScoringDocument, entry: RegistryEntry): number {
    const profile = this.#profile(entry);
    if (profile.phrases.length === 0 && profile.examples.length === 0) return 0;
    const coverage = profile.phrases.length ? profile.phrases.filter((phrase) => document.joined.includes(phrase)).length / profile.phrases.length : 0;
    const similarity = Math.max(0, ...profile.examples.map((example) => cosine(document.vector, example)));
    const scaledSimilarity = Math.min(1, similarity / FULL_SIMILARITY);
    const evidence = profile.phrases.length
      ? KEYWORD_WEIGHT * coverage + (1 - KEYWORD_WEIGHT) * scaledSimilarity
      : scaledSimilarity * 0.9;
    return 1 / (1 + Math.exp(-STEEPNESS * (evidence - MIDPOINT)));
  }

  #profile(entry: RegistryEntry): EntryProfile {
    const key = JSON.stringify([entry.typeCode, entry.keywords, entry.examples, entry.description]);
    let profile = this.#profiles.get(key);
    if (!profile) {
      profile = buildProfile(entry);
      if (this.#profiles.size >= 256) this.#profiles.delete(this.#profiles.keys().next().value!);
      this.#profiles.set(key, profile);
    }
    return profile;
  }
}

function buildProfile(entry: RegistryEntry): EntryProfile {
  const phrases = [...new Set(entry.keywords.map((keyword) => tokenizeLine(keyword).join(' ')).filter(Boolean))].map(
    (phrase) => ` ${phrase} `,
  );
  const texts = [...entry.examples, entry.description].filter((text) => text.trim().length > 0);
  return { phrases, examples: texts.map((text) => featurize(tokenizeText(text))) };
}

/** Cosine of two L2-normalised sparse vectors (sorted indices): their dot product. */
export function cosine(a: SparseVector, b: SparseVector): number {
  let i = 0, j = 0, sum = 0;
  while (i < a.indices.length && j < b.indices.length) {
    if (a.indices[i] === b.indices[j]) sum += a.values[i++] * b.values[j++];
    else if (a.indices[i] < b.indices[j]) i++;
    else j++;
  }
  return sum;
}
