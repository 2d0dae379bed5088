import { z } from 'zod';
import { nextCursorField, pageQueryFields } from '../pagination.js';

const status = z.enum(['pending', 'processing', 'completed', 'failed']);

export const SubmitMultipart = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'PDF, JPEG or PNG (decided by content)' }),
    webhookUrl: z
      .url()
      .optional()
      .describe('Receives the result when the job finishes: http(s) only, and refused (400) when it resolves to a loopback, private, link-local or metadata address'),
    metadata: z.string().optional().describe('A JSON object, returned with the job'),
    documentType: z.string().optional().describe('Legacy: a type code hint'),
    model: z
      .string()
      .optional()
      .describe(
        'The extraction engine: `local` (the built-in engine, the default) or the configured AI model, named `openai` or by its configured name (DOCSIFT_AI_MODEL), case-insensitively. Any other value, or a model while none is configured, is 400 invalid_request',
      ),
  })
  .meta({ id: 'SubmitDocument' });

/** The text parts of a submission, validated. */
export const SubmitFields = z.object({
  // The scheme and the address are checked by the service (WebhookUrlGuard), with a message naming the field.
  webhookUrl: z.string().max(2048).optional(),
  metadata: z
    .string()
    .max(65_536)
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'metadata must be a JSON object' });
      return z.NEVER;
    })
    .optional(),
  documentType: z.string().trim().min(1).max(64).optional(),
  model: z.string().max(128).optional(),
  options: z.string().optional(),
});

export const JobCreated = z
  .object({ jobId: z.uuid(), status, pollingUrl: z.url(), createdAt: z.iso.datetime() })
  .meta({ id: 'JobCreated' });

const FieldDetail = z.object({
  confidence: z.number(),
  page: z.number().int().nullable(),
  bbox: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .nullable()
    .describe('[x0, y0, x1, y1] in fractions of the page upright as the engine read it, origin top-left: times the width and height of its page image (…/pages/{page}/image) in pixels'),
  source: z.enum(['text', 'ocr', 'form', 'model']),
  derivation: z.string().optional().describe('How a value not printed as such was computed from the printed values in the box'),
});

export const JobRecord = z
  .object({
    jobId: z.uuid(),
    status,
    fileName: z.string(),
    fileType: z.enum(['pdf', 'jpeg', 'png']),
    documentType: z.string().optional(),
    progress: z.number().int().min(0).max(100).optional(),
    classificationConfidence: z.number().min(0).max(1).optional(),
    alternativeTypes: z.array(z.object({ typeCode: z.string(), displayName: z.string(), confidence: z.number() })).optional(),
    error: z.string().optional(),
    extractedData: z.record(z.string(), z.unknown()).nullable().optional(),
    fieldDetails: z.record(z.string(), FieldDetail).optional(),
    findings: z.array(z.object({ severity: z.string(), code: z.string(), message: z.string(), path: z.string().optional() })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    processingTime: z.number().optional().describe('seconds'),
    pages: z
      .array(z.object({ number: z.number().int(), width: z.number(), height: z.number() }))
      .optional()
      .describe(
        'Completed jobs: each page upright as the engine read it, in PDF points (pages of a PDF) or pixels (an image); the proportions of its page image. Absent on jobs completed before this was kept',
      ),
    correctedData: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .describe('Completed jobs: the corrected record stored with PUT …/correction (extractedData stays the engine\'s), null when none'),
    correctedAt: z.iso.datetime().nullable().optional().describe('Completed jobs: when the correction was stored, null when none'),
    correctedBy: z
      .object({ kind: z.enum(['user', 'apiKey']), id: z.string() })
      .nullable()
      .optional()
      .describe('Completed jobs: who stored the correction (a user by session, or an API key), null when none'),
    engine: z.enum(['local', 'model']).describe('The engine the job was submitted to: `local`, or `model` (the configured AI model)'),
    model: z.string().optional().describe('With engine `model`, once an attempt has started: the name of the AI model that ran it'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'JobRecord' });

export const JobParams = z.object({ jobId: z.string().max(64) });
export const JobQuery = z.object({ layout: z.enum(['primary', 'legacy']).optional() });

export const JobListQuery = z
  .object({
    ...pageQueryFields,
    status: status.optional().describe('Only jobs in this status'),
    type: z.string().max(64).optional().describe('Only jobs classified as this document type code'),
    createdFrom: z.iso.datetime({ offset: true }).optional().describe('Only jobs created at or after this time'),
    createdTo: z.iso.datetime({ offset: true }).optional().describe('Only jobs created before this time'),
  })
  .refine((query) => !query.createdFrom || !query.createdTo || Date.parse(query.createdFrom) < Date.parse(query.createdTo), {
    message: 'createdFrom must be before createdTo',
    path: ['createdFrom'],
  });

export const JobList = z
  .object({
    jobs: z.array(
      z.object({
        jobId: z.uuid(),
        service: z.enum(['documents', 'lending', 'legacy']).describe('The surface the job was submitted to (`legacy`: the legacy synchronous form, docs/legacy.md)'),
        status,
        fileName: z.string(),
        fileType: z.enum(['pdf', 'jpeg', 'png']),
        documentType: z.string().optional(),
        progress: z.number().int().min(0).max(100),
        engine: z.enum(['local', 'model']),
        error: z.string().optional(),
        pollingUrl: z.url().describe('The full record: /api/documents/extract/{jobId}, or /api/lending/extract/{jobId} for a lending job'),
        createdAt: z.iso.datetime(),
        updatedAt: z.iso.datetime(),
        completedAt: z.iso.datetime().optional(),
      }),
    ),
    nextCursor: nextCursorField,
  })
  .meta({ id: 'JobList' });
