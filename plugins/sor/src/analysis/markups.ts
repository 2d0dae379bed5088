import { roundCents } from '@docsift/core/layout';
import { ANALYSIS_CODES, dollars, finding, percent, type AnalysisFinding } from './codes.js';
import { excess, type AnalysisContext } from './context.js';
import { sumOfSections } from './amounts.js';

type BaseName = 'subtotal' | 'subtotalAndGeneralConditions';

/** A markup read as a percentage of its base: the printed rate when a rate in whole steps gives the amount, else the implied one. */
export interface MarkupRate {
  amount: number;
  base: BaseName;
  baseAmount: number;
  ratePercent: number;
  /** Whether a rate in whole steps (`markups.rateStepPercent`) gives the printed amount within the tolerance. */
  regular: boolean;
}

export interface MarkupAnalysis {
  findings: AnalysisFinding[];
  generalConditions: MarkupRate | null;
  overheadAndProfit: MarkupRate | null;
}

const BASE_WORDS: Record<BaseName, string> = { subtotal: 'the subtotal', subtotalAndGeneralConditions: 'the subtotal + general conditions' };

const GRAINS = [10, 5, 1, 0.5, 0.25, 0.125, 0.05, 0.01];

/** The coarsest grain a rate is a multiple of (10 → 10, 15 → 5, 11 → 1, 7.5 → 0.5): the rounder rate is the printed one. */
const grainOf = (rate: number): number => GRAINS.find((grain) => Math.abs(rate / grain - Math.round(rate / grain)) < 1e-6) ?? 0;

/**
 * The rate in whole steps that gives the amount on one of the bases. When several do (15% of the
 * subtotal + 5% general conditions is 15.75% of the subtotal), the roundest rate wins, then the
 * first base.
 */
function fitRate(amount: number, bases: Array<[BaseName, number]>, context: AnalysisContext): MarkupRate | null {
  const step = context.options.markups.rateStepPercent;
  const usable = bases.filter(([, value]) => value > 0);
  const fitting = usable.flatMap(([base, baseAmount]): MarkupRate[] => {
    const ratePercent = Number((Math.round(((amount / baseAmount) * 100) / step) * step).toFixed(4));
    const fits = excess(amount, roundCents((baseAmount * ratePercent) / 100), context.options.toleranceCents) === null;
    return fits ? [{ amount, base, baseAmount, ratePercent, regular: true }] : [];
  });
  if (fitting.length > 0) return fitting.reduce((best, rate) => (grainOf(rate.ratePercent) > grainOf(best.ratePercent) ? rate : best));
  const [first] = usable;
  return first ? { amount, base: first[0], baseAmount: first[1], ratePercent: Number(((amount / first[1]) * 100).toFixed(4)), regular: false } : null;
}

function rateFindings(context: AnalysisContext, rate: MarkupRate, label: string, path: string, maximum: number | null, bases: Array<[BaseName, number]>): AnalysisFinding[] {
  const findings: AnalysisFinding[] = [];
  if (!rate.regular) {
    const implied = bases.filter(([, value]) => value > 0).map(([base, value]) => ({ base, baseAmount: value, ratePercent: Number(((rate.amount / value) * 100).toFixed(4)) }));
    const described = implied.map((entry) => `${percent(entry.ratePercent)} of ${BASE_WORDS[entry.base]} (${dollars(entry.baseAmount)})`).join(', ');
    const message = `${label} of ${dollars(rate.amount)} is ${described}: no rate in steps of ${context.options.markups.rateStepPercent}% gives it; check how it was computed`;
    findings.push(finding('info', ANALYSIS_CODES.markupRateIrregular, message, path, { amount: rate.amount, implied, rateStepPercent: context.options.markups.rateStepPercent }));
  }
  if (maximum !== null && rate.ratePercent > maximum + 1e-9) {
    const message = `${label} is ${percent(rate.ratePercent)} of ${BASE_WORDS[rate.base]}, above the organization's limit of ${percent(maximum)}`;
    findings.push(finding('warning', ANALYSIS_CODES.markupAboveLimit, message, path, { amount: rate.amount, base: rate.base, baseAmount: rate.baseAmount, ratePercent: rate.ratePercent, maximumPercent: maximum }));
  }
  return findings;
}

/** General conditions as a percentage of the subtotal; overhead and profit of the subtotal, or of the subtotal + general conditions. */
export function markupChecks(context: AnalysisContext): MarkupAnalysis {
  const { subtotal, generalConditions, overheadAndProfit } = context.data.recapSummary;
  const base = subtotal ?? sumOfSections(context.data);
  const limits = context.options.markups;
  if (base === null) return { findings: [], generalConditions: null, overheadAndProfit: null };
  const gcBases: Array<[BaseName, number]> = [['subtotal', base]];
  const opBases: Array<[BaseName, number]> = generalConditions ? [['subtotal', base], ['subtotalAndGeneralConditions', roundCents(base + generalConditions)]] : [['subtotal', base]];
  const gc = generalConditions ? fitRate(generalConditions, gcBases, context) : null;
  const op = overheadAndProfit ? fitRate(overheadAndProfit, opBases, context) : null;
  return {
    findings: [
      ...(gc ? rateFindings(context, gc, 'General conditions', 'recapSummary.generalConditions', limits.maximumGeneralConditionsPercent, gcBases) : []),
      ...(op ? rateFindings(context, op, 'Overhead and profit', 'recapSummary.overheadAndProfit', limits.maximumOverheadAndProfitPercent, opBases) : []),
    ],
    generalConditions: gc,
    overheadAndProfit: op,
  };
}
