import type { ComplianceCheck } from '../contracts/lending.js';
import type { FieldDetails } from '../contracts/results.js';

/** Why a value a check needs cannot be trusted. */
export interface ValueProblem {
  reason: 'missing' | 'low_confidence';
  path: string;
  /** The extraction confidence, when there is one. */
  confidence: number | null;
}

const isMissing = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A problem when `value` is missing or its `fieldDetails` confidence is below `minimumConfidence`.
 * A value with no provenance entry is taken as read (data given by a caller, not extracted).
 */
export function valueProblem(value: unknown, path: string, fieldDetails: FieldDetails, minimumConfidence: number): ValueProblem | null {
  if (isMissing(value)) return { reason: 'missing', path, confidence: null };
  const confidence = fieldDetails[path]?.confidence;
  if (confidence !== undefined && confidence < minimumConfidence) return { reason: 'low_confidence', path, confidence };
  return null;
}

/** "was not found" / "was read with confidence 0.42, below the required 0.60". */
export function describeValueProblem(problem: ValueProblem, minimumConfidence: number): string {
  return problem.reason === 'missing'
    ? 'was not found'
    : `was read with confidence ${(problem.confidence ?? 0).toFixed(2)}, below the required ${minimumConfidence.toFixed(2)}`;
}

/** A failed `review` check for a value that cannot be trusted: `"<what> <problem>; a person must check it."`. */
export function reviewCheck(code: string, what: string, problem: ValueProblem, minimumConfidence: number): ComplianceCheck {
  return {
    code,
    passed: false,
    severity: 'review',
    message: `${what} ${describeValueProblem(problem, minimumConfidence)}; a person must check it.`,
    path: problem.path,
    details: { reason: problem.reason, confidence: problem.confidence, minimumConfidence },
  };
}

/** `$1,000,000` or `$12.50`: dollars as printed in check messages. */
export function formatDollars(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return `${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}
