import { EntitySchema } from 'typeorm';
import type { DocumentModel, FieldSpec, ValueLocations } from '@docsift/core';
import { id, json, optionalJson, optionalText, ref, text, timestamp } from './columns.js';

/** A consumer's template: the fields to extract, by name, type and description (docs/consumer.md). */
export interface Template {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  /** A registry type code the template's documents are expected to be (a classification hint). */
  documentType: string | null;
  fields: FieldSpec[];
  /** 1 at creation, one more at each update; each extraction records the version it used. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A user's correction of a completed extraction (docs/consumer.md): the engine's data stays on the job row. */
export interface ExtractionCorrection {
  /** The extraction's data with the corrected values: what the extraction shows, exports and learns from. */
  data: Record<string, unknown>;
  /** The fields the correction gave, in the template's order. */
  fields: string[];
  /** Where each corrected value is printed, by `fieldDetails` path; null page and box for a value not found on the page. */
  locations: ValueLocations;
  userId: string;
  /** ISO 8601. */
  correctedAt: string;
}

/**
 * What an extraction by template keeps beside its job row (`jobs.service` = `b2c`): the template
 * as it was when the extraction was submitted, who submitted it, and the document as read.
 */
export interface TemplateExtraction {
  /** The job's id, which is also the extraction's id. */
  jobId: string;
  organizationId: string;
  userId: string;
  templateId: string;
  templateVersion: number;
  /** The template's fields at submission: the extraction reads and reports these, whatever the template becomes. */
  fields: FieldSpec[];
  /** The document as the engine read it (pages' words with boxes, form fields), so a value can be found on the page again. */
  readResult: DocumentModel | null;
  /** The latest correction (a new one replaces it); null until the extraction is corrected. */
  correction: ExtractionCorrection | null;
  createdAt: Date;
}

export const TemplateEntity = new EntitySchema<Template>({
  name: 'Template',
  tableName: 'templates',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    name: text(255),
    description: { type: 'text', nullable: true },
    documentType: { ...optionalText(64), name: 'document_type' },
    fields: json,
    version: { type: 'int' },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});

export const TemplateExtractionEntity = new EntitySchema<TemplateExtraction>({
  name: 'TemplateExtraction',
  tableName: 'template_extractions',
  columns: {
    jobId: { ...ref, primary: true, name: 'job_id' },
    organizationId: { ...ref, name: 'organization_id' },
    userId: { ...ref, name: 'user_id' },
    templateId: { ...ref, name: 'template_id' },
    templateVersion: { type: 'int', name: 'template_version' },
    fields: json,
    readResult: { ...optionalJson, name: 'read_result' },
    correction: optionalJson,
    createdAt: timestamp('created_at'),
  },
});
