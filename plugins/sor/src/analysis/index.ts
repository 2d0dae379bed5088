import type { SorData } from '../schema.js';
import { arithmeticChecks } from './arithmetic.js';
import type { AnalysisFinding } from './codes.js';
import type { AnalysisContext } from './context.js';
import { eligibilityChecks } from './eligibility.js';
import { statementAmounts } from './amounts.js';
import { itemChecks } from './items.js';
import { markupChecks } from './markups.js';
import { analysisOptionsSchema, type AnalysisOptions } from './options.js';
import { consultantFeeChecks, contingencyChecks, permitChecks, programSummary, rehabilitationAmountChecks } from './program.js';
import { summarize, type AnalysisSummary } from './summary.js';
import { costTableChecks, pricedItems, unitCostOutlierChecks } from './unit-costs.js';

export interface StatementAnalysis {
  findings: AnalysisFinding[];
  summary: AnalysisSummary;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * What a lender's reviewer checks on a statement of repair (docs/analysis.md): the arithmetic at
 * every level, the 203(k) program's rules, missing and repeated items, unit costs against the
 * statement's own and the organization's rates; and a summary. Options are validated (a ZodError
 * names a bad member); the data is the plugin's extracted data, taken as it is.
 */
export function analyzeStatement(data: SorData, options: AnalysisOptions = {}): StatementAnalysis {
  const context: AnalysisContext = { data, options: analysisOptionsSchema.parse(options), amounts: statementAmounts(data) };
  const markups = markupChecks(context);
  const priced = pricedItems(context);
  const findings = [
    ...arithmeticChecks(context),
    ...markups.findings,
    ...contingencyChecks(context),
    ...consultantFeeChecks(context),
    ...permitChecks(context),
    ...rehabilitationAmountChecks(context),
    ...eligibilityChecks(context),
    ...itemChecks(context),
    ...unitCostOutlierChecks(context, priced),
    ...costTableChecks(context, priced),
  ].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const entry of findings) counts[entry.severity] += 1;
  const summary = summarize(context, { generalConditions: markups.generalConditions, overheadAndProfit: markups.overheadAndProfit }, programSummary(context), counts);
  return { findings, summary };
}

export { statementReviewRequest, MAX_REVIEW_PARTS } from './review.js';
export { ANALYSIS_CODES, type AnalysisCode, type AnalysisFinding } from './codes.js';
export { analysisOptionsSchema, CONSULTANT_FEE_SCHEDULE, LIMITED_203K, STANDARD_203K, type AnalysisOptions, type ResolvedAnalysisOptions, type ProgramFigures } from './options.js';
export { parseCostTable, CostTableError, COST_TABLE_COLUMNS, costTableRowSchema, type CostTableRow, type CostTableProblem } from './cost-table.js';
export { INELIGIBLE_LEXICON, type IneligibleEntry, type IneligibleCategory } from './lexicon.js';
export { TRADE_LEXICON, tradeOf } from './trades.js';
export { RECAP_LINE_LEXICON, recapLineKind, type RecapLineKind } from './amounts.js';
export type { AnalysisSummary, SectionShare, TradeShare, LargestItem } from './summary.js';
export type { MarkupRate } from './markups.js';
export type { ProgramSummary } from './program.js';
