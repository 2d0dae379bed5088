import { z } from 'zod';
import type { LendingRequirements } from '../contracts/lending.js';

const code = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a coverage type or limit key is lowercase letters, digits and underscores');
const limitKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a limit key is letters, digits and underscores (for example eachOccurrence)');
const amount = z.number().finite().nonnegative();

/** Requirements a lender applies when no organization has configured its own (docs/lending.md). */
export function defaultLendingRequirements(): LendingRequirements {
  return {
    requiredCoverages: ['general_liability', 'workers_comp'],
    minimumLimits: { general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } },
    certificateHolderName: null,
    minimumDaysValid: 30,
    maxSorDifference: 1,
    minimumFieldConfidence: 0.6,
  };
}

/**
 * Validates an organization's requirements (the body of PUT /api/lending/requirements). Every
 * member is optional and defaults to `defaultLendingRequirements()`; unknown members are refused.
 */
export const lendingRequirementsSchema = z.strictObject({
  requiredCoverages: z
    .array(code)
    .max(32)
    .refine((values) => new Set(values).size === values.length, 'a coverage type is listed twice')
    .default(() => defaultLendingRequirements().requiredCoverages),
  minimumLimits: z
    .record(code, z.record(limitKey, amount))
    .default(() => defaultLendingRequirements().minimumLimits),
  certificateHolderName: z.string().trim().min(1, 'use null for no holder requirement').max(200).nullable().default(null),
  minimumDaysValid: z.number().int().min(0).max(3650).default(30),
  maxSorDifference: amount.default(1),
  minimumFieldConfidence: z.number().min(0).max(1).default(0.6),
});

/** Input accepted by `lendingRequirementsSchema` (every member optional). */
export type LendingRequirementsInput = z.input<typeof lendingRequirementsSchema>;

/** Parses requirements, filling defaults; throws a ZodError naming the offending members. */
export function parseLendingRequirements(input: unknown): LendingRequirements {
  return lendingRequirementsSchema.parse(input ?? {});
}
