import { z } from 'zod';
import { COMPLIANCE_STATUSES, type ComplianceResult } from '../contracts/lending.js';

/** Schema of one compliance check, for response validation and the OpenAPI document. */
export const complianceCheckSchema = z.object({
  code: z.string(),
  passed: z.boolean(),
  message: z.string(),
  path: z.string().optional(),
  severity: z.enum(['error', 'review']),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Schema of a lending job record's `compliance`. */
export const complianceResultSchema = z.object({
  status: z.enum(COMPLIANCE_STATUSES),
  checks: z.array(complianceCheckSchema),
}) satisfies z.ZodType<ComplianceResult>;
