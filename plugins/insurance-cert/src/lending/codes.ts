import type { ComplianceCheck, LendingEvaluationInput } from '@docsift/core';
import type { InsuranceCertData } from '../schema.js';
import type { InsuranceCertLendingRequirements } from './requirements.js';

/** Stable lending check codes of `insurance_cert` (docs/lending.md). */
export const LENDING_CHECK_CODES = {
  requiredCoverage: 'required_coverage_present',
  limitMinimum: 'coverage_limit_minimum',
  notExpired: 'coverage_not_expired',
  minimumDaysValid: 'coverage_minimum_days_valid',
  effectiveBeforeExpiration: 'coverage_effective_before_expiration',
  certificateHolder: 'certificate_holder_matches',
} as const;

export type CertificateInput = LendingEvaluationInput<InsuranceCertData, InsuranceCertLendingRequirements>;

const COVERAGE_LABELS: Record<string, string> = {
  general_liability: 'general liability',
  auto_liability: 'automobile liability',
  umbrella: 'umbrella liability',
  workers_comp: "workers' compensation",
};

/** `general liability`, or the type with underscores as spaces for a type this plugin does not read. */
export function coverageLabel(type: string): string {
  return COVERAGE_LABELS[type] ?? type.replace(/_/g, ' ');
}

/** `eachOccurrence` → `each occurrence`. */
export function limitLabel(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

export function passed(code: string, message: string, path: string, details?: Record<string, unknown>): ComplianceCheck {
  return { code, passed: true, severity: 'error', message, path, ...(details ? { details } : {}) };
}

export function failed(code: string, message: string, path: string, details?: Record<string, unknown>): ComplianceCheck {
  return { code, passed: false, severity: 'error', message, path, ...(details ? { details } : {}) };
}
