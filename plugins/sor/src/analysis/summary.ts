import { roundCents } from '@docsift/core/layout';
import { sectionAmount } from '../validators.js';
import { itemPath } from './codes.js';
import type { AnalysisContext } from './context.js';
import { sumOfSections } from './amounts.js';
import type { MarkupRate } from './markups.js';
import type { ProgramSummary } from './program.js';
import { tradeOf } from './trades.js';

export interface SectionShare {
  index: number;
  sectionName: string;
  /** The printed section total, else the sum of its line totals; null when one is unreadable. */
  total: number | null;
  /** Percent of the sum of the sections. */
  share: number | null;
  items: number;
}

export interface TradeShare {
  trade: string;
  total: number;
  /** Percent of the sum of all line totals. */
  share: number;
  items: number;
}

export interface LargestItem {
  path: string;
  description: string;
  sectionName: string;
  totalCost: number;
  /** Percent of the sum of all line totals. */
  share: number;
}

export interface AnalysisSummary {
  sections: number;
  lineItems: number;
  totals: { sumOfSections: number | null; subtotal: number | null; generalConditions: number | null; overheadAndProfit: number | null; grandTotal: number | null };
  markups: { generalConditions: MarkupRate | null; overheadAndProfit: MarkupRate | null };
  bySection: SectionShare[];
  byTrade: TradeShare[];
  largestItems: LargestItem[];
  program: ProgramSummary;
  findingCounts: { error: number; warning: number; info: number };
  toleranceCents: number;
}

const shareOf = (part: number, whole: number): number => (whole > 0 ? Number(((part / whole) * 100).toFixed(2)) : 0);

function bySection(context: AnalysisContext): SectionShare[] {
  const amounts = context.data.constructionSections.map(sectionAmount);
  const whole = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  return context.data.constructionSections.map((section, index) => ({
    index,
    sectionName: section.sectionName,
    total: amounts[index],
    share: amounts[index] === null ? null : shareOf(amounts[index] ?? 0, whole),
    items: section.lineItems.length,
  }));
}

function itemsWithTotals(context: AnalysisContext): Array<Omit<LargestItem, 'share'> & { trade: string }> {
  return context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex) =>
      item.totalCost === null
        ? []
        : [{ path: itemPath(sectionIndex, itemIndex), description: item.description, sectionName: section.sectionName, totalCost: item.totalCost, trade: tradeOf(item.description, section.sectionName, context.options.tradeLexicon) }],
    ),
  );
}

export function summarize(context: AnalysisContext, markups: AnalysisSummary['markups'], program: ProgramSummary, findingCounts: AnalysisSummary['findingCounts']): AnalysisSummary {
  const items = itemsWithTotals(context);
  const whole = items.reduce((sum, item) => sum + item.totalCost, 0);
  const trades = new Map<string, { total: number; items: number }>();
  for (const item of items) {
    const entry = trades.get(item.trade) ?? { total: 0, items: 0 };
    trades.set(item.trade, { total: entry.total + item.totalCost, items: entry.items + 1 });
  }
  const { subtotal, generalConditions, overheadAndProfit, grandTotal } = context.data.recapSummary;
  return {
    sections: context.data.constructionSections.length,
    lineItems: context.data.constructionSections.reduce((sum, section) => sum + section.lineItems.length, 0),
    totals: { sumOfSections: sumOfSections(context.data), subtotal, generalConditions, overheadAndProfit, grandTotal },
    markups,
    bySection: bySection(context),
    byTrade: [...trades]
      .map(([trade, entry]) => ({ trade, total: roundCents(entry.total), share: shareOf(entry.total, whole), items: entry.items }))
      .sort((a, b) => b.total - a.total),
    largestItems: [...items]
      .sort((a, b) => b.totalCost - a.totalCost)
      .slice(0, context.options.largestItems)
      .map(({ path, description, sectionName, totalCost }) => ({ path, description, sectionName, totalCost, share: shareOf(totalCost, whole) })),
    program,
    findingCounts,
    toleranceCents: context.options.toleranceCents,
  };
}
