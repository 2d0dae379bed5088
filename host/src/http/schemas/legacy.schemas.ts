import { z } from 'zod';
import { SPLIT_STRATEGIES } from '@docsift/core';
import { API_ERRORS } from '../errors.js';
import { ErrorBody } from './common.schemas.js';
import { SubmitMultipart } from './document.schemas.js';

const LEGACY_CODES = Object.values(API_ERRORS).map((spec) => spec.legacy) as [string, ...string[]];

export const LegacyErrorBody = z
  .object({
    error: z.string().describe('Human-readable message'),
    code: z.enum(LEGACY_CODES),
    retryAfter: z.number().int().optional(),
    limit: z.number().int().optional(),
    remaining: z.number().int().optional(),
    reset: z.iso.datetime().optional(),
  })
  .meta({ id: 'LegacyError', description: 'Legacy error layout (docs/errors.md), on the legacy surfaces (docs/legacy.md).' });

export const legacyErrorResponse = (description: string) => ({ description, content: { 'application/json': { schema: LegacyErrorBody } } });
/** An error that is in the primary layout, or in the legacy one once the legacy form's `options` part has been read. */
export const eitherLayoutErrorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.union([ErrorBody, LegacyErrorBody]) } },
});

/** The legacy `options` part, a JSON object (docs/legacy.md). */
export const LegacyOptions = z
  .object({
    splitStrategy: z.enum(SPLIT_STRATEGIES).default('auto').describe('auto: find the documents; manual: `ranges`; none: the whole file is one document'),
    ranges: z
      .array(z.tuple([z.number().int(), z.number().int()]))
      .min(1)
      .max(1000)
      .optional()
      .describe('manual only: [[first, last], …], 1-based, ascending, not overlapping, within the file'),
    confidenceThreshold: z.number().min(0).max(1).optional().describe('A document found with less confidence is reported as unknown'),
    includeAlternatives: z.boolean().optional().describe('List the other types each document could be'),
    maxDocuments: z.number().int().min(1).max(1000).optional().describe('Extract at most this many documents; the rest are listed in unextractedDocuments'),
    pageTimeout: z.number().int().min(1).max(3_600_000).optional().describe('Milliseconds one page may take to read'),
  })
  .meta({ id: 'LegacyExtractOptions' });

export const LegacySubmitMultipart = SubmitMultipart.extend({
  options: z
    .string()
    .optional()
    .describe('Legacy: a JSON object (LegacyExtractOptions). With it the request is the legacy synchronous form: 200 with the legacy response, legacy errors (docs/legacy.md)'),
}).meta({ id: 'SubmitDocumentWithLegacyForm' });

export const LegacyExtractResponse = z
  .object({
    success: z.boolean(),
    jobId: z.uuid().describe('The job this run is kept as (GET or DELETE /api/documents/extract/{jobId})'),
    documents: z.array(
      z.object({
        documentType: z.string().describe('Legacy type code (`insurance_certificate`, `sor`), or `unknown`'),
        pages: z.tuple([z.number().int(), z.number().int()]).describe('First and last page'),
        extractedData: z.record(z.string(), z.unknown()).describe('Legacy layout; {} for unknown'),
        confidence: z.number().min(0).max(1),
        splitPdfUrl: z.url().describe('The part as a PDF of its own: signed, valid 24 h, no API key needed'),
        alternatives: z.array(z.object({ documentType: z.string(), confidence: z.number() })).optional().describe('With includeAlternatives'),
      }),
    ),
    unextractedDocuments: z
      .array(z.object({ documentType: z.string(), pages: z.tuple([z.number().int(), z.number().int()]), confidence: z.number() }))
      .optional()
      .describe('Documents found beyond maxDocuments, not extracted'),
    metadata: z.object({
      totalPages: z.number().int(),
      processedDocuments: z.number().int().describe('Documents of a known type'),
      unidentifiedDocuments: z.number().int().describe('Documents of type unknown'),
      processingTime: z.number().describe('milliseconds'),
    }),
  })
  .meta({ id: 'LegacyExtractResponse' });

export const SplitPdfParams = z.object({
  jobId: z.uuid(),
  pages: z
    .string()
    .regex(/^\d{1,6}-\d{1,6}$/, 'first-last')
    .transform((value) => value.split('-').map(Number) as [number, number])
    .describe('first-last, 1-based'),
});

export const SplitPdfQuery = z.object({
  expires: z
    .string()
    .regex(/^\d{1,12}$/, 'unix seconds')
    .transform(Number)
    .describe('Unix seconds'),
  signature: z.string().max(128),
});
