import { z } from '@docsift/core';

/** The lending requirement members a statement of repair's checks read (docs/lending.md). */
export const sorLendingRequirements = z.object({
  /** Largest tolerated difference, in dollars, in a statement of repair's arithmetic. */
  maxSorDifference: z.number().finite().nonnegative().default(1),
});

export type SorLendingRequirements = z.output<typeof sorLendingRequirements>;
