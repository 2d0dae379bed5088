import type { DetectorArtifact } from '../contracts/plugin.js';
import { applyPlatt, type PlattParameters } from './calibration.js';
import { sameFeatureSpec, DEFAULT_FEATURE_SPEC, type FeatureSpec, type SparseVector } from './features.js';

export const LINEAR_FORMAT = 'docsift-linear/1';

/** What `npm run train` writes to a plugin's `model/detector.json`. */
export interface LinearArtifact extends DetectorArtifact {
  format: typeof LINEAR_FORMAT;
  typeCode: string;
  /** `YYYY-MM-DD.<first 12 hex of the training data's sha256>`. */
  version: string;
  features: FeatureSpec;
  bias: number;
  /** Non-zero weights only, as parallel arrays sorted by index; values rounded. */
  weights: { indices: number[]; values: number[] };
  calibration: PlattParameters;
  training: Record<string, unknown>;
}

export function isLinearArtifact(artifact: DetectorArtifact | null | undefined): artifact is LinearArtifact {
  if (!artifact || artifact.format !== LINEAR_FORMAT) return false;
  const candidate = artifact as Partial<LinearArtifact>;
  return (
    typeof candidate.bias === 'number' &&
    Array.isArray(candidate.weights?.indices) &&
    Array.isArray(candidate.weights?.values) &&
    typeof candidate.calibration?.a === 'number' &&
    typeof candidate.calibration?.b === 'number' &&
    !!candidate.features &&
    sameFeatureSpec(candidate.features, DEFAULT_FEATURE_SPEC)
  );
}

/** A loaded linear detector: dense weights for constant-time lookups. */
export class LinearDetector {
  readonly typeCode: string;
  readonly version: string;
  readonly #weights: Float32Array;
  readonly #bias: number;
  readonly #calibration: PlattParameters;

  constructor(artifact: LinearArtifact) {
    this.typeCode = artifact.typeCode;
    this.version = artifact.version;
    this.#weights = new Float32Array(1 << artifact.features.hashBits);
    const { indices, values } = artifact.weights;
    for (let i = 0; i < indices.length; i++) this.#weights[indices[i]] = values[i];
    this.#bias = artifact.bias;
    this.#calibration = artifact.calibration;
  }

  /**
   * Raw decision value (log-odds of the uncalibrated model). The vector is renormalised over
   * the features the model knows, so words it never saw in training (OCR garbage from table
   * rules and stamps, unrelated text around the form) do not dilute the evidence.
   */
  decision(vector: SparseVector): number {
    return knownFeatureDecision(this.#weights, this.#bias, vector);
  }

  /** Calibrated probability in [0, 1]. */
  probability(vector: SparseVector): number {
    return applyPlatt(this.decision(vector), this.#calibration);
  }
}

/** `decisionValue` over the features with a non-zero weight, the vector renormalised over them. */
export function knownFeatureDecision(weights: Float32Array | Float64Array, bias: number, vector: SparseVector): number {
  let dot = 0;
  let knownSquares = 0;
  for (let i = 0; i < vector.indices.length; i++) {
    const weight = weights[vector.indices[i]];
    if (weight === 0) continue;
    dot += weight * vector.values[i];
    knownSquares += vector.values[i] * vector.values[i];
  }
  return bias + (knownSquares > 0 ? dot / Math.sqrt(knownSquares) : 0);
}

export function decisionValue(weights: Float32Array | Float64Array, bias: number, vector: SparseVector): number {
  let sum = bias;
  for (let i = 0; i < vector.indices.length; i++) sum += weights[vector.indices[i]] * vector.values[i];
  return sum;
}
