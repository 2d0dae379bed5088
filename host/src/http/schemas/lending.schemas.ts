import { z } from 'zod';
import { complianceResultSchema, lendingRequirementsSchema } from '@docsift/core';
import { JobCreated, JobRecord } from './document.schemas.js';

export const LendingJobCreated = JobCreated.extend({
  service: z.literal('lending'),
  message: z.string().describe('A human sentence about what happens next'),
}).meta({ id: 'LendingJobCreated' });

export const LendingJobRecord = JobRecord.extend({
  service: z.literal('lending'),
  compliance: complianceResultSchema.optional().describe('Once completed: the status and every check (docs/lending.md)'),
  lendingAnalysis: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe('Once completed: days to expiry per coverage (certificate) or the arithmetic and its differences (statement of repair); null when unsupported'),
}).meta({ id: 'LendingJobRecord' });

const LendingTypeItem = z.object({
  typeCode: z.string(),
  displayName: z.string(),
  description: z.string(),
  confidenceThreshold: z.number(),
  extractionSupported: z.boolean(),
  lendingSpecific: z.string(),
});

export const LendingTypeList = z
  .object({
    service: z.literal('lending'),
    version: z.string(),
    description: z.string(),
    company: z.string(),
    capabilities: z.array(z.string()),
    supportedTypes: z.array(LendingTypeItem),
  })
  .meta({ id: 'LendingTypeList' });

export const LendingInfo = z
  .object({
    service: z.literal('lending'),
    version: z.string(),
    description: z.string(),
    capabilities: z.array(z.string()),
    supportedTypes: z.array(z.object({ typeCode: z.string(), displayName: z.string() })),
    supportedFormats: z.array(z.enum(['pdf', 'jpeg', 'png'])),
    limits: z.object({
      maxFileBytes: z.object({ pdf: z.number().int(), jpeg: z.number().int(), png: z.number().int() }),
      requestsPerMinutePerKey: z.number().int(),
      requestsPerMinutePerOrganization: z.number().int(),
      concurrentRequestsPerKey: z.number().int(),
    }),
  })
  .meta({ id: 'LendingInfo' });

/** PUT body: every member optional (defaults filled), unknown members refused. */
export const LendingRequirementsBody = lendingRequirementsSchema.meta({ id: 'LendingRequirementsInput' });

export const LendingRequirementsView = z
  .object({
    requirements: z.object({
      requiredCoverages: z.array(z.string()),
      minimumLimits: z.record(z.string(), z.record(z.string(), z.number())),
      certificateHolderName: z.string().nullable(),
      minimumDaysValid: z.number().int(),
      maxSorDifference: z.number(),
      minimumFieldConfidence: z.number(),
    }),
    source: z.enum(['organization', 'default']),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LendingRequirements' });
