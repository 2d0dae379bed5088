import type { FieldDetails, Finding } from './results.js';

/**
 * An organization's lending requirements (docs/lending.md). Defaults and validation live in
 * `lendingRequirementsSchema` (core/src/lending/requirements.ts); docs/lending.md lists them.
 */
export interface LendingRequirements {
  /** Coverage types a certificate must list (`general_liability`, `workers_comp`, …). */
  requiredCoverages: string[];
  /** Per coverage type, per limit key, the smallest acceptable amount in dollars. */
  minimumLimits: Record<string, Record<string, number>>;
  /** The certificate holder a certificate must name (matched fuzzily); null checks nothing. */
  certificateHolderName: string | null;
  /** Days each coverage must still run after the job's date. */
  minimumDaysValid: number;
  /** Largest tolerated difference, in dollars, in a statement of repair's arithmetic. */
  maxSorDifference: number;
  /** A value a check needs whose extraction confidence is below this is sent to review. */
  minimumFieldConfidence: number;
}

/** How a failed check weighs: `error` makes the document non-compliant, `review` asks a person. */
export type ComplianceSeverity = 'error' | 'review';

/** One lending check. Codes are stable, lowercase, snake_case (docs/lending.md). */
export interface ComplianceCheck {
  code: string;
  passed: boolean;
  message: string;
  /** Path into extractedData the check is about. */
  path?: string;
  severity: ComplianceSeverity;
  /** Machine-readable figures (for example `{ required, actual }` or `{ difference }`). */
  details?: Record<string, unknown>;
}

export const COMPLIANCE_STATUSES = ['compliant', 'non_compliant', 'needs_review', 'unsupported_document'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export interface ComplianceResult {
  status: ComplianceStatus;
  checks: ComplianceCheck[];
}

/** What a plugin's lending evaluator is given: the extraction, the engine's findings, the rules and the job's date. */
export interface LendingEvaluationInput<TData> {
  data: TData;
  fieldDetails: FieldDetails;
  findings: Finding[];
  requirements: LendingRequirements;
  /** The job's date: expiry is judged against it, not the clock. */
  now: Date;
}

export interface LendingEvaluation {
  checks: ComplianceCheck[];
  /** Type-specific analysis reported as the job record's `lendingAnalysis`. */
  analysis: Record<string, unknown>;
}

/** A document type's lending checks. Never throws on bad data: missing values become failed `review` checks. */
export interface LendingEvaluator<TData> {
  evaluate(input: LendingEvaluationInput<TData>): LendingEvaluation;
}
