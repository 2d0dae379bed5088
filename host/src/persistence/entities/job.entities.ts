import { EntitySchema } from 'typeorm';
import type { AlternativeType, FieldDetails, Finding, FieldSpec, PageGeometry } from '@docsift/core';
import type { FileType } from '../../common/upload.js';
import { id, json, optionalJson, optionalRef, optionalText, optionalTimestamp, ref, text, timestamp } from './columns.js';

/** A job's life: created pending, claimed by a worker, finished one way or the other. */
export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  pending: ['processing', 'failed'],
  // A worker that died leaves `processing`; the retried attempt takes it again.
  processing: ['processing', 'pending', 'completed', 'failed'],
  completed: [],
  failed: [],
};

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

/** Which engine a job runs: the built-in one, or the configured AI model (core's `engine` option). */
export type JobEngine = 'local' | 'model';

/** Who stored a job's correction: a user (session) or an API key. */
export type Corrector = { kind: 'user'; id: string } | { kind: 'apiKey'; id: string };

export interface Job {
  id: string;
  organizationId: string;
  apiKeyId: string | null;
  service: string;
  status: JobStatus;
  progress: number;
  fileName: string;
  fileType: FileType;
  fileKey: string | null;
  fileSize: number;
  typeHint: string | null;
  /** The engine the submission asked for (its `model` part). */
  engine: JobEngine;
  /** With engine `model`: the configured model name the latest attempt ran with. */
  aiModel: string | null;
  webhookUrl: string | null;
  metadata: Record<string, unknown> | null;
  documentType: string | null;
  classificationConfidence: number | null;
  alternativeTypes: AlternativeType[] | null;
  extractedData: Record<string, unknown> | null;
  fieldDetails: FieldDetails | null;
  findings: Finding[] | null;
  /** An analysis task's result once completed (services/task.service.ts): the pages read, findings and summary. */
  analysis: Record<string, unknown> | null;
  /** Per page, as the engine read it (null for jobs finished before pages were kept, and for legacy runs). */
  pages: PageGeometry[] | null;
  /** A user's corrected record beside `extractedData` (PUT …/correction), with when and by whom; all null when none. */
  correctedData: Record<string, unknown> | null;
  correctedAt: Date | null;
  correctedBy: Corrector | null;
  error: string | null;
  attempts: number;
  processingTime: number | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export interface IdempotencyRecord {
  organizationId: string;
  key: string;
  jobId: string;
  createdAt: Date;
}

export interface OrganizationType {
  id: string;
  organizationId: string;
  typeCode: string;
  displayName: string;
  description: string;
  confidenceThreshold: number;
  fields: FieldSpec[];
  keywords: string[];
  examples: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const JobEntity = new EntitySchema<Job>({
  name: 'Job',
  tableName: 'jobs',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    apiKeyId: { ...optionalRef, name: 'api_key_id' },
    service: text(16),
    status: text(16),
    progress: { type: 'int' },
    fileName: { ...text(255), name: 'file_name' },
    fileType: { ...text(8), name: 'file_type' },
    fileKey: { ...optionalText(255), name: 'file_key' },
    fileSize: { type: 'bigint', name: 'file_size', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } },
    typeHint: { ...optionalText(64), name: 'type_hint' },
    engine: text(16),
    aiModel: { ...optionalText(255), name: 'ai_model' },
    webhookUrl: { ...optionalText(2048), name: 'webhook_url' },
    metadata: optionalJson,
    documentType: { ...optionalText(64), name: 'document_type' },
    classificationConfidence: { type: 'double', nullable: true, name: 'classification_confidence' },
    alternativeTypes: { ...optionalJson, name: 'alternative_types' },
    extractedData: { ...optionalJson, name: 'extracted_data' },
    fieldDetails: { ...optionalJson, name: 'field_details' },
    findings: optionalJson,
    analysis: optionalJson,
    pages: optionalJson,
    correctedData: { ...optionalJson, name: 'corrected_data' },
    correctedAt: optionalTimestamp('corrected_at'),
    correctedBy: { ...optionalJson, name: 'corrected_by' },
    error: { type: 'text', nullable: true },
    attempts: { type: 'int' },
    processingTime: { type: 'double', nullable: true, name: 'processing_time' },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
    completedAt: optionalTimestamp('completed_at'),
  },
});

export const IdempotencyEntity = new EntitySchema<IdempotencyRecord>({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_keys',
  columns: {
    organizationId: { ...ref, primary: true, name: 'organization_id' },
    key: { ...text(255), primary: true, name: 'idempotency_key' },
    jobId: { ...ref, name: 'job_id' },
    createdAt: timestamp('created_at'),
  },
});

export const OrganizationTypeEntity = new EntitySchema<OrganizationType>({
  name: 'OrganizationType',
  tableName: 'organization_types',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    typeCode: { ...text(64), name: 'type_code' },
    displayName: { ...text(255), name: 'display_name' },
    description: { type: 'text' },
    confidenceThreshold: { type: 'double', name: 'confidence_threshold' },
    fields: json,
    keywords: json,
    examples: json,
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});
