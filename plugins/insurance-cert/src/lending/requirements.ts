import { z } from '@docsift/core';
import { COVERAGE_TYPES, LIMIT_KEYS, type CoverageType } from '../schema.js';

/** Only the coverage types a certificate's `coverages[].type` can hold: any other could never be met. */
const coverageType = z.enum(COVERAGE_TYPES, { error: `a coverage type is one of ${COVERAGE_TYPES.join(', ')}` });
const amount = z.number().finite().nonnegative();

const isCoverageType = (value: string): value is CoverageType => (COVERAGE_TYPES as readonly string[]).includes(value);

/**
 * Per coverage type, per limit key, an amount; a coverage type or limit key the certificate
 * never holds is refused where it stands, since a minimum on it could never be checked.
 */
const minimumLimits = z.record(z.string(), z.record(z.string(), amount)).superRefine((limits, context) => {
  for (const [type, keys] of Object.entries(limits)) {
    if (!isCoverageType(type)) {
      context.addIssue({ code: 'custom', path: [type], message: `a coverage type is one of ${COVERAGE_TYPES.join(', ')}` });
      continue;
    }
    const known: readonly string[] = LIMIT_KEYS[type];
    for (const key of Object.keys(keys).filter((candidate) => !known.includes(candidate))) {
      context.addIssue({ code: 'custom', path: [type, key], message: `a ${type} limit key is one of ${known.join(', ')}` });
    }
  }
});

/** The lending requirement members a certificate's checks read (docs/lending.md); every one has a default. */
export const insuranceCertLendingRequirements = z.object({
  /** Coverage types a certificate must list (`general_liability`, `workers_comp`, …). */
  requiredCoverages: z
    .array(coverageType)
    .max(32)
    .refine((values) => new Set(values).size === values.length, 'a coverage type is listed twice')
    .default((): CoverageType[] => ['general_liability', 'workers_comp']),
  /** Per coverage type, per limit key, the smallest acceptable amount in dollars. */
  minimumLimits: minimumLimits.default(() => ({ general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } })),
  /** The certificate holder a certificate must name (matched fuzzily); null checks nothing. */
  certificateHolderName: z.string().trim().min(1, 'use null for no holder requirement').max(200).nullable().default(null),
  /** Days each coverage must still run after the job's date. */
  minimumDaysValid: z.number().int().min(0).max(3650).default(30),
});

export type InsuranceCertLendingRequirements = z.output<typeof insuranceCertLendingRequirements>;
