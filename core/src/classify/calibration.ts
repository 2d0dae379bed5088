/** Platt scaling: p = 1 / (1 + exp(-(a * score + b))). */
export interface PlattParameters {
  method: 'platt';
  a: number;
  b: number;
}

export function applyPlatt(score: number, platt: PlattParameters): number {
  const z = platt.a * score + platt.b;
  const p = 1 / (1 + Math.exp(-z));
  return Number.isFinite(p) ? p : z > 0 ? 1 : 0;
}

/**
 * Fits Platt's sigmoid to held-out decision values by Newton's method with Platt's smoothed
 * targets (so separable data still gives finite parameters). Deterministic.
 *
 * The two classes are weighted to the same total: the probability assumes even prior odds of
 * the type, not the share it happens to have in the training data (where each type is a
 * small minority among the negatives and the other types).
 */
export function fitPlatt(scores: readonly number[], labels: readonly boolean[], iterations = 100): PlattParameters {
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  const hi = (positives + 1) / (positives + 2);
  const lo = 1 / (negatives + 2);
  const targets = labels.map((label) => (label ? hi : lo));
  const weights = labels.map((label) => labels.length / (2 * Math.max(1, label ? positives : negatives)));
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < iterations; iter++) {
    let g1 = 0, g2 = 0, h11 = 1e-9, h22 = 1e-9, h21 = 0;
    for (let i = 0; i < scores.length; i++) {
      const p = applyPlatt(scores[i], { method: 'platt', a, b });
      const d = (p - targets[i]) * weights[i];
      const w = Math.max(p * (1 - p), 1e-12) * weights[i];
      g1 += d * scores[i];
      g2 += d;
      h11 += w * scores[i] * scores[i];
      h22 += w;
      h21 += w * scores[i];
    }
    const det = h11 * h22 - h21 * h21;
    if (Math.abs(det) < 1e-18) break;
    const da = (h22 * g1 - h21 * g2) / det;
    const db = (h11 * g2 - h21 * g1) / det;
    a -= clamp(da, 5);
    b -= clamp(db, 5);
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  // A calibration must keep the detector's order: a higher score never gives a lower probability.
  return { method: 'platt', a: Math.max(a, 1e-3), b };
}

function clamp(step: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, step));
}
