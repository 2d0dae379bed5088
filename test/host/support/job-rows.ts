import { randomUUID } from 'node:crypto';
import type { Job } from '../../../host/src/persistence/entities/job.entities.js';
import type { WebhookDelivery } from '../../../host/src/persistence/entities/webhook.entities.js';
import type { JobRepository } from '../../../host/src/persistence/job.repository.js';

/** A job row a worker is processing (attempt 1), with a submission webhookUrl. */
export function processingJob(): Job {
  const at = new Date();
  return {
    id: randomUUID(), organizationId: randomUUID(), apiKeyId: null, service: 'documents', status: 'processing', progress: 40, fileName: 'a.pdf', fileType: 'pdf',
    fileKey: 'k', fileSize: 1, typeHint: null, engine: 'local', aiModel: null, webhookUrl: 'https://hooks.example.com/a', metadata: null, documentType: null, classificationConfidence: null,
    alternativeTypes: null, extractedData: null, fieldDetails: null, findings: null, analysis: null, pages: null, correctedData: null, correctedAt: null, correctedBy: null, error: null, attempts: 1, processingTime: null, createdAt: at, updatedAt: at, completedAt: null,
  };
}

/** A pending delivery of `job` to its webhookUrl. */
export function deliveryOf(job: Job): WebhookDelivery {
  const at = new Date();
  return {
    id: randomUUID(), organizationId: job.organizationId, webhookId: null, jobId: job.id, url: job.webhookUrl, event: 'extraction.completed',
    payload: { jobId: job.id, status: 'completed' }, status: 'pending', attempts: [], attemptCount: 0, maxAttempts: 5, nextAttemptAt: at, createdAt: at, updatedAt: at,
  };
}

/** The changes of a completed extraction. */
export const completion = (at: Date): Partial<Job> => ({ progress: 100, documentType: 'insurance_cert', classificationConfidence: 0.9, extractedData: { certificateNumber: 'A-1' }, completedAt: at, updatedAt: at });

/** Writes `job` as the submission does (its row alone: no idempotency record, no queue entry). */
export function insertJob(jobs: JobRepository, job: Job): Promise<void> {
  return jobs.insertWith(job, null, []);
}
