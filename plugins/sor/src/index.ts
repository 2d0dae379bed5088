import { definePlugin, PLUGIN_API_VERSION, type DocumentTypePlugin, type Validator } from '@docsift/core';
import { detector } from './detector.js';
import { sorEntry } from './entry.js';
import { sorExtractor } from './extractor.js';
import { legacyMapping } from './legacy.js';
import { sorLending } from './lending/evaluator.js';
import { sorDataSchema, type SorData } from './schema.js';
import { validators } from './validators.js';

export interface SorPluginOptions {
  /** Confidence below which a document is not called a statement of repair (default 0.85). */
  confidenceThreshold?: number;
  /** Extra validators run after the built-in ones. */
  validators?: Array<Validator<SorData>>;
}

export const PLUGIN_VERSION = '0.1.0';

/** The statement-of-repair plugin (`sor`): 203(k) specifications of repairs and contractor estimates. */
export function sorPlugin(options: SorPluginOptions = {}): DocumentTypePlugin<SorData> {
  return definePlugin<DocumentTypePlugin<SorData>>({
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: '@docsift/plugin-sor',
    version: PLUGIN_VERSION,
    entry: { ...sorEntry, confidenceThreshold: options.confidenceThreshold ?? sorEntry.confidenceThreshold },
    dataSchema: sorDataSchema,
    detector,
    extractor: sorExtractor,
    validators: [...validators, ...(options.validators ?? [])],
    legacy: legacyMapping,
    lending: sorLending,
  });
}

export { sorDataSchema, type SorData, type SorSection, type SorLineItem, type SorMetadata, type SorRecap, type SorAdditionalInfo } from './schema.js';
export { FINDING_CODES, validators, lineTotals, sectionTotals, recapArithmetic, completeness } from './validators.js';
export { toLegacySor, type LegacySor, type LegacySorSection, type LegacySorLineItem } from './legacy.js';
export { extractSor } from './extractor.js';
export { sorLending } from './lending/evaluator.js';
export { sorLendingRequirements, type SorLendingRequirements } from './lending/requirements.js';
export { LENDING_CHECK_CODES } from './lending/codes.js';
export {
  analyzeStatement,
  statementReviewRequest,
  MAX_REVIEW_PARTS,
  analysisOptionsSchema,
  parseCostTable,
  CostTableError,
  ANALYSIS_CODES,
  INELIGIBLE_LEXICON,
  TRADE_LEXICON,
  RECAP_LINE_LEXICON,
  STANDARD_203K,
  LIMITED_203K,
  CONSULTANT_FEE_SCHEDULE,
  type StatementAnalysis,
  type AnalysisOptions,
  type AnalysisFinding,
  type AnalysisCode,
  type AnalysisSummary,
  type CostTableRow,
  type CostTableProblem,
} from './analysis/index.js';

/** The factory DOCSIFT_PLUGINS loads by package name (docs/plugins.md). */
export default sorPlugin;
