import type { Docsift } from '@docsift/core';
import type { Corrector, Job } from '../persistence/entities/job.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import { EXTRACTION_SERVICE } from '../persistence/template.repository.js';
import type { WebhookOutbox } from '../webhooks/webhook-outbox.service.js';
import { ApiError, badRequest, notFound } from './errors.js';
import type { JobRecordCache } from './job-record-cache.js';
import { ANALYSIS_TASK_SERVICE } from './job-surfaces.js';
import { recordView } from './job-view.js';
import type { Principal } from './principal.js';

/** The largest corrected record, as compact JSON (1 MB, binary). */
export const MAX_CORRECTED_DATA_BYTES = 1_048_576;

export interface JobCorrectionServiceDeps {
  jobRepository: JobRepository;
  jobRecordCache: JobRecordCache;
  webhookOutbox: WebhookOutbox;
  docsift: Docsift;
  clock: () => Date;
}

/**
 * Corrected records of completed document and lending jobs (docs/api.md, "Corrections"): a user's
 * full record of the job's data, stored beside the engine's `extractedData`, which never changes.
 * Storing one sends `extraction.corrected` to the organization's webhook configurations, written in
 * the correction's transaction like any delivery.
 */
export class JobCorrectionService {
  readonly #deps: JobCorrectionServiceDeps;

  constructor(deps: JobCorrectionServiceDeps) {
    this.#deps = deps;
  }

  /** Replaces the job's correction with `data`; answers the job record with it. */
  async correct(principal: Principal, jobId: string, data: unknown): Promise<Record<string, unknown>> {
    const corrected = checkedData(data);
    const job = await this.#completedJob(principal, jobId);
    this.#checkLegacyLayout(job, corrected);
    const correction = { correctedData: corrected, correctedAt: this.#deps.clock(), correctedBy: correctorOf(principal) };
    const updated: Job = { ...job, ...correction };
    const deliveries = await this.#deps.webhookOutbox.correctionDeliveriesFor(updated);
    await this.#write(updated, correction, deliveries);
    await this.#deps.webhookOutbox.dispatch(deliveries);
    return recordView(updated, 'primary', this.#deps.docsift);
  }

  /** Removes the job's correction (nothing to remove is no error); no webhook is sent. */
  async remove(principal: Principal, jobId: string): Promise<void> {
    const job = await this.#completedJob(principal, jobId);
    await this.#write(job, { correctedData: null, correctedAt: null, correctedBy: null }, []);
  }

  /** A record the type's legacy mapping cannot read would break `?layout=legacy` reads of the job: refused. */
  #checkLegacyLayout(job: Job, corrected: Record<string, unknown>): void {
    const legacy = job.documentType ? this.#deps.docsift.registry.plugin(job.documentType)?.legacy : undefined;
    if (!legacy) return;
    try {
      legacy.toLegacy(corrected);
    } catch {
      throw badRequest(`"data" does not have the shape of a ${job.documentType} record (its legacy layout cannot be made from it).`);
    }
  }

  async #completedJob(principal: Principal, jobId: string): Promise<Job> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    // The surfaces GET /api/documents/extract/{jobId} reads; extractions by template have their own corrections (docs/consumer.md).
    if (!job || job.service === EXTRACTION_SERVICE || job.service === ANALYSIS_TASK_SERVICE) throw notFound('Job');
    if (job.status !== 'completed') throw notCompleted(job);
    return job;
  }

  async #write(job: Job, correction: Pick<Job, 'correctedData' | 'correctedAt' | 'correctedBy'>, deliveries: Parameters<JobRepository['correct']>[2]): Promise<void> {
    const written = await this.#deps.jobRepository.correct(job.id, correction, deliveries);
    this.#deps.jobRecordCache.evict(job.id);
    if (!written) throw notFound('Job');
  }
}

/** A JSON object (not an array, not null) of at most MAX_CORRECTED_DATA_BYTES as compact JSON. */
function checkedData(data: unknown): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest('"data" must be a JSON object: the full corrected record, of the same shape as the job\'s extractedData.');
  }
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > MAX_CORRECTED_DATA_BYTES) {
    throw new ApiError('file_too_large', `The corrected record is ${bytes} bytes as JSON; at most ${MAX_CORRECTED_DATA_BYTES} bytes are accepted.`, {
      bytes,
      maxBytes: MAX_CORRECTED_DATA_BYTES,
    });
  }
  return data as Record<string, unknown>;
}

function notCompleted(job: Job): ApiError {
  return new ApiError('conflict', `The job is ${job.status}: only a completed job can be corrected.`, { status: job.status });
}

function correctorOf(principal: Principal): Corrector {
  return principal.kind === 'session' ? { kind: 'user', id: principal.userId } : { kind: 'apiKey', id: principal.apiKeyId };
}
