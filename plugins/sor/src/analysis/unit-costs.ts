import { foldText, roundCents } from '@docsift/core/layout';
import { ANALYSIS_CODES, dollars, finding, itemPath, type AnalysisFinding } from './codes.js';
import type { AnalysisContext } from './context.js';
import type { CostTableRow } from './cost-table.js';
import { holdsPhrase, normalizeUnit } from './text.js';
import { tradeOf } from './trades.js';

/** A line item with a quantity, a unit and a total: its cost per unit. */
export interface PricedItem {
  path: string;
  description: string;
  trade: string;
  unit: string;
  quantity: number;
  totalCost: number;
  unitCost: number;
}

export function pricedItems(context: AnalysisContext): PricedItem[] {
  return context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex) => {
      if (item.quantity === null || item.quantity <= 0 || !item.unit?.trim() || item.totalCost === null || item.totalCost <= 0) return [];
      const unit = normalizeUnit(item.unit);
      const trade = tradeOf(item.description, section.sectionName, context.options.tradeLexicon);
      const path = `${itemPath(sectionIndex, itemIndex)}.totalCost`;
      return [{ path, description: item.description, trade, unit, quantity: item.quantity, totalCost: item.totalCost, unitCost: item.totalCost / item.quantity }];
    }),
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** 0.6745 makes the MAD of a normal sample comparable to its standard deviation (Iglewicz and Hoaglin). */
const MAD_SCALE = 0.6745;

/** Modified z-scores of each value, on the log scale (prices spread by factors, not by dollars). */
export function modifiedZScores(values: number[]): number[] {
  const logs = values.map((value) => Math.log(value));
  const center = median(logs);
  const mad = median(logs.map((value) => Math.abs(value - center)));
  return logs.map((value) => {
    if (value === center) return 0;
    return mad === 0 ? Math.sign(value - center) * Number.POSITIVE_INFINITY : (MAD_SCALE * (value - center)) / mad;
  });
}

const money = (value: number, unit: string): string => `${dollars(roundCents(value))}/${unit}`;

/**
 * Unit costs far from the statement's own typical rate for the same trade and unit: within each
 * group of at least `minimumGroupSize` priced items (units of `outlierExcludedUnits` left out), an item whose modified
 * z-score of log unit cost exceeds `maximumModifiedZ` and whose unit cost is at least
 * `minimumRatio` times above or below the group's median.
 */
export function unitCostOutlierChecks(context: AnalysisContext, items: PricedItem[]): AnalysisFinding[] {
  const { minimumGroupSize, maximumModifiedZ, minimumRatio } = context.options.unitCosts;
  const excluded = new Set(context.options.unitCosts.outlierExcludedUnits.map(normalizeUnit));
  const groups = new Map<string, PricedItem[]>();
  for (const item of items.filter((entry) => !excluded.has(entry.unit))) {
    const key = `${item.trade}\u0000${item.unit}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()]
    .filter((group) => group.length >= minimumGroupSize)
    .flatMap((group) => {
      const scores = modifiedZScores(group.map((item) => item.unitCost));
      const typical = median(group.map((item) => item.unitCost));
      return group.flatMap((item, index) => {
        const ratio = item.unitCost / typical;
        if (Math.abs(scores[index]) <= maximumModifiedZ || (ratio < minimumRatio && ratio > 1 / minimumRatio)) return [];
        const times = ratio >= 1 ? `${ratio.toFixed(1)}×` : `1/${(1 / ratio).toFixed(1)} of`;
        const message = `Unit cost of "${item.description}" is ${money(item.unitCost, item.unit)}, ${times} the statement's median of ${money(typical, item.unit)} for ${group.length} ${item.trade} items priced per ${item.unit}`;
        const score = Number.isFinite(scores[index]) ? Number(scores[index].toFixed(2)) : null;
        return [
          finding('warning', ANALYSIS_CODES.unitCostOutlier, message, item.path, {
            unitCost: roundCents(item.unitCost),
            unit: item.unit,
            trade: item.trade,
            groupMedian: roundCents(typical),
            groupSize: group.length,
            ratio: Number(ratio.toFixed(3)),
            modifiedZ: score,
          }),
        ];
      });
    });
}

function specificity(row: CostTableRow): number {
  return (row.keyword ? 1000 + row.keyword.length : 0) + (row.trade ? 1 : 0);
}

/** The most specific row of the cost table for an item: a keyword match beats a trade match, a longer keyword a shorter one. */
export function costTableRowFor(item: PricedItem, table: CostTableRow[]): CostTableRow | null {
  const folded = foldText(item.description);
  const matching = table.filter(
    (row) => normalizeUnit(row.unit) === item.unit && (row.trade === null || row.trade === item.trade) && (row.keyword === null || holdsPhrase(folded, row.keyword)),
  );
  return matching.reduce<CostTableRow | null>((best, row) => (best === null || specificity(row) > specificity(best) ? row : best), null);
}

/** Unit costs outside the range the organization's cost table gives for the same kind of work and unit. */
export function costTableChecks(context: AnalysisContext, items: PricedItem[]): AnalysisFinding[] {
  const table = context.options.costTable;
  if (table.length === 0) return [];
  return items.flatMap((item) => {
    const row = costTableRowFor(item, table);
    if (!row) return [];
    const below = item.unitCost < row.low - 0.005;
    if (!below && item.unitCost <= row.high + 0.005) return [];
    const code = below ? ANALYSIS_CODES.unitCostBelowTable : ANALYSIS_CODES.unitCostAboveTable;
    const which = [row.trade, row.keyword ? `"${row.keyword}"` : null].filter(Boolean).join(' ');
    const lineWords = row.line ? ` (line ${row.line})` : '';
    const message = `Unit cost of "${item.description}" is ${money(item.unitCost, item.unit)}, ${below ? 'below' : 'above'} the cost table's ${money(row.low, item.unit)}–${money(row.high, item.unit)} for ${which}${lineWords}`;
    return [finding('warning', code, message, item.path, { unitCost: roundCents(item.unitCost), unit: item.unit, low: row.low, high: row.high, trade: item.trade, row })];
  });
}
