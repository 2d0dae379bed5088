import { foldText } from '@docsift/core/layout';
import type { SorLineItem } from '../schema.js';
import { ANALYSIS_CODES, dollars, finding, itemPath, type AnalysisCode, type AnalysisFinding } from './codes.js';
import type { AnalysisContext } from './context.js';

interface LocatedItem {
  item: SorLineItem;
  path: string;
  sectionName: string;
}

const located = (context: AnalysisContext): LocatedItem[] =>
  context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.map((item, itemIndex) => ({ item, path: itemPath(sectionIndex, itemIndex), sectionName: section.sectionName })),
  );

/**
 * A value missing from some items: a warning on each item that lacks it when others print it, one
 * note for the statement when none prints it (its layout has no such column).
 */
function missingValue(items: LocatedItem[], code: AnalysisCode, field: string, what: string, lacks: (item: SorLineItem) => boolean): AnalysisFinding[] {
  const lacking = items.filter(({ item }) => lacks(item));
  if (lacking.length === 0) return [];
  if (lacking.length === items.length) {
    return [finding('info', code, `No line item prints ${what}; the statement's layout has no such column`, 'constructionSections', { field, items: items.length })];
  }
  return lacking.map(({ item, path }) => finding('warning', code, `Line item "${item.description}" has no ${what} where the other items print one`, `${path}.${field}`, { field }));
}

/** Items without quantity, unit, total, or material and labor split. */
export function missingValueChecks(context: AnalysisContext): AnalysisFinding[] {
  const items = located(context);
  const noTotal = items
    .filter(({ item }) => item.totalCost === null)
    .map(({ item, path }) => finding('warning', ANALYSIS_CODES.itemMissingCost, `Line item "${item.description}" has no total cost`, `${path}.totalCost`, { field: 'totalCost' }));
  return [
    ...missingValue(items, ANALYSIS_CODES.itemMissingQuantity, 'quantity', 'quantity', (item) => item.quantity === null),
    ...missingValue(items, ANALYSIS_CODES.itemMissingUnit, 'unit', 'unit', (item) => item.unit === null || item.unit.trim() === ''),
    ...noTotal,
    ...missingValue(items, ANALYSIS_CODES.itemMissingCost, 'materialCost', 'material and labor split', (item) => item.materialCost === null || item.laborCost === null),
  ];
}

const sameAmounts = (a: SorLineItem, b: SorLineItem): boolean => a.quantity === b.quantity && a.unit === b.unit && a.totalCost === b.totalCost;

/** The same description twice: a warning when the amounts repeat too, a note when they differ. */
export function duplicateChecks(context: AnalysisContext): AnalysisFinding[] {
  const firstByKey = new Map<string, LocatedItem>();
  const findings: AnalysisFinding[] = [];
  for (const entry of located(context)) {
    const key = foldText(entry.item.description);
    if (key.length < 3) continue;
    const first = firstByKey.get(key);
    if (!first) {
      firstByKey.set(key, entry);
      continue;
    }
    const same = sameAmounts(first.item, entry.item);
    const amount = entry.item.totalCost === null ? '' : ` (${dollars(entry.item.totalCost)})`;
    const message = same
      ? `Line item "${entry.item.description}"${amount} repeats ${first.path} with the same quantity and cost: counted twice?`
      : `Line item "${entry.item.description}"${amount} has the same description as ${first.path} in "${first.sectionName}" with other amounts; check the work is not counted twice`;
    findings.push(finding(same ? 'warning' : 'info', ANALYSIS_CODES.duplicateItem, message, entry.path, { duplicateOf: first.path, sameAmounts: same, totalCost: entry.item.totalCost, otherTotalCost: first.item.totalCost }));
  }
  return findings;
}

/** Sections without items: a warning when one prints a total above zero, otherwise one note listing them. */
export function emptySectionChecks(context: AnalysisContext): AnalysisFinding[] {
  const empty = context.data.constructionSections.map((section, index) => ({ section, index })).filter(({ section }) => section.lineItems.length === 0);
  const priced = empty.filter(({ section }) => (section.sectionTotal?.totalCost ?? 0) !== 0);
  const unpriced = empty.filter((entry) => !priced.includes(entry));
  const findings = priced.map(({ section, index }) =>
    finding('warning', ANALYSIS_CODES.emptySection, `Section "${section.sectionName}" prints a total of ${dollars(section.sectionTotal?.totalCost ?? 0)} but has no line items`, `constructionSections[${index}]`, {
      sectionName: section.sectionName,
      sectionTotal: section.sectionTotal?.totalCost ?? null,
    }),
  );
  if (unpriced.length > 0) {
    const names = unpriced.map(({ section }) => `"${section.sectionName}"`).join(', ');
    const path = unpriced.length === 1 ? `constructionSections[${unpriced[0].index}]` : 'constructionSections';
    findings.push(finding('info', ANALYSIS_CODES.emptySection, `${unpriced.length} section(s) have no line items: ${names}`, path, { sections: unpriced.map(({ section, index }) => ({ index, sectionName: section.sectionName })) }));
  }
  return findings;
}

export const itemChecks = (context: AnalysisContext): AnalysisFinding[] => [...missingValueChecks(context), ...duplicateChecks(context), ...emptySectionChecks(context)];
