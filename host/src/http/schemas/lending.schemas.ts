import { z } from 'zod';
import { complianceResultSchema } from '@docsift/core';
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
  requirementDefaults: z
    .record(z.string(), z.unknown())
    .describe("The lending requirement members this type's plugin brings, with their defaults"),
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

const REQUIREMENT_MEMBERS =
  'minimumFieldConfidence (0..1, default 0.6) and the members of each installed lending plugin: GET /api/lending/types lists them per type with their defaults (docs/lending.md)';

/**
 * PUT body: every member optional (defaults filled), unknown members refused. The members depend on
 * the installed lending plugins, so LendingService validates them against the plugin registry.
 */
export const LendingRequirementsBody = z
  .record(z.string(), z.unknown())
  .describe(`Requirement members: ${REQUIREMENT_MEMBERS}`)
  .meta({ id: 'LendingRequirementsInput' });

export const LendingRequirementsView = z
  .object({
    requirements: z
      .looseObject({ minimumFieldConfidence: z.number() })
      .describe(`Every requirement member with its value in force: ${REQUIREMENT_MEMBERS}`),
    source: z.enum(['organization', 'default']),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'LendingRequirements' });
