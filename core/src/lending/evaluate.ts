import type { ComplianceResult, LendingRequirements, LendingSupport } from '../contracts/lending.js';
import type { DocumentTypePlugin } from '../contracts/plugin.js';
import { UNKNOWN_TYPE, type FieldDetails, type Finding } from '../contracts/results.js';
import { complianceStatus } from './status.js';

/** The parts of a processing result the lending checks read (a `ProcessResult` or a stored job). */
export interface LendingSubject {
  documentType: string;
  extractedData: Record<string, unknown> | null;
  fieldDetails: FieldDetails;
  findings: Finding[];
}

/** `compliance` and `lendingAnalysis` of a lending job record (docs/lending.md). */
export interface LendingOutcome {
  compliance: ComplianceResult;
  lendingAnalysis: Record<string, unknown> | null;
}

/** A document-type plugin that brings lending checks. */
export type LendingPlugin<TData = Record<string, unknown>> = DocumentTypePlugin<TData> & { lending: LendingSupport<TData, any> };

export function hasLendingEvaluator<TData>(plugin: DocumentTypePlugin<TData> | undefined): plugin is LendingPlugin<TData> {
  return typeof plugin?.lending?.evaluate === 'function';
}

function reviewOutcome(code: string, message: string): LendingOutcome {
  const checks = [{ code, passed: false, severity: 'review' as const, message }];
  return { compliance: { status: complianceStatus(checks), checks }, lendingAnalysis: null };
}

/**
 * Runs the lending checks of `plugin` (the plugin of `subject.documentType`) and derives the
 * compliance status. An unknown type, or a type whose plugin has no lending evaluator, is
 * `unsupported_document` with no checks and `lendingAnalysis: null`. An evaluator that throws
 * sends the document to review rather than failing the job.
 */
export function evaluateLending(
  plugin: DocumentTypePlugin<any> | undefined,
  subject: LendingSubject,
  requirements: LendingRequirements,
  now: Date,
): LendingOutcome {
  if (subject.documentType === UNKNOWN_TYPE || !hasLendingEvaluator(plugin) || plugin.entry.typeCode !== subject.documentType) {
    return { compliance: { status: 'unsupported_document', checks: [] }, lendingAnalysis: null };
  }
  if (subject.extractedData === null) {
    return reviewOutcome('extracted_data_missing', 'The document was recognised but no data was extracted; a person must check it.');
  }
  try {
    const { checks, analysis } = plugin.lending.evaluate({
      data: subject.extractedData,
      fieldDetails: subject.fieldDetails,
      findings: subject.findings,
      requirements,
      now,
    });
    return { compliance: { status: complianceStatus(checks), checks }, lendingAnalysis: analysis };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return reviewOutcome('lending_evaluation_failed', `The lending checks could not be run (${reason}); a person must check the document.`);
  }
}
