import { WEBHOOK_VERSION } from './version.js';

/** `extraction.corrected`: a user stored a corrected record of a completed job (the host's job corrections). */
export const WEBHOOK_EVENTS = ['extraction.completed', 'extraction.failed', 'extraction.corrected'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The submission payload: sent for document and lending jobs (docs/webhooks.md). */
// Type aliases, not interfaces: payloads must be assignable to Record<string, unknown> (what mappers take).
export type SubmissionPayload = {
  event: WebhookEvent;
  jobId: string;
  status: 'completed' | 'failed';
  documentType: string | null;
  confidence: number | null;
  extractedData: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  /** Present only when `status` is `failed`. */
  error?: string;
};

export type SubmissionPayloadInput =
  | {
      jobId: string;
      status: 'completed';
      documentType: string;
      confidence: number;
      extractedData: Record<string, unknown> | null;
      metadata?: Record<string, unknown> | null;
    }
  | {
      jobId: string;
      status: 'failed';
      error: string;
      documentType?: string | null;
      confidence?: number | null;
      metadata?: Record<string, unknown> | null;
    };

export function buildSubmissionPayload(input: SubmissionPayloadInput): SubmissionPayload {
  const common = { jobId: input.jobId, status: input.status };
  const metadata = input.metadata ?? {};
  if (input.status === 'completed') {
    return {
      event: 'extraction.completed',
      ...common,
      documentType: input.documentType,
      confidence: input.confidence,
      extractedData: input.extractedData,
      metadata,
    };
  }
  return {
    event: 'extraction.failed',
    ...common,
    documentType: input.documentType ?? null,
    confidence: input.confidence ?? null,
    extractedData: null,
    metadata,
    error: input.error,
  };
}

/** The template payload: sent to webhook configurations for template extractions (docs/webhooks.md). */
export type TemplatePayload = {
  extractionId: string;
  templateId: string;
  fileName: string;
  /** ISO 8601 date-time. */
  timestamp: string;
  organizationId: string;
  userId: string;
  data: Record<string, unknown>;
  confidence: { fields: Record<string, number>; overall: number };
  metadata: { extractionPlatform: 'docsift'; version: string };
};

export interface TemplatePayloadInput {
  extractionId: string;
  templateId: string;
  fileName: string;
  timestamp: Date | string;
  organizationId: string;
  userId: string;
  data: Record<string, unknown>;
  /** Field name to confidence 0..1. */
  fieldConfidence: Record<string, number>;
  /** Defaults to the mean of the field confidences (0 when there are none). */
  overallConfidence?: number;
  version?: string;
}

export function buildTemplatePayload(input: TemplatePayloadInput): TemplatePayload {
  const scores = Object.values(input.fieldConfidence);
  const mean = scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return {
    extractionId: input.extractionId,
    templateId: input.templateId,
    fileName: input.fileName,
    timestamp: input.timestamp instanceof Date ? input.timestamp.toISOString() : input.timestamp,
    organizationId: input.organizationId,
    userId: input.userId,
    data: input.data,
    confidence: { fields: { ...input.fieldConfidence }, overall: input.overallConfidence ?? mean },
    metadata: { extractionPlatform: 'docsift', version: input.version ?? WEBHOOK_VERSION },
  };
}
