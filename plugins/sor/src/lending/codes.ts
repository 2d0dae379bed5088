import type { ComplianceCheck, LendingEvaluationInput } from '@docsift/core';
import type { SorData } from '../schema.js';
import type { SorLendingRequirements } from './requirements.js';

/** Stable lending check codes of `sor` (docs/lending.md). */
export const LENDING_CHECK_CODES = {
  lineTotals: 'sor_line_totals_match',
  lineItemsMatchSections: 'sor_line_items_match_sections',
  sectionsMatchSubtotal: 'sor_sections_match_subtotal',
  recapMatchesGrandTotal: 'sor_recap_matches_grand_total',
  propertyAddress: 'sor_property_address_present',
  borrowerName: 'sor_borrower_name_present',
  consultant: 'sor_consultant_present',
  contractorLicense: 'sor_contractor_license_present',
  amountsConfident: 'sor_amounts_confident',
} as const;

export type StatementInput = LendingEvaluationInput<SorData, SorLendingRequirements>;

export function check(code: string, passed: boolean, message: string, path: string, details?: Record<string, unknown>): ComplianceCheck {
  return { code, passed, severity: 'error', message, path, ...(details ? { details } : {}) };
}

/** `$12.50`: dollars with cents, as differences are reported. */
export function dollars(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
