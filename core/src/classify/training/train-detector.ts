import { createHash } from 'node:crypto';
import { fitPlatt } from '../calibration.js';
import { DEFAULT_FEATURE_SPEC, featurize, hashString, type SparseVector } from '../features.js';
import { knownFeatureDecision, LINEAR_FORMAT, type LinearArtifact } from '../linear-model.js';
import { tokenizeText, TOKENIZER_VERSION } from '../tokens.js';
import { makeVariant } from './expand.js';
import { trainLogistic, type LogisticOptions } from './logistic.js';
import { seededRandom } from './rng.js';

/** A training template; its id is its group: variants of one template never straddle a fold. */
export interface LabelledText {
  id: string;
  /** Type code, or `unknown` for a shared negative. */
  label: string;
  text: string;
}

export interface TrainingConfig {
  /** Names the template expansion and augmentation code, so a change to it changes the artifact version. */
  augmentation: string;
  seed: number;
  /** Documents generated from each template. */
  variantsPerTemplate: number;
  folds: number;
  l2: number;
  epochs: number;
  learningRate: number;
  /** Weights smaller than this are dropped from the artifact; the rest are rounded to 4 decimals. */
  pruneBelow: number;
  /** Features seen in fewer training documents than this are left out of the model (one-off OCR garbage, names). */
  minDocumentFrequency: number;
}

export const DEFAULT_TRAINING_CONFIG: TrainingConfig = {
  augmentation: 'scan-noise/4',
  seed: 20_251_121,
  variantsPerTemplate: 12,
  folds: 5,
  l2: 1e-4,
  epochs: 12,
  learningRate: 0.5,
  pruneBelow: 1e-3,
  minDocumentFrequency: 3,
};

export interface Sample {
  group: string;
  label: string;
  vector: SparseVector;
}

/**
 * Expands every template into its variants and featurises them (deterministic for a seed).
 * Each template has its own generator, so adding or editing one file leaves the others' variants unchanged.
 */
export function buildSamples(texts: LabelledText[], config: TrainingConfig): Sample[] {
  const samples: Sample[] = [];
  for (const text of [...texts].sort((a, b) => a.id.localeCompare(b.id))) {
    const random = seededRandom(config.seed ^ hashString(text.id));
    for (let i = 0; i < config.variantsPerTemplate; i++) {
      samples.push({ group: text.id, label: text.label, vector: featurize(tokenizeText(makeVariant(text.text, random))) });
    }
  }
  return samples;
}

function logisticOptions(config: TrainingConfig, seed: number): LogisticOptions {
  return { dimension: 1 << DEFAULT_FEATURE_SPEC.hashBits, l2: config.l2, epochs: config.epochs, seed, learningRate: config.learningRate };
}

/** Zeroes the weights of features that fewer than `minDocumentFrequency` of the samples contain. */
function dropRareFeatures(weights: Float64Array, samples: Sample[], minDocumentFrequency: number): void {
  const frequency = new Uint16Array(weights.length);
  for (const sample of samples) for (const index of sample.vector.indices) frequency[index] = Math.min(65_535, frequency[index] + 1);
  for (let i = 0; i < weights.length; i++) if (frequency[i] < minDocumentFrequency) weights[i] = 0;
}

/** Decision values of every sample from a model that never saw its group (grouped k-fold). */
export function heldOutScores(samples: Sample[], typeCode: string, config: TrainingConfig): number[] {
  const groups = [...new Set(samples.map((sample) => sample.group))];
  const foldOf = new Map(groups.map((group, index) => [group, index % config.folds]));
  const scores = new Array<number>(samples.length).fill(0);
  for (let fold = 0; fold < config.folds; fold++) {
    const train = samples.filter((sample) => foldOf.get(sample.group) !== fold);
    const model = trainLogistic(
      train.map((sample) => sample.vector),
      train.map((sample) => sample.label === typeCode),
      logisticOptions(config, config.seed + fold + 1),
    );
    dropRareFeatures(model.weights, train, config.minDocumentFrequency);
    samples.forEach((sample, index) => {
      if (foldOf.get(sample.group) === fold) scores[index] = knownFeatureDecision(model.weights, model.bias, sample.vector);
    });
  }
  return scores;
}

/** Trains one type's detector against everything else and calibrates it on held-out folds. */
export function trainDetector(typeCode: string, samples: Sample[], config: TrainingConfig, dataHash: string, today: string): LinearArtifact {
  const labels = samples.map((sample) => sample.label === typeCode);
  const heldOut = heldOutScores(samples, typeCode, config);
  const calibration = fitPlatt(heldOut, labels);
  const model = trainLogistic(samples.map((sample) => sample.vector), labels, logisticOptions(config, config.seed));
  dropRareFeatures(model.weights, samples, config.minDocumentFrequency);
  const indices: number[] = [];
  const values: number[] = [];
  model.weights.forEach((weight, index) => {
    if (Math.abs(weight) >= config.pruneBelow) {
      indices.push(index);
      values.push(Math.round(weight * 10_000) / 10_000);
    }
  });
  const heldOutCorrect = heldOut.filter((score, index) => score > 0 === labels[index]).length;
  return {
    format: LINEAR_FORMAT,
    typeCode,
    version: `${today}.${dataHash.slice(0, 12)}`,
    features: DEFAULT_FEATURE_SPEC,
    bias: Math.round(model.bias * 10_000) / 10_000,
    weights: { indices, values },
    calibration: { method: 'platt', a: round6(calibration.a), b: round6(calibration.b) },
    training: {
      config,
      dataSha256: dataHash,
      positives: labels.filter(Boolean).length,
      negatives: labels.filter((label) => !label).length,
      groups: new Set(samples.map((sample) => sample.group)).size,
      heldOutAccuracy: Math.round((heldOutCorrect / samples.length) * 10_000) / 10_000,
    },
  };
}

/** sha256 over the training texts and the configuration: the artifact's version names its data. */
export function trainingDataHash(texts: LabelledText[], config: TrainingConfig): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ config, tokenizer: TOKENIZER_VERSION }));
  for (const text of [...texts].sort((a, b) => a.id.localeCompare(b.id))) hash.update(`${text.id}\0${text.label}\0${text.text}\0`);
  return hash.digest('hex');
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
