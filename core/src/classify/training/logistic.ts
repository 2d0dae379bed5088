import { decisionValue } from '../linear-model.js';
import type { SparseVector } from '../features.js';
import { seededRandom, shuffled } from './rng.js';

export interface LogisticOptions {
  dimension: number;
  /** L2 penalty per example (lambda). */
  l2: number;
  epochs: number;
  seed: number;
  learningRate: number;
}

export interface LogisticModel {
  weights: Float64Array;
  bias: number;
}

/**
 * Binary logistic regression by SGD with L2 decay, classes weighted to balance. The weight
 * vector is kept as scale × v so the decay of all weights costs O(1) per step. Deterministic
 * for a given seed and input order.
 */
export function trainLogistic(vectors: SparseVector[], labels: boolean[], options: LogisticOptions): LogisticModel {
  const v = new Float64Array(options.dimension);
  let scale = 1;
  let bias = 0;
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  const classWeight = (label: boolean) => labels.length / (2 * Math.max(1, label ? positives : negatives));
  const random = seededRandom(options.seed);
  const order = labels.map((_, index) => index);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (const i of shuffled(order, random)) {
      const rate = options.learningRate / (1 + options.learningRate * options.l2 * step++);
      const x = vectors[i];
      const margin = scale * decisionValue(v, 0, x) + bias;
      const gradient = (sigmoid(margin) - (labels[i] ? 1 : 0)) * classWeight(labels[i]);
      scale *= 1 - rate * options.l2;
      const delta = (rate * gradient) / scale;
      for (let k = 0; k < x.indices.length; k++) v[x.indices[k]] -= delta * x.values[k];
      bias -= rate * gradient * 0.1;
      if (scale < 1e-6) {
        for (let k = 0; k < v.length; k++) v[k] *= scale;
        scale = 1;
      }
    }
  }
  for (let k = 0; k < v.length; k++) v[k] *= scale;
  return { weights: v, bias };
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
