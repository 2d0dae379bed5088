import { buildTemplatePayload, type DocumentModel, type FieldDetail, type FieldSpec, type TemplatePayload } from '@docsift/core';
import type { Job } from '../persistence/entities/job.entities.js';
import type { TemplateExtraction } from '../persistence/entities/template.entities.js';

export interface ExtractionConfidence {
  fields: Record<string, number>;
  overall: number;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const isFound = (value: unknown) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/** `data` keyed exactly by the template's field names, null where the engine found nothing. */
export function templateData(fields: readonly FieldSpec[], extracted: Record<string, unknown> | null): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, extracted?.[field.name] ?? null]));
}

/**
 * Per field: the confidence the engine gave its value (for a list, the mean over its elements'
 * values), 0 for a field not found. Overall: the mean over the fields found, capped by the lowest
 * confidence among the required fields, so a required field not found makes it 0; 0 when nothing
 * was found (docs/consumer.md).
 */
export function extractionConfidence(fields: readonly FieldSpec[], data: Record<string, unknown>, details: ShownDetails): ExtractionConfidence {
  const scores: Record<string, number> = {};
  for (const field of fields) scores[field.name] = isFound(data[field.name]) ? fieldScore(field.name, details) : 0;
  const found = fields.filter((field) => isFound(data[field.name])).map((field) => scores[field.name]!);
  const mean = found.length === 0 ? 0 : found.reduce((sum, score) => sum + score, 0) / found.length;
  const required = fields.filter((field) => field.required).map((field) => scores[field.name]!);
  return { fields: scores, overall: round4(Math.min(mean, ...required)) };
}

function fieldScore(name: string, details: ShownDetails): number {
  const own = details[name];
  if (own) return round4(own.confidence);
  const parts = Object.entries(details).filter(([path]) => path.startsWith(`${name}[`) || path.startsWith(`${name}.`));
  return parts.length === 0 ? 0 : round4(parts.reduce((sum, [, detail]) => sum + detail.confidence, 0) / parts.length);
}

/** A value's details as an extraction shows them: the engine's (`FieldDetail`), or a corrected value's (source `user`). */
export type ShownDetail = Omit<FieldDetail, 'source'> & { source: FieldDetail['source'] | 'user' };
export type ShownDetails = Record<string, ShownDetail>;

/**
 * What a completed extraction shows and exports: the engine's data and details, or once corrected
 * the correction's data, its values' details (confidence 1, source `user`, the box where the value
 * is printed or none) and the engine's details of the fields it left alone.
 */
export function shownResult(job: Job, extraction: Pick<TemplateExtraction, 'fields' | 'correction'>): { data: Record<string, unknown>; fieldDetails: ShownDetails } {
  const engineDetails: ShownDetails = job.fieldDetails ?? {};
  const { correction } = extraction;
  if (!correction) return { data: templateData(extraction.fields, job.extractedData), fieldDetails: engineDetails };
  const corrected = new Set(correction.fields);
  const kept = Object.entries(engineDetails).filter(([path]) => !corrected.has(fieldOfPath(path)));
  const given = Object.entries(correction.locations).map(([path, { page, bbox }]) => [path, { confidence: 1, page, bbox, source: 'user' }] as const);
  return { data: correction.data, fieldDetails: Object.fromEntries([...kept, ...given]) };
}

/** `lineItems[2].amount` → `lineItems`. */
export const fieldOfPath = (path: string): string => /^[^[.]*/.exec(path)![0];

/** The creation response of an extraction (202, and again on an idempotent replay). */
export function extractionCreatedView(job: Job, publicUrl: string): Record<string, unknown> {
  return { extractionId: job.id, status: job.status, pollingUrl: `${publicUrl}/api/b2c/extract/${job.id}`, createdAt: job.createdAt.toISOString() };
}

/** The extraction record (GET /api/b2c/extract/{extractionId}). */
export function extractionView(job: Job, extraction: Pick<TemplateExtraction, 'templateId' | 'templateVersion' | 'fields' | 'correction'>): Record<string, unknown> {
  const completed = job.status === 'completed';
  const shown = completed ? shownResult(job, extraction) : null;
  const data = shown?.data ?? null;
  const record: Record<string, unknown> = {
    extractionId: job.id,
    templateId: extraction.templateId,
    templateVersion: extraction.templateVersion,
    status: job.status,
    progress: job.progress,
    fileName: job.fileName,
    fileType: job.fileType,
    data,
    confidence: shown ? extractionConfidence(extraction.fields, shown.data, shown.fieldDetails) : null,
  };
  if (shown && extraction.correction) {
    record.originalData = templateData(extraction.fields, job.extractedData);
    record.correctedFields = extraction.correction.fields;
    record.correctedAt = extraction.correction.correctedAt;
  }
  if (shown) {
    record.fieldDetails = shown.fieldDetails;
    record.findings = job.findings ?? [];
    record.processingTime = job.processingTime;
  }
  if (job.metadata !== null) record.metadata = job.metadata;
  if (job.status === 'failed' && job.error) record.error = job.error;
  record.createdAt = job.createdAt.toISOString();
  record.updatedAt = job.updatedAt.toISOString();
  if (job.completedAt) record.completedAt = job.completedAt.toISOString();
  return record;
}

/**
 * The template payload of a finished extraction, built by core's `buildTemplatePayload` as the test
 * delivery's is (webhooks/webhook.service.ts), so a mapping behaves alike on both. A failed one has
 * every field null, confidences 0, and `error`. It carries the engine's data: deliveries are made
 * at completion, before any correction (docs/consumer.md).
 */
export function extractionPayload(job: Job, extraction: Pick<TemplateExtraction, 'templateId' | 'userId' | 'fields'>): TemplatePayload & { error?: string } {
  const data = templateData(extraction.fields, job.status === 'completed' ? job.extractedData : null);
  const confidence = extractionConfidence(extraction.fields, data, job.status === 'completed' ? (job.fieldDetails ?? {}) : {});
  const payload = buildTemplatePayload({
    extractionId: job.id,
    templateId: extraction.templateId,
    fileName: job.fileName,
    timestamp: job.completedAt ?? job.updatedAt,
    organizationId: job.organizationId,
    userId: extraction.userId,
    data,
    fieldConfidence: confidence.fields,
    overallConfidence: confidence.overall,
  });
  return job.status === 'failed' ? { ...payload, error: job.error ?? 'The document could not be processed.' } : payload;
}

/** What is kept of the document as read: the words with their boxes and the form fields (lines are rebuilt from words). */
export function readResultOf(document: DocumentModel | undefined): DocumentModel | null {
  if (!document) return null;
  return { ...document, pages: document.pages.map((page) => ({ ...page, lines: [] })) };
}
