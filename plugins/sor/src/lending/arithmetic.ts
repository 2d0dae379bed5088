import { reviewCheck, valueProblem, type ComplianceCheck, type ValueProblem } from '@docsift/core';
import { roundCents } from '@docsift/core/layout';
import type { SorSection } from '../schema.js';
import { sectionAmount } from '../validators.js';
import { check, dollars, LENDING_CHECK_CODES, type StatementInput } from './codes.js';

/** A printed section total against the sum of its line totals. */
export interface SectionDifference {
  /** Index in constructionSections. */
  index: number;
  sectionName: string;
  printed: number;
  computed: number | null;
  difference: number | null;
}

/** One comparison of the recap: a difference in dollars (printed − computed), or why it cannot be made. */
export interface Comparison {
  difference: number | null;
  problem: ValueProblem | null;
}

const sumOf = (values: number[]): number => roundCents(values.reduce((sum, value) => sum + value, 0));
const missing = (path: string): ValueProblem => ({ reason: 'missing', path, confidence: null });

function lineSum(section: SorSection): number | null {
  const totals = section.lineItems.map((item) => item.totalCost);
  return totals.every((total): total is number => total !== null) ? sumOf(totals) : null;
}

/** Sections that print their own total, each against the sum of its line totals. */
export function sectionDifferences(sections: SorSection[]): SectionDifference[] {
  return sections.flatMap((section, index) => {
    const printed = section.sectionTotal?.totalCost;
    if (printed === null || printed === undefined) return [];
    const computed = lineSum(section);
    return [{ index, sectionName: section.sectionName, printed, computed, difference: computed === null ? null : roundCents(printed - computed) }];
  });
}

/** The difference of largest size (signed), or null when there is none. */
export function largest(differences: Array<number | null>): number | null {
  return differences.reduce<number | null>((worst, value) => (value !== null && (worst === null || Math.abs(value) > Math.abs(worst)) ? value : worst), null);
}

function amount(input: StatementInput, key: 'subtotal' | 'grandTotal'): { value: number | null; problem: ValueProblem | null } {
  const value = input.data.recapSummary[key];
  const problem = valueProblem(value, `recapSummary.${key}`, input.fieldDetails, input.requirements.minimumFieldConfidence);
  return { value: problem ? null : value, problem };
}

/** Subtotal − sum of sections (a section's printed total, else the sum of its line totals). */
export function sectionsVsSubtotal(input: StatementInput): Comparison & { sumOfSections: number | null } {
  const sections = input.data.constructionSections;
  const amounts = sections.map(sectionAmount);
  const unreadable = amounts.findIndex((value) => value === null);
  const sumOfSections = sections.length > 0 && unreadable < 0 ? sumOf(amounts as number[]) : null;
  const subtotal = amount(input, 'subtotal');
  if (sections.length === 0) return { difference: null, problem: missing('constructionSections'), sumOfSections };
  if (unreadable >= 0) return { difference: null, problem: missing(`constructionSections[${unreadable}]`), sumOfSections };
  if (subtotal.problem || subtotal.value === null) return { difference: null, problem: subtotal.problem ?? missing('recapSummary.subtotal'), sumOfSections };
  return { difference: roundCents(subtotal.value - (sumOfSections ?? 0)), problem: null, sumOfSections };
}

/** Grand total − (subtotal + general conditions + overhead and profit + other priced recap lines). */
export function recapVsGrandTotal(input: StatementInput): Comparison & { computedGrandTotal: number | null } {
  const subtotal = amount(input, 'subtotal');
  const grandTotal = amount(input, 'grandTotal');
  const { generalConditions, overheadAndProfit } = input.data.recapSummary;
  const others = (input.data.additionalInfo?.recapLines ?? []).map((line) => line.amount);
  const problem = subtotal.problem ?? grandTotal.problem;
  if (problem || subtotal.value === null || grandTotal.value === null) {
    return { difference: null, problem: problem ?? missing('recapSummary.grandTotal'), computedGrandTotal: null };
  }
  const computedGrandTotal = sumOf([subtotal.value, generalConditions ?? 0, overheadAndProfit ?? 0, ...others]);
  return { difference: roundCents(grandTotal.value - computedGrandTotal), problem: null, computedGrandTotal };
}

/** Half a cent of slack: differences are rounded to cents, a tolerance such as 0.1 + 0.2 may not be. */
export const within = (difference: number, tolerance: number): boolean => Math.abs(difference) <= tolerance + 0.005;
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A check on one comparison: review when it cannot be made, failed when the difference exceeds the tolerance. */
export function comparisonCheck(input: StatementInput, code: string, what: string, path: string, comparison: Comparison): ComplianceCheck {
  const tolerance = input.requirements.maxSorDifference;
  if (comparison.problem || comparison.difference === null) {
    const problem = comparison.problem ?? missing(path);
    return reviewCheck(code, `A value needed to check ${what} (${problem.path})`, problem, input.requirements.minimumFieldConfidence);
  }
  const { difference } = comparison;
  const details = { difference, tolerance };
  return within(difference, tolerance)
    ? check(code, true, `${capitalize(what)}: difference ${dollars(difference)}, within ${dollars(tolerance)}.`, path, details)
    : check(code, false, `${capitalize(what)}: difference ${dollars(difference)}, more than the tolerated ${dollars(tolerance)}.`, path, details);
}

/** Each printed section total against its line items; the largest difference decides. */
export function lineItemsCheck(input: StatementInput, differences: SectionDifference[]): ComplianceCheck {
  const code = LENDING_CHECK_CODES.lineItemsMatchSections;
  if (input.data.constructionSections.length === 0) {
    return comparisonCheck(input, code, 'line items against sections', 'constructionSections', { difference: null, problem: missing('constructionSections') });
  }
  if (differences.length === 0) {
    return check(code, true, 'No section prints its own total; each section is the sum of its line items.', 'constructionSections', { difference: null, tolerance: input.requirements.maxSorDifference });
  }
  const unreadable = differences.find((entry) => entry.difference === null);
  if (unreadable) {
    return comparisonCheck(input, code, 'line items against section totals', 'constructionSections', { difference: null, problem: missing(`constructionSections[${unreadable.index}].lineItems`) });
  }
  const worst = differences.reduce((a, b) => (Math.abs(b.difference ?? 0) > Math.abs(a.difference ?? 0) ? b : a));
  const path = `constructionSections[${worst.index}].sectionTotal.totalCost`;
  return comparisonCheck(input, code, `line items against section totals (largest difference in ${worst.sectionName})`, path, { difference: worst.difference, problem: null });
}
