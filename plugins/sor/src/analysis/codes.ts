import type { Finding, FindingSeverity } from '@docsift/core';
import { FINDING_CODES } from '../validators.js';

/**
 * Stable codes of the statement-of-repair analysis (docs/analysis.md). The four arithmetic
 * mismatches share their codes with the plugin's validators: the same code means the same thing.
 */
export const ANALYSIS_CODES = {
  lineTotalMismatch: FINDING_CODES.lineTotalMismatch,
  sectionTotalMismatch: FINDING_CODES.sectionTotalMismatch,
  subtotalMismatch: FINDING_CODES.subtotalMismatch,
  grandTotalMismatch: FINDING_CODES.grandTotalMismatch,
  markupRateIrregular: 'sor_markup_rate_irregular',
  markupAboveLimit: 'sor_markup_above_limit',
  rehabilitationTotalMismatch: 'sor_rehabilitation_total_mismatch',
  contingencyMissing: 'sor_contingency_missing',
  contingencyOutOfRange: 'sor_contingency_out_of_range',
  contingencyRateMismatch: 'sor_contingency_rate_mismatch',
  consultantFeeMissing: 'sor_consultant_fee_missing',
  consultantFeeAboveSchedule: 'sor_consultant_fee_above_schedule',
  permitFeeMissing: 'sor_permit_fee_missing',
  rehabilitationBelowMinimum: 'sor_rehabilitation_below_minimum',
  rehabilitationAboveMaximum: 'sor_rehabilitation_above_maximum',
  ineligibleItem: 'sor_ineligible_item',
  itemMissingQuantity: 'sor_item_missing_quantity',
  itemMissingUnit: 'sor_item_missing_unit',
  itemMissingCost: 'sor_item_missing_cost',
  duplicateItem: 'sor_duplicate_item',
  emptySection: 'sor_empty_section',
  unitCostOutlier: 'sor_unit_cost_outlier',
  unitCostBelowTable: 'sor_unit_cost_below_table',
  unitCostAboveTable: 'sor_unit_cost_above_table',
} as const;

export type AnalysisCode = (typeof ANALYSIS_CODES)[keyof typeof ANALYSIS_CODES];

/** One finding of the analysis: a human message with the numbers, and the numbers themselves in `details`. */
export interface AnalysisFinding extends Finding {
  code: AnalysisCode;
  details: Record<string, unknown>;
}

export function finding(severity: FindingSeverity, code: AnalysisCode, message: string, path: string | undefined, details: Record<string, unknown>): AnalysisFinding {
  return { severity, code, message, ...(path === undefined ? {} : { path }), details };
}

/** `$1,234.50`, `-$12.00`: dollars with cents, as every message prints amounts. */
export function dollars(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `12.5%`: a percentage with at most two decimals. */
export function percent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export const itemPath = (sectionIndex: number, itemIndex: number): string => `constructionSections[${sectionIndex}].lineItems[${itemIndex}]`;
