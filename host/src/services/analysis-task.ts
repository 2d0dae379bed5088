import type { ProcessResult } from '@docsift/core';
import { analyzeStatement, type SorData } from '@docsift/plugin-sor';

const SOR = 'sor';

/**
 * What an analysis task keeps of its engine result: the statement's analysis (docs/analysis.md)
 * with the pages read, or why there is none (a document that is not a statement of repair).
 */
export function analysisOf(result: ProcessResult): { analysis: Record<string, unknown> } | { error: string } {
  if (result.documentType !== SOR || !result.extractedData) {
    return { error: `The document is not a statement of repair (it was read as "${result.documentType}"); there is nothing to analyse.` };
  }
  return { analysis: { pageCount: result.pageCount, ...analyzeStatement(result.extractedData as SorData) } };
}

/**
 * The engine options of a task: its document is a statement of repair or `unknown` (a type hint
 * would extract anything as one).
 */
export const ANALYSIS_ENGINE_OPTIONS = { allowedTypes: [SOR] };
