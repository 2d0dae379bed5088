import type { Finding, Validator } from '@docsift/core';
import { roundCents } from '@docsift/core/layout';
import type { SorData, SorSection } from './schema.js';

/** Stable finding codes; the lending variant builds its compliance checks on them. */
export const FINDING_CODES = {
  lineTotalMismatch: 'sor_line_total_mismatch',
  lineTotalMissing: 'sor_line_total_missing',
  sectionTotalMismatch: 'sor_section_total_mismatch',
  subtotalMismatch: 'sor_subtotal_mismatch',
  grandTotalMismatch: 'sor_grand_total_mismatch',
  missingRecap: 'sor_missing_recap',
  noLineItems: 'sor_no_line_items',
} as const;

const cents = (value: number): number => Math.round(value * 100);
const differs = (expected: number, actual: number): boolean => cents(expected) !== cents(actual);
const dollars = (value: number): string => `$${value.toFixed(2)}`;

function mismatch(code: string, path: string, what: string, expected: number, actual: number): Finding {
  const difference = roundCents(actual - expected);
  return {
    severity: 'error',
    code,
    message: `${what}: printed ${dollars(actual)}, computed ${dollars(roundCents(expected))} (difference ${dollars(difference)})`,
    path,
    details: { expected: roundCents(expected), actual, difference },
  };
}

/** Line total = material + labor (+ equipment and tax where printed), within a cent. */
export const lineTotals: Validator<SorData> = (data) =>
  data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex): Finding[] => {
      const path = `constructionSections[${sectionIndex}].lineItems[${itemIndex}]`;
      if (item.totalCost === null) {
        return [{ severity: 'warning', code: FINDING_CODES.lineTotalMissing, message: `Line item "${item.description}" has no total`, path: `${path}.totalCost` }];
      }
      if (item.materialCost === null || item.laborCost === null) return [];
      const expected = item.materialCost + item.laborCost + (item.equipmentCost ?? 0) + (item.taxAmount ?? 0);
      return differs(expected, item.totalCost)
        ? [mismatch(FINDING_CODES.lineTotalMismatch, `${path}.totalCost`, `Line total of "${item.description}"`, expected, item.totalCost)]
        : [];
    }),
  );

const COLUMNS = [
  ['totalCost', 'total'],
  ['materialCost', 'material'],
  ['laborCost', 'labor'],
] as const;

/** Printed section totals (total, material, labor columns) against the sum of their items. */
export const sectionTotals: Validator<SorData> = (data) =>
  data.constructionSections.flatMap((section, index) => {
    const printed = section.sectionTotal;
    if (!printed) return [];
    return COLUMNS.flatMap(([key, label]) => {
      const actual = printed[key];
      const values = section.lineItems.map((item) => item[key]);
      if (actual === null || values.some((value) => value === null)) return [];
      const expected = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
      return differs(expected, actual)
        ? [mismatch(FINDING_CODES.sectionTotalMismatch, `constructionSections[${index}].sectionTotal.${key}`, `Section ${section.sectionName} ${label} total`, expected, actual)]
        : [];
    });
  });

/** A section's amount: its printed total, else the sum of its line totals (null when one is unreadable). */
export function sectionAmount(section: SorSection): number | null {
  if (section.sectionTotal?.totalCost != null) return section.sectionTotal.totalCost;
  if (section.lineItems.some((item) => item.totalCost === null)) return null;
  return roundCents(section.lineItems.reduce((sum, item) => sum + (item.totalCost ?? 0), 0));
}

/** Recap: subtotal = sum of sections; subtotal + general conditions + overhead and profit (+ other priced recap lines) = grand total. */
export const recapArithmetic: Validator<SorData> = (data) => {
  const { subtotal, generalConditions, overheadAndProfit, grandTotal } = data.recapSummary;
  const findings: Finding[] = [];
  const amounts = data.constructionSections.map(sectionAmount);
  if (subtotal !== null && amounts.length > 0 && amounts.every((amount) => amount !== null)) {
    const expected = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
    if (differs(expected, subtotal)) findings.push(mismatch(FINDING_CODES.subtotalMismatch, 'recapSummary.subtotal', 'Subtotal against the sum of sections', expected, subtotal));
  }
  if (subtotal !== null && grandTotal !== null) {
    const additional = (data.additionalInfo?.recapLines ?? []).reduce((sum, line) => sum + line.amount, 0);
    const expected = subtotal + (generalConditions ?? 0) + (overheadAndProfit ?? 0) + additional;
    if (differs(expected, grandTotal)) {
      findings.push(mismatch(FINDING_CODES.grandTotalMismatch, 'recapSummary.grandTotal', 'Grand total against subtotal + general conditions + overhead and profit', expected, grandTotal));
    }
  }
  return findings;
};

/** The document must carry line items and a grand total to be checked at all. */
export const completeness: Validator<SorData> = (data) => {
  const findings: Finding[] = [];
  if (data.constructionSections.every((section) => section.lineItems.length === 0)) {
    findings.push({ severity: 'warning', code: FINDING_CODES.noLineItems, message: 'No line items were found', path: 'constructionSections' });
  }
  if (data.recapSummary.grandTotal === null) {
    findings.push({ severity: 'warning', code: FINDING_CODES.missingRecap, message: 'No grand total was found in the recap', path: 'recapSummary.grandTotal' });
  }
  return findings;
};

export const validators: Array<Validator<SorData>> = [lineTotals, sectionTotals, recapArithmetic, completeness];
