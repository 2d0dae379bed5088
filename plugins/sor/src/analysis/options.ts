import { z } from '@docsift/core';
import { costTableRowSchema } from './cost-table.js';
import { INELIGIBLE_LEXICON } from './lexicon.js';
import { TRADE_LEXICON } from './trades.js';

const dollarsAmount = z.number().finite().nonnegative();
const percentage = z.number().finite().min(0).max(100);

const contingencyRule = (defaults: { required: boolean; minimumPercent: number; maximumPercent: number }) =>
  z
    .object({
      /** Whether the program requires a contingency reserve. */
      required: z.boolean().default(defaults.required),
      /** Range of the reserve, in percent of the repair cost. */
      minimumPercent: percentage.default(defaults.minimumPercent),
      maximumPercent: percentage.default(defaults.maximumPercent),
    })
    .refine((rule) => rule.minimumPercent <= rule.maximumPercent, { message: 'minimumPercent must not exceed maximumPercent' })
    .prefault({});

interface ProgramDefaults {
  minimumRepairCost: number | null;
  maximumTotalRehabilitationCost: number | null;
  consultantRequired: boolean;
  contingency: { required: boolean; minimumPercent: number; maximumPercent: number };
}

const programFigures = (defaults: ProgramDefaults) =>
  z
    .object({
      /** Smallest repair cost (the statement's grand total) the program finances; null: none. */
      minimumRepairCost: dollarsAmount.nullable().default(defaults.minimumRepairCost),
      /** Largest total rehabilitation cost (repairs, contingency, fees and reserves); null: none. */
      maximumTotalRehabilitationCost: dollarsAmount.nullable().default(defaults.maximumTotalRehabilitationCost),
      /** Whether a 203(k) consultant (and so a consultant fee) is required. */
      consultantRequired: z.boolean().default(defaults.consultantRequired),
      contingency: contingencyRule(defaults.contingency),
    })
    .prefault({});

/**
 * HUD's figures for the two 203(k) programs (docs/analysis.md cites them): Handbook 4000.1
 * II.A.8.a, HUD FAQ KA-04997 (contingency), Mortgagee Letter 2024-13 (Limited maximum, consultant fees).
 */
export const STANDARD_203K: ProgramDefaults = {
  minimumRepairCost: 5000,
  maximumTotalRehabilitationCost: null,
  consultantRequired: true,
  contingency: { required: true, minimumPercent: 10, maximumPercent: 20 },
};

export const LIMITED_203K: ProgramDefaults = {
  minimumRepairCost: null,
  maximumTotalRehabilitationCost: 75000,
  consultantRequired: false,
  contingency: { required: false, minimumPercent: 0, maximumPercent: 20 },
};

/** One band of the consultant fee schedule: repair costs up to `upTo` (null: above the last band). */
const feeBand = z.object({
  upTo: dollarsAmount.nullable(),
  maximumFee: dollarsAmount,
  /** When set, the fee is also limited to this percentage of the repair cost (the lower of the two). */
  maximumPercent: percentage.nullable().default(null),
});

/** Mortgagee Letter 2024-13: the 203(k) consultant fee schedule for the work write-up (one unit). */
export const CONSULTANT_FEE_SCHEDULE: Array<z.output<typeof feeBand>> = [
  { upTo: 50000, maximumFee: 1000, maximumPercent: null },
  { upTo: 85000, maximumFee: 1200, maximumPercent: null },
  { upTo: 140000, maximumFee: 1400, maximumPercent: null },
  { upTo: null, maximumFee: 2000, maximumPercent: 1 },
];

const lexiconEntry = z.object({
  id: z.string().min(1),
  category: z.enum(['luxury', 'commercial', 'not_permanent', 'limited_only']),
  phrases: z.array(z.string().min(1)).min(1),
  unless: z.array(z.string().min(1)).default([]),
  reason: z.string().min(1),
});

const tradeEntry = z.tuple([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** Options of `analyzeStatement`; every member is optional and takes the default shown. */
export const analysisOptionsSchema = z
  .object({
    /** Differences of at most this many cents are not reported (rounding of printed amounts). */
    toleranceCents: z.number().int().min(0).max(100_000).default(1),
    /** The 203(k) program the statement is for; null: unknown (program checks are informative only). */
    program: z.enum(['standard', 'limited']).nullable().default(null),
    programs: z
      .object({ standard: programFigures(STANDARD_203K), limited: programFigures(LIMITED_203K) })
      .prefault({}),
    consultantFeeSchedule: z
      .array(feeBand)
      .min(1)
      .refine((bands) => bands.at(-1)?.upTo === null, { message: 'the last band must have upTo null (every repair cost above the others)' })
      .default(CONSULTANT_FEE_SCHEDULE),
    markups: z
      .object({
        /** Printed rates are taken to be multiples of this many percentage points (7.5%, 8.25%). */
        rateStepPercent: z.number().positive().max(100).default(0.25),
        /** Review thresholds of the organization (not program figures); null: not checked. */
        maximumGeneralConditionsPercent: percentage.nullable().default(15),
        maximumOverheadAndProfitPercent: percentage.nullable().default(20),
      })
      .prefault({}),
    unitCosts: z
      .object({
        /** Fewest priced items of one trade and unit before their typical rate is trusted. */
        minimumGroupSize: z.number().int().min(3).default(5),
        /** Modified z-score (Iglewicz and Hoaglin) above which a unit cost is an outlier. */
        maximumModifiedZ: z.number().positive().default(3.5),
        /** And the unit cost must be at least this many times above or below the group's median. */
        minimumRatio: z.number().min(1).default(3),
        /**
         * Units left out of the comparison with the statement's own rates: lump sums price a whole job,
         * and pieces of one trade differ too much (a thermostat and a furnace are both HVAC, EA).
         */
        outlierExcludedUnits: z.array(z.string().min(1)).default(['LS', 'LOT', 'JOB', 'ALLOW', 'ALW', 'EA', 'PR', 'SET', 'UNIT', 'PC']),
      })
      .prefault({}),
    /** The organization's cost table (parseCostTable reads it from CSV). */
    costTable: z.array(costTableRowSchema).default([]),
    ineligibleLexicon: z.array(lexiconEntry).default(INELIGIBLE_LEXICON),
    tradeLexicon: z.array(tradeEntry).default(TRADE_LEXICON.map(([trade, phrases]) => [trade, [...phrases]])),
    /** How many of the largest line items the summary lists. */
    largestItems: z.number().int().min(0).max(100).default(5),
  })
  .strict()
  .prefault({});

export type AnalysisOptions = z.input<typeof analysisOptionsSchema>;
export type ResolvedAnalysisOptions = z.output<typeof analysisOptionsSchema>;
export type ProgramFigures = ResolvedAnalysisOptions['programs']['standard'];
