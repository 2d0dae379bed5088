import type { ComplianceCheck, LendingEvaluation, LendingSupport } from '@docsift/core';
import type { SorData } from '../schema.js';
import { comparisonCheck, largest, lineItemsCheck, recapVsGrandTotal, sectionDifferences, sectionsVsSubtotal } from './arithmetic.js';
import { LENDING_CHECK_CODES, type StatementInput } from './codes.js';
import { amountConfidenceCheck, lineTotalsCheck, metadataChecks } from './document-checks.js';
import { sorLendingRequirements, type SorLendingRequirements } from './requirements.js';

/** true / false for a comparison that was made, null when it could not be (sent to review). */
const verdict = (check: ComplianceCheck): boolean | null => (!check.passed && check.severity === 'review' ? null : check.passed);

/** Arithmetic and metadata checks of a statement of repair (docs/lending.md). */
export const sorLending: LendingSupport<SorData, SorLendingRequirements> = {
  requirements: sorLendingRequirements,
  evaluate(input: StatementInput): LendingEvaluation {
    const { sectionsMatchSubtotal, recapMatchesGrandTotal } = LENDING_CHECK_CODES;
    const sections = sectionDifferences(input.data.constructionSections);
    const subtotal = sectionsVsSubtotal(input);
    const recap = recapVsGrandTotal(input);
    const lineItems = lineItemsCheck(input, sections);
    const subtotalCheck = comparisonCheck(input, sectionsMatchSubtotal, 'subtotal against the sum of sections', 'recapSummary.subtotal', subtotal);
    const recapCheck = comparisonCheck(
      input,
      recapMatchesGrandTotal,
      'grand total against subtotal + general conditions + overhead and profit',
      'recapSummary.grandTotal',
      recap,
    );
    const { recapSummary, additionalInfo } = input.data;
    const analysis = {
      lineItemsMatchSections: sections.length === 0 ? null : verdict(lineItems),
      sectionsMatchSubtotal: verdict(subtotalCheck),
      recapMatchesGrandTotal: verdict(recapCheck),
      differences: {
        lineItemsVsSections: largest(sections.map((entry) => entry.difference)),
        sectionsVsSubtotal: subtotal.difference,
        recapVsGrandTotal: recap.difference,
        sections: sections.map(({ sectionName, printed, computed, difference }) => ({ sectionName, printed, computed, difference })),
      },
      totals: {
        sumOfSections: subtotal.sumOfSections,
        subtotal: recapSummary.subtotal,
        generalConditions: recapSummary.generalConditions,
        overheadAndProfit: recapSummary.overheadAndProfit,
        otherRecapLines: (additionalInfo?.recapLines ?? []).map(({ label, amount }) => ({ label, amount })),
        computedGrandTotal: recap.computedGrandTotal,
        grandTotal: recapSummary.grandTotal,
      },
      tolerance: input.requirements.maxSorDifference,
    };
    const checks = [lineTotalsCheck(input), lineItems, subtotalCheck, recapCheck, ...metadataChecks(input), amountConfidenceCheck(input)];
    return { checks, analysis };
  },
};
