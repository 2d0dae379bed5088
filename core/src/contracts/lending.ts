import type { ZodObject } from 'zod';
import type { FieldDetails, Finding } from './results.js';

/** The requirement members every lending type shares; lending plugins add their own (`LendingSupport.requirements`). */
export type CommonLendingRequirements = {
  /** A value a check needs whose extraction confidence is below this is sent to review. */
  minimumFieldConfidence: number;
};

/**
 * An organization's lending requirements (docs/lending.md): the common members plus those of every
 * installed lending plugin. `PluginRegistry.lendingRequirements` validates them and fills defaults.
 */
export type LendingRequirements = CommonLendingRequirements & Record<string, unknown>;

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

/**
 * What a plugin's lending evaluator is given: the extraction, the engine's findings, the rules (the
 * common members and the plugin's own, `TRequirements`) and the job's date.
 */
export interface LendingEvaluationInput<TData, TRequirements extends object = object> {
  data: TData;
  fieldDetails: FieldDetails;
  findings: Finding[];
  requirements: CommonLendingRequirements & TRequirements;
  /** The job's date: expiry is judged against it, not the clock. */
  now: Date;
}

export interface LendingEvaluation {
  checks: ComplianceCheck[];
  /** Type-specific analysis reported as the job record's `lendingAnalysis`. */
  analysis: Record<string, unknown>;
}

/** A document type's lending checks. Never throws on bad data: missing values become failed `review` checks. */
export interface LendingEvaluator<TData, TRequirements extends object = object> {
  evaluate(input: LendingEvaluationInput<TData, TRequirements>): LendingEvaluation;
}

/**
 * A plugin's support for the lending variant: its checks and the requirement members they read.
 * `requirements` is a zod object whose every member has a default (`z.number().default(1)`); the
 * members of all lending plugins form an organization's requirements, so two plugins may not
 * declare the same member.
 */
export interface LendingSupport<TData, TRequirements extends object = object> extends LendingEvaluator<TData, TRequirements> {
  requirements: ZodObject;
}
