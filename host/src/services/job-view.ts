import type { Docsift } from '@docsift/core';
import type { Job } from '../persistence/entities/job.entities.js';
import { EXTRACTION_SERVICE } from '../persistence/template.repository.js';
import { extractionCreatedView } from './extraction-view.js';
import { ANALYSIS_TASK_SERVICE } from './job-surfaces.js';
import type { ListedJob } from '../persistence/job.repository.js';

/** The creation response of a job (202, and again on an idempotent replay). */
export function creationView(job: Job, publicUrl: string): Record<string, unknown> {
  if (job.service === EXTRACTION_SERVICE) return extractionCreatedView(job, publicUrl);
  if (job.service === ANALYSIS_TASK_SERVICE) return { taskId: job.id, status: job.status, statusUrl: `${publicUrl}/api/task-status/${job.id}` };
  if (job.service === 'lending') {
    return {
      jobId: job.id,
      status: job.status,
      pollingUrl: `${publicUrl}/api/lending/extract/${job.id}`,
      createdAt: job.createdAt.toISOString(),
      service: 'lending',
      message: 'Document accepted for lending review; poll pollingUrl for the extraction and its compliance status.',
    };
  }
  return { jobId: job.id, status: job.status, pollingUrl: `${publicUrl}/api/documents/extract/${job.id}`, createdAt: job.createdAt.toISOString() };
}

/** A job in a listing: its state and where to read its record, without the results. */
export function listedView(job: ListedJob, publicUrl: string): Record<string, unknown> {
  const surface = job.service === 'lending' ? 'lending' : 'documents';
  const item: Record<string, unknown> = {
    jobId: job.id,
    service: job.service,
    status: job.status,
    fileName: job.fileName,
    fileType: job.fileType,
    progress: job.progress,
    engine: job.engine,
    pollingUrl: `${publicUrl}/api/${surface}/extract/${job.id}`,
  };
  if (job.documentType !== null) item.documentType = job.documentType;
  if (job.status === 'failed' && job.error) item.error = job.error;
  item.createdAt = job.createdAt.toISOString();
  item.updatedAt = job.updatedAt.toISOString();
  if (job.completedAt) item.completedAt = job.completedAt.toISOString();
  return item;
}

/** The full job record of the interface; `legacy` maps extractedData (and correctedData) to the type's legacy layout. */
export function recordView(job: Job, layout: 'primary' | 'legacy', docsift: Docsift): Record<string, unknown> {
  const record: Record<string, unknown> = {
    jobId: job.id,
    status: job.status,
    fileName: job.fileName,
    fileType: job.fileType,
    progress: job.progress,
  };
  if (job.documentType !== null) record.documentType = job.documentType;
  if (job.classificationConfidence !== null) record.classificationConfidence = job.classificationConfidence;
  if (job.alternativeTypes !== null) record.alternativeTypes = job.alternativeTypes;
  if (job.status === 'failed' && job.error) record.error = job.error;
  if (job.status === 'completed') {
    record.extractedData = job.extractedData;
    record.fieldDetails = job.fieldDetails ?? {};
    record.findings = job.findings ?? [];
    record.processingTime = job.processingTime;
    if (job.pages) record.pages = job.pages.map((page, index) => ({ number: index + 1, width: page.width, height: page.height }));
    record.correctedData = job.correctedData;
    record.correctedAt = job.correctedAt?.toISOString() ?? null;
    record.correctedBy = job.correctedBy;
  }
  record.engine = job.engine;
  if (job.aiModel !== null) record.model = job.aiModel;
  if (job.metadata !== null) record.metadata = job.metadata;
  record.createdAt = job.createdAt.toISOString();
  record.updatedAt = job.updatedAt.toISOString();
  if (job.completedAt) record.completedAt = job.completedAt.toISOString();
  return layout === 'legacy' ? toLegacy(record, job, docsift) : record;
}

function toLegacy(record: Record<string, unknown>, job: Job, docsift: Docsift): Record<string, unknown> {
  const plugin = job.documentType ? docsift.registry.plugin(job.documentType) : undefined;
  if (!plugin?.legacy) return record;
  const legacy: Record<string, unknown> = { ...record, documentType: plugin.legacy.typeCode };
  if (job.status === 'completed' && job.extractedData) legacy.extractedData = plugin.legacy.toLegacy(job.extractedData);
  if (job.status === 'completed' && job.correctedData) legacy.correctedData = plugin.legacy.toLegacy(job.correctedData);
  return legacy;
}
