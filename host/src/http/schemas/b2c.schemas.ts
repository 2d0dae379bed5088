import { z } from 'zod';
import { FIELD_TYPES } from '@docsift/core';
import { nextCursorField, pageQueryFields } from '../pagination.js';
import { SubmitFields } from './document.schemas.js';
import { PageImageParams } from './job-page.schemas.js';
import { MAX_SUB_FIELDS, MAX_TEMPLATE_FIELDS } from '../../services/template.service.js';

const status = z.enum(['pending', 'processing', 'completed', 'failed']);
/** Names become keys of `data`, CSV headers and flat-mapping paths: letters, digits and underscores, not an Object.prototype name. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf']);

const fieldName = z
  .string()
  .regex(FIELD_NAME, 'letters, digits and underscores (1 to 64), not starting with a digit')
  .refine((name) => !RESERVED_NAMES.has(name), 'a reserved name (__proto__, constructor, prototype, …)');
const fieldDescription = z.string().trim().min(1).max(1000);

function uniqueNames(fields: Array<{ name: string }>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `the field name "${field.name}" is used twice` });
    seen.add(field.name);
  });
}

const SubField = z.object({ name: fieldName, type: z.enum(FIELD_TYPES.filter((type) => type !== 'list') as [string, ...string[]]), description: fieldDescription, required: z.boolean().optional() });

export const TemplateField = z
  .object({
    name: fieldName,
    type: z.enum(FIELD_TYPES),
    description: fieldDescription,
    required: z.boolean().optional().describe('A required field that is not found pulls confidence.overall down to 0 (docs/consumer.md)'),
    fields: z
      .array(SubField)
      .min(1)
      .max(MAX_SUB_FIELDS)
      .superRefine(uniqueNames)
      .optional()
      .describe('Only for type `list`: the sub-fields of each element (line items); without them the list is a list of strings'),
  })
  .refine((field) => field.type === 'list' || field.fields === undefined, { message: 'only a list field has sub-fields', path: ['fields'] })
  .meta({ id: 'TemplateField' });

export const TemplateBody = z
  .object({
    name: z.string().trim().min(1).max(255),
    description: z.string().trim().max(4000).optional(),
    documentType: z.string().trim().min(1).max(64).optional().describe('A registered type code (GET /api/documents/types): a classification hint'),
    fields: z.array(TemplateField).min(1).max(MAX_TEMPLATE_FIELDS).superRefine(uniqueNames),
  })
  .meta({ id: 'TemplateBody' });

export const TemplateView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().optional(),
    documentType: z.string().optional(),
    fields: z.array(TemplateField),
    version: z.number().int().min(1).describe('1 at creation, one more at each update'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Template' });

export const TemplateList = z.object({ templates: z.array(TemplateView) }).meta({ id: 'TemplateList' });
export const TemplateParams = z.object({ templateId: z.string().max(64) });

export const ExtractMultipart = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'PDF (20 MB), JPEG or PNG (5 MB): decided by content' }),
    templateId: z.uuid().describe("One of the organization's templates"),
    webhookUrl: z.url().optional().describe('Receives the template payload when the extraction completes (private addresses refused unless allowed)'),
    metadata: z.string().optional().describe('A JSON object, returned with the extraction'),
  })
  .meta({ id: 'ExtractByTemplate' });

/** The text parts of a template extraction, validated. */
export const ExtractFields = z.object({
  templateId: z.string({ error: 'templateId is required' }).trim().min(1, 'templateId is required').max(64),
  webhookUrl: z.string().max(2048).optional(),
  metadata: SubmitFields.shape.metadata,
});

export const ExtractionCreated = z
  .object({ extractionId: z.uuid(), status, pollingUrl: z.url(), createdAt: z.iso.datetime() })
  .meta({ id: 'ExtractionCreated' });

const FieldDetail = z.object({
  confidence: z.number(),
  page: z.number().int().nullable(),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  source: z.string().describe('form, text, ocr or learned (read by the engine, learned: with a layout learned from a correction); user: a corrected value'),
});

export const ExtractionRecord = z
  .object({
    extractionId: z.uuid(),
    templateId: z.uuid(),
    templateVersion: z.number().int().describe('The version of the template the extraction used'),
    status,
    progress: z.number().int().min(0).max(100),
    fileName: z.string(),
    fileType: z.enum(['pdf', 'jpeg', 'png']),
    data: z.record(z.string(), z.unknown()).nullable().describe("Keyed by the template's field names (null where not found); null until completed"),
    confidence: z
      .object({
        fields: z.record(z.string(), z.number()).describe('Per field 0..1; 0 for a field not found'),
        overall: z.number().min(0).max(1).describe('The mean of the found fields, capped by the lowest required field (0 when one is missing): docs/consumer.md'),
      })
      .nullable(),
    originalData: z.record(z.string(), z.unknown()).optional().describe('Once corrected: the data as the engine read it (`data` then holds the correction)'),
    correctedFields: z.array(z.string()).optional().describe('Once corrected: the fields the latest correction gave'),
    correctedAt: z.iso.datetime().optional().describe('Once corrected: when the latest correction was made'),
    fieldDetails: z.record(z.string(), FieldDetail).optional(),
    findings: z.array(z.object({ severity: z.string(), code: z.string(), message: z.string() })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    error: z.string().optional(),
    processingTime: z.number().optional().describe('seconds'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'ExtractionRecord' });

export const ExtractionParams = z.object({ extractionId: z.string().max(64) });

export const ExtractionPageParams = ExtractionParams.extend({ page: PageImageParams.shape.page });

export const CorrectionBody = z
  .record(z.string(), z.unknown())
  .describe(
    "Corrected values by the template's field names (of the version the extraction used), each of its field's type or null; a list field an array of sub-field objects. Fields left out keep the engine's value",
  )
  .meta({ id: 'Correction', example: { total: 1250, customerCode: 'KX-4471' } });

export const CorrectedExtraction = ExtractionRecord.extend({
  learnedLayoutId: z.uuid().nullable().describe('The layout the template learned from this correction (GET /api/b2c/templates/{templateId}/layouts); null when none'),
}).meta({ id: 'CorrectedExtraction' });

export const LayoutParams = z.object({ templateId: z.string().max(64), layoutId: z.string().max(64) });

export const LearnedLayoutList = z
  .object({
    layouts: z.array(
      z.object({
        id: z.uuid(),
        templateId: z.uuid(),
        extractionId: z.uuid().describe('The corrected extraction it was learned from'),
        fields: z.array(z.string()).describe('The fields it places on documents of its layout'),
        createdAt: z.iso.datetime(),
      }),
    ),
    limit: z.number().int().describe('Layouts kept per template: a new one past it drops the oldest'),
  })
  .meta({ id: 'LearnedLayoutList' });

export const ExtractionListQuery = z.object({
  templateId: z.string().max(64).optional().describe("Only this template's extractions"),
  status: status.optional(),
  ...pageQueryFields,
});

export const ExtractionList = z
  .object({ extractions: z.array(ExtractionRecord), nextCursor: nextCursorField })
  .meta({ id: 'ExtractionList' });

export const ExtractInfo = z
  .object({
    service: z.literal('b2c'),
    version: z.string(),
    endpoints: z.array(z.object({ method: z.string(), path: z.string(), description: z.string() })),
    limits: z.object({
      pdfBytes: z.number().int(),
      imageBytes: z.number().int(),
      maxTemplateFields: z.number().int(),
      maxListSubFields: z.number().int(),
      requestsPerMinute: z.number().int().describe('Session requests per minute per client address'),
      extractionsListedPerPage: z.number().int(),
    }),
    fieldTypes: z.array(z.string()),
  })
  .meta({ id: 'ExtractInfo' });
