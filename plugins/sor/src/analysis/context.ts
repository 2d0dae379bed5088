import { cents, roundCents } from '@docsift/core/layout';
import type { SorData } from '../schema.js';
import type { StatementAmounts } from './amounts.js';
import type { ResolvedAnalysisOptions } from './options.js';

/** What every check reads: the data, the resolved options and the statement's figures. */
export interface AnalysisContext {
  data: SorData;
  options: ResolvedAnalysisOptions;
  amounts: StatementAmounts;
}

/** Printed − computed, in dollars rounded to cents, when it exceeds the tolerance; null when within it. */
export function excess(printed: number, computed: number, toleranceCents: number): number | null {
  const difference = cents(printed) - cents(computed);
  return Math.abs(difference) > toleranceCents ? roundCents(difference / 100) : null;
}
