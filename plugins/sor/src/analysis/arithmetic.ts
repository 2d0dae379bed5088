import { roundCents } from '@docsift/core/layout';
import type { SorLineItem } from '../schema.js';
import { ANALYSIS_CODES, dollars, finding, itemPath, type AnalysisCode, type AnalysisFinding } from './codes.js';
import { excess, type AnalysisContext } from './context.js';
import { sumOfSections } from './amounts.js';

function mismatch(context: AnalysisContext, code: AnalysisCode, path: string, what: string, printed: number, computed: number, extra: Record<string, unknown> = {}): AnalysisFinding[] {
  const difference = excess(printed, computed, context.options.toleranceCents);
  if (difference === null) return [];
  const tolerance = context.options.toleranceCents / 100;
  const message = `${what}: printed ${dollars(printed)}, computed ${dollars(roundCents(computed))}, difference ${dollars(difference)} (tolerance ${dollars(tolerance)})`;
  return [finding('error', code, message, path, { printed, computed: roundCents(computed), difference, tolerance, ...extra })];
}

/** The parts of a line total that are printed: material and labor, with equipment and tax where given. */
function lineParts(item: SorLineItem): number | null {
  if (item.materialCost === null || item.laborCost === null) return null;
  return item.materialCost + item.laborCost + (item.equipmentCost ?? 0) + (item.taxAmount ?? 0);
}

/** Each line total against material + labor (+ equipment + tax), where all are printed. */
export function lineTotalChecks(context: AnalysisContext): AnalysisFinding[] {
  return context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex) => {
      const parts = lineParts(item);
      if (parts === null || item.totalCost === null) return [];
      const path = `${itemPath(sectionIndex, itemIndex)}.totalCost`;
      const components = { materialCost: item.materialCost, laborCost: item.laborCost, equipmentCost: item.equipmentCost ?? null, taxAmount: item.taxAmount ?? null };
      return mismatch(context, ANALYSIS_CODES.lineTotalMismatch, path, `Line total of "${item.description}" against material + labor`, item.totalCost, parts, components);
    }),
  );
}

const SECTION_COLUMNS = [
  ['totalCost', 'total'],
  ['materialCost', 'material'],
  ['laborCost', 'labor'],
] as const;

/** Each printed section total (total, material and labor columns) against the sum of its items. */
export function sectionTotalChecks(context: AnalysisContext): AnalysisFinding[] {
  return context.data.constructionSections.flatMap((section, index) => {
    const printed = section.sectionTotal;
    if (!printed) return [];
    return SECTION_COLUMNS.flatMap(([key, label]) => {
      const value = printed[key];
      const values = section.lineItems.map((item) => item[key]);
      if (value === null || values.length === 0 || values.some((entry) => entry === null)) return [];
      const sum = values.reduce<number>((total, entry) => total + (entry ?? 0), 0);
      return mismatch(context, ANALYSIS_CODES.sectionTotalMismatch, `constructionSections[${index}].sectionTotal.${key}`, `${label} of section "${section.sectionName}" against its items`, value, sum);
    });
  });
}

/** The subtotal against the sum of the sections. */
export function subtotalCheck(context: AnalysisContext): AnalysisFinding[] {
  const { subtotal } = context.data.recapSummary;
  const sum = sumOfSections(context.data);
  if (subtotal === null || sum === null) return [];
  return mismatch(context, ANALYSIS_CODES.subtotalMismatch, 'recapSummary.subtotal', 'Subtotal against the sum of the sections', subtotal, sum);
}

/** The grand total against subtotal (else the sum of sections) + general conditions + overhead and profit + priced recap lines. */
export function grandTotalCheck(context: AnalysisContext): AnalysisFinding[] {
  const { subtotal, generalConditions, overheadAndProfit, grandTotal } = context.data.recapSummary;
  const base = subtotal ?? sumOfSections(context.data);
  if (grandTotal === null || base === null) return [];
  const recapLines = (context.data.additionalInfo?.recapLines ?? []).reduce((sum, line) => sum + line.amount, 0);
  const computed = base + (generalConditions ?? 0) + (overheadAndProfit ?? 0) + recapLines;
  const parts = { base, generalConditions, overheadAndProfit, recapLines: roundCents(recapLines) };
  return mismatch(context, ANALYSIS_CODES.grandTotalMismatch, 'recapSummary.grandTotal', 'Grand total against subtotal + general conditions + overhead and profit + other recap lines', grandTotal, computed, parts);
}

/** A printed total rehabilitation cost against the grand total + the contingency, fees and reserves printed between them. */
export function rehabilitationTotalCheck(context: AnalysisContext): AnalysisFinding[] {
  const { printedRehabilitationTotal: printed, financeableAfter } = context.amounts;
  const { grandTotal } = context.data.recapSummary;
  if (!printed || grandTotal === null) return [];
  const computed = grandTotal + financeableAfter.reduce((sum, line) => sum + line.amount, 0);
  const lines = financeableAfter.map(({ label, amount }) => ({ label, amount }));
  return mismatch(context, ANALYSIS_CODES.rehabilitationTotalMismatch, printed.path, `"${printed.label}" against the grand total + the lines above it`, printed.amount, computed, { grandTotal, lines });
}

export const arithmeticChecks = (context: AnalysisContext): AnalysisFinding[] => [
  ...lineTotalChecks(context),
  ...sectionTotalChecks(context),
  ...subtotalCheck(context),
  ...grandTotalCheck(context),
  ...rehabilitationTotalCheck(context),
];
