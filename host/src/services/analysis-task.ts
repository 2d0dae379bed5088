import { MODEL_REVIEW_CODES, type DocumentReviewer, type ModelFinding, type ProcessResult } from '@docsift/core';
import { analyzeStatement, statementReviewRequest, type SorData } from '@docsift/plugin-sor';

const SOR = 'sor';

/**
 * The model review a task asked for (`model` naming the configured model): the reviewer, null when
 * this process has no AI model configured; whether to send the statement section by section.
 */
export interface ModelReviewChoice {
  reviewer: DocumentReviewer | null;
  useChunking: boolean;
  signal?: AbortSignal;
}

/**
 * What an analysis task keeps of its engine result: the statement's analysis (docs/analysis.md)
 * with the pages read, or why there is none (a document that is not a statement of repair). With a
 * model review, the model's findings (`source: "model"`) follow the local ones; a model that fails
 * adds a warning and leaves the local analysis as it is.
 */
export async function analysisOf(result: ProcessResult, review: ModelReviewChoice | null): Promise<{ analysis: Record<string, unknown> } | { error: string }> {
  if (result.documentType !== SOR || !result.extractedData) {
    return { error: `The document is not a statement of repair (it was read as "${result.documentType}"); there is nothing to analyse.` };
  }
  const data = result.extractedData as SorData;
  const local = analyzeStatement(data);
  if (!review) return { analysis: { pageCount: result.pageCount, ...local } };
  const modelFindings = review.reviewer
    ? await review.reviewer.review(statementReviewRequest(data, local, { useChunking: review.useChunking }), { signal: review.signal })
    : [NOT_CONFIGURED];
  return { analysis: { pageCount: result.pageCount, findings: [...local.findings, ...modelFindings], summary: local.summary } };
}

const NOT_CONFIGURED: ModelFinding = {
  severity: 'warning',
  code: MODEL_REVIEW_CODES.failed,
  message: 'The model review was asked for, but the worker that ran the task has no AI model configured; the local analysis stands.',
  details: { reason: 'model_not_configured' },
  source: 'model',
};

/**
 * The engine options of a task: its document is a statement of repair or `unknown` (a type hint
 * would extract anything as one), read by the local engine, whose table reader the analysis's
 * arithmetic relies on; the task's `model` selects the model review instead.
 */
export const ANALYSIS_ENGINE_OPTIONS: { allowedTypes: string[]; engine: 'local' } = { allowedTypes: [SOR], engine: 'local' };
