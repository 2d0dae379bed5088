import { z } from '@docsift/core';

const code = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a coverage type or limit key is lowercase letters, digits and underscores');
const limitKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a limit key is letters, digits and underscores (for example eachOccurrence)');
const amount = z.number().finite().nonnegative();

/** The lending requirement members a certificate's checks read (docs/lending.md); every one has a default. */
export const insuranceCertLendingRequirements = z.object({
  /** Coverage types a certificate must list (`general_liability`, `workers_comp`, …). */
  requiredCoverages: z
    .array(code)
    .max(32)
    .refine((values) => new Set(values).size === values.length, 'a coverage type is listed twice')
    .default(() => ['general_liability', 'workers_comp']),
  /** Per coverage type, per limit key, the smallest acceptable amount in dollars. */
  minimumLimits: z
    .record(code, z.record(limitKey, amount))
    .default(() => ({ general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } })),
  /** The certificate holder a certificate must name (matched fuzzily); null checks nothing. */
  certificateHolderName: z.string().trim().min(1, 'use null for no holder requirement').max(200).nullable().default(null),
  /** Days each coverage must still run after the job's date. */
  minimumDaysValid: z.number().int().min(0).max(3650).default(30),
});

export type InsuranceCertLendingRequirements = z.output<typeof insuranceCertLendingRequirements>;
