import path from 'node:path';
import type { Docsift } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { ApiError, notFound, unknownFileFormat } from './errors.js';
import type { Job, JobEngine } from '../persistence/entities/job.entities.js';
import type { JobListFilter, JobRepository } from '../persistence/job.repository.js';
import type { PageRequest } from '../common/pagination.js';
import { timeOrderedUuid } from '../persistence/time-ordered-id.js';
import type { WriteStatement } from '../persistence/guarded-write.js';
import { EXTRACTION_SERVICE } from '../persistence/template.repository.js';
import type { JobQueue } from '../queue/index.js';
import type { SubmissionFields, Submitted } from '../common/submission.js';
import type { FileType, Upload } from '../common/upload.js';
import type { FileStore } from '../storage/file-store.js';
import { isUniqueViolation } from './account.service.js';
import type { JobRecordCache } from './job-record-cache.js';
import type { Reservation, StorageReservations } from './storage-reservations.js';
import { ANALYSIS_TASK_SERVICE, LEGACY_SYNC_SERVICE } from './job-surfaces.js';
import { engineFor } from './model-choice.js';
import { creationView, listedView, recordView } from './job-view.js';
import type { Principal } from './principal.js';
import type { WebhookUrlGuard } from '../webhooks/webhook-url-guard.js';

export const PROCESS_DOCUMENT = 'process-document';
const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** The surfaces whose jobs the primary listing shows; consumer extractions are the b2c surface's own (sessions only). */
const LISTED_SERVICES = ['documents', 'lending', LEGACY_SYNC_SERVICE] as const;

/** The API surface a deletion comes through: each deletes only its own kind of job (any other is not found there). */
export type RemovalSurface = 'documents' | typeof EXTRACTION_SERVICE | typeof ANALYSIS_TASK_SERVICE;
const REMOVAL_NOUNS: Record<RemovalSurface, string> = { documents: 'Job', [EXTRACTION_SERVICE]: 'Extraction', [ANALYSIS_TASK_SERVICE]: 'Task' };

export interface DocumentServiceDeps {
  config: Config;
  jobRepository: JobRepository;
  fileStore: FileStore;
  jobQueue: JobQueue;
  jobRecordCache: JobRecordCache;
  storageReservations: StorageReservations;
  docsift: Docsift;
  webhookUrlGuard: WebhookUrlGuard;
  logger: Logger;
  clock: () => Date;
}

/**
 * Submission, status and deletion of extraction jobs. The job row and its queue entry are written
 * in one transaction when the queue shares the database; with a queue elsewhere, the job first,
 * then its entry (the sweeper enqueues a pending job whose entry never came).
 */
export class DocumentService {
  readonly #deps: DocumentServiceDeps;

  constructor(deps: DocumentServiceDeps) {
    this.#deps = deps;
  }

  /** `companions`: rows written in the job's transaction (an extraction by template's own row). */
  async submit(
    principal: Principal,
    upload: Upload,
    fields: SubmissionFields,
    idempotencyKey?: string,
    companions: (job: Job) => WriteStatement[] = () => [],
  ): Promise<Submitted> {
    const engine = engineFor(fields.model, this.#deps.config.ai);
    if (fields.webhookUrl !== undefined) await this.#deps.webhookUrlGuard.check(fields.webhookUrl, 'webhookUrl');
    if (idempotencyKey) {
      const replay = await this.#replay(principal.organizationId, idempotencyKey);
      if (replay) return replay;
    }
    let created: { job: Job; enqueued: boolean };
    try {
      created = await this.#createJob(principal, upload, fields, engine, idempotencyKey, companions);
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      const replay = await this.#replay(principal.organizationId, idempotencyKey);
      if (replay) return replay;
      throw new ApiError('conflict', 'A request with this Idempotency-Key is in progress.');
    }
    if (!created.enqueued) await this.#enqueue(created.job);
    else this.#deps.jobQueue.wake(PROCESS_DOCUMENT);
    return { body: creationView(created.job, this.#deps.config.publicUrl), replayed: false };
  }

  /**
   * A job its request runs (the legacy synchronous form): the file is stored and the row written as
   * `processing`, its one attempt counted, with no queue entry. The caller writes the outcome.
   */
  async startInRequest(principal: Principal, upload: Upload, fields: SubmissionFields): Promise<Job> {
    const engine = engineFor(fields.model, this.#deps.config.ai);
    return (await this.#createJob(principal, upload, { ...fields, service: LEGACY_SYNC_SERVICE }, engine, undefined, () => [], true)).job;
  }

  /**
   * A completed job's record as JSON when the record cache holds it (see `getJson`) and the job still
   * exists with no correction stored, else null. The existence check is one indexed lookup on every read, so a job deleted by
   * any process, this one or another, is never served.
   */
  async cachedJson(principal: Principal, jobId: string, layout: 'primary' | 'legacy'): Promise<Buffer | null> {
    const { jobRecordCache, jobRepository } = this.#deps;
    const cached = jobRecordCache.get(principal.organizationId, jobId, layout);
    if (!cached) return null;
    if (await jobRepository.existsUncorrectedForOrganization(principal.organizationId, jobId)) return cached;
    jobRecordCache.evict(jobId);
    return null;
  }

  /** The job record as JSON; a completed job's comes from the record cache once read. */
  async getJson(principal: Principal, jobId: string, layout: 'primary' | 'legacy'): Promise<Buffer> {
    const cached = await this.cachedJson(principal, jobId, layout);
    if (cached) return cached;
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    // Extractions by template are read through /api/b2c/*, which takes sessions only; analysis tasks through the task endpoints.
    if (!job || job.service === EXTRACTION_SERVICE || job.service === ANALYSIS_TASK_SERVICE) throw notFound('Job');
    const json = Buffer.from(JSON.stringify(recordView(job, layout, this.#deps.docsift)));
    // A corrected record changes with each correction: only the engine's record, immutable once completed, is cached.
    if (job.status === 'completed' && job.correctedAt === null) this.#deps.jobRecordCache.set(principal.organizationId, jobId, layout, json);
    return json;
  }

  /** The organization's jobs newest first, one page (`nextCursor` continues). */
  async list(principal: Principal, filter: Omit<JobListFilter, 'services'>, page: PageRequest): Promise<{ jobs: Record<string, unknown>[]; nextCursor: string | null }> {
    const { items, nextCursor } = await this.#deps.jobRepository.listForOrganization(principal.organizationId, { ...filter, services: LISTED_SERVICES }, page);
    return { jobs: items.map((job) => listedView(job, this.#deps.config.publicUrl)), nextCursor };
  }

  /** Deletes a job of the surface asked through: document and lending jobs, (`b2c`) extractions by template, or (`analysis`) analysis tasks. */
  async remove(principal: Principal, jobId: string, surface: RemovalSurface = 'documents'): Promise<void> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    const jobSurface = job?.service === EXTRACTION_SERVICE || job?.service === ANALYSIS_TASK_SERVICE ? job.service : 'documents';
    if (!job || jobSurface !== surface) throw notFound(REMOVAL_NOUNS[surface]);
    await this.#discard(job);
  }

  /**
   * Stores the file and writes the job row with its idempotency record and, when the queue lives in
   * the same database, its queue entry: one transaction. `enqueued` says whether the entry was written.
   * The file's bytes stay reserved against the quota until the row is written.
   */
  async #createJob(
    principal: Principal,
    upload: Upload,
    fields: SubmissionFields,
    engine: JobEngine,
    idempotencyKey: string | undefined,
    companions: (job: Job) => WriteStatement[],
    inRequest = false,
  ): Promise<{ job: Job; enqueued: boolean }> {
    if (upload.size === 0) throw new ApiError('invalid_file_format', 'The file is empty (0 bytes).', { reason: 'empty_file' });
    const { fileType } = upload;
    if (!fileType) throw unknownFileFormat();
    const reservation = await this.#reserveWithinQuota(principal.organizationId, upload.size);
    try {
      return await this.#storeAndInsert(principal, upload, fileType, fields, engine, idempotencyKey, companions, inRequest);
    } finally {
      await reservation?.release();
    }
  }

  async #storeAndInsert(
    principal: Principal,
    upload: Upload,
    fileType: FileType,
    fields: SubmissionFields,
    engine: JobEngine,
    idempotencyKey: string | undefined,
    companions: (job: Job) => WriteStatement[],
    inRequest: boolean,
  ): Promise<{ job: Job; enqueued: boolean }> {
    const fileKey = await this.#deps.fileStore.put(upload.filepath, { organizationId: principal.organizationId });
    upload.stored = true;
    const now = this.#deps.clock();
    const job: Job = {
      id: timeOrderedUuid(now.getTime()),
      organizationId: principal.organizationId,
      apiKeyId: principal.kind === 'apiKey' ? principal.apiKeyId : null,
      service: fields.service ?? 'documents',
      status: inRequest ? 'processing' : 'pending',
      progress: 0,
      fileName: safeFileName(upload.originalFilename, fileType),
      fileType,
      fileKey,
      fileSize: upload.size,
      typeHint: fields.documentType ?? null,
      engine,
      aiModel: null,
      webhookUrl: fields.webhookUrl ?? null,
      metadata: fields.metadata ?? null,
      documentType: null,
      classificationConfidence: null,
      alternativeTypes: null,
      extractedData: null,
      fieldDetails: null,
      findings: null,
      analysis: null,
      pages: null,
      correctedData: null,
      correctedAt: null,
      correctedBy: null,
      error: null,
      attempts: inRequest ? 1 : 0,
      processingTime: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    };
    const idempotency = idempotencyKey ? { organizationId: job.organizationId, key: idempotencyKey, jobId: job.id, createdAt: job.createdAt } : null;
    try {
      const entry = inRequest ? null : await this.#deps.jobQueue.entryStatement(PROCESS_DOCUMENT, { jobId: job.id }, { jobKey: job.id });
      await this.#deps.jobRepository.insertWith(job, idempotency, [...companions(job), ...(entry ? [entry] : [])]);
      return { job, enqueued: entry !== null };
    } catch (error) {
      await this.#deps.fileStore.delete(fileKey);
      throw error;
    }
  }

  /**
   * Reserves the file's bytes (StorageReservations), then refuses it if it would take the
   * organization's stored files, with the other submissions under way, past its quota (0: no quota,
   * no reservation). The reservation is held until the job row is written.
   */
  async #reserveWithinQuota(organizationId: string, fileBytes: number): Promise<Reservation | null> {
    const quotaBytes = this.#deps.config.limits.storageQuotaBytes;
    if (quotaBytes === 0) return null;
    const reservation = await this.#deps.storageReservations.reserve(organizationId, fileBytes);
    const usedBytes = (await this.#deps.jobRepository.storedBytes(organizationId).catch(async (error: unknown) => {
      await reservation.release();
      throw error;
    })) + reservation.othersBytes;
    if (usedBytes + fileBytes <= quotaBytes) return reservation;
    await reservation.release();
    throw new ApiError(
      'quota_exceeded',
      `The organization's storage quota of ${quotaBytes} bytes would be exceeded: ${usedBytes} bytes are stored or being stored and this file has ${fileBytes}. Delete jobs you no longer need to free space.`,
      { quotaBytes, usedBytes, fileBytes },
    );
  }

  async #replay(organizationId: string, key: string): Promise<Submitted | null> {
    const record = await this.#deps.jobRepository.findIdempotency(organizationId, key);
    if (!record) return null;
    const job = await this.#deps.jobRepository.find(record.jobId);
    if (!job || this.#deps.clock().getTime() - record.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      await this.#deps.jobRepository.deleteIdempotency(organizationId, key);
      return null;
    }
    return { body: creationView(job, this.#deps.config.publicUrl), replayed: true };
  }

  async #enqueue(job: Job): Promise<void> {
    try {
      await this.#deps.jobQueue.enqueue(PROCESS_DOCUMENT, { jobId: job.id }, { jobKey: job.id });
    } catch (error) {
      // The job row is written; the sweeper enqueues pending jobs that have no queue entry.
      this.#deps.logger.warn({ err: error, jobId: job.id }, 'enqueue failed; the sweeper will retry');
    }
  }

  /** The cached record goes too, to free its memory (a cached record is never served once its job is gone). */
  async #discard(job: Job): Promise<void> {
    await this.#deps.jobRepository.delete(job.id);
    this.#deps.jobRecordCache.evict(job.id);
    if (job.fileKey) await this.#deps.fileStore.delete(job.fileKey);
  }
}

/** The client's file name without any directory part or control characters, for display only. */
export function safeFileName(name: string | null, fileType: string): string {
  const base = path.basename(String(name ?? '').replace(/\\/g, '/'));
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : `document.${fileType === 'jpeg' ? 'jpg' : fileType}`;
}
