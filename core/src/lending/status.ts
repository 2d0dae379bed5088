import type { ComplianceCheck, ComplianceStatus } from '../contracts/lending.js';

/** A failed `error` check makes a document non-compliant; otherwise a failed `review` check asks for review. */
export function complianceStatus(checks: readonly ComplianceCheck[]): Exclude<ComplianceStatus, 'unsupported_document'> {
  const failed = checks.filter((check) => !check.passed);
  if (failed.some((check) => check.severity === 'error')) return 'non_compliant';
  if (failed.length > 0) return 'needs_review';
  return 'compliant';
}
