import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config/config.js';
import type { Submitted } from '../common/submission.js';
import type { Upload } from '../common/upload.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { DocumentService } from './document.service.js';
import { ApiError, notFound } from './errors.js';
import { ANALYSIS_TASK_SERVICE, LEGACY_SYNC_SERVICE } from './job-surfaces.js';
import type { LegacyExtractionService, StoredPacket } from './legacy-extraction.service.js';
import { hasScope, type Principal } from './principal.js';

export interface TaskFields {
  /** `local` (default), or the configured AI model (services/model-choice.ts), which then reviews the statement after the local analysis. */
  model?: string;
  /** The model review sends the statement section by section (`'true'`); kept in the task's metadata. */
  useChunking?: 'true' | 'false';
}

export interface TaskServiceDeps {
  config: Config;
  documentService: DocumentService;
  jobRepository: JobRepository;
  legacyExtractionService: LegacyExtractionService;
  clock: () => Date;
}

/** How often a request that runs a task waits before it reads the task's row again. */
const POLL_MS = 250;

/**
 * Statement-of-repair analysis tasks: queued jobs (service `analysis`) that extract a statement of
 * repair and analyse it (the document job runner does the work), read through the task status
 * endpoints; and the legacy view of any task, legacy synchronous runs included.
 */
export class TaskService {
  readonly #deps: TaskServiceDeps;

  constructor(deps: TaskServiceDeps) {
    this.#deps = deps;
  }

  /** Queues the task: `{taskId, status: "pending", statusUrl}` (again for a replayed Idempotency-Key). */
  trigger(principal: Principal, upload: Upload, fields: TaskFields, idempotencyKey?: string): Promise<Submitted> {
    const metadata = fields.useChunking === 'true' ? { useChunking: true } : undefined;
    return this.#deps.documentService.submit(principal, upload, { model: fields.model, metadata, service: ANALYSIS_TASK_SERVICE }, idempotencyKey);
  }

  /**
   * Queues the task and waits for its outcome, at most `jobs.legacySyncTimeoutMs`: the task status
   * of the finished task. Past the limit the task goes on, and the error names where to poll it.
   */
  async runInRequest(principal: Principal, upload: Upload, fields: TaskFields): Promise<Record<string, unknown>> {
    const { config, jobRepository, clock } = this.#deps;
    const { body } = await this.trigger(principal, upload, fields);
    const taskId = String(body.taskId);
    const limitMs = config.jobs.legacySyncTimeoutMs;
    const until = clock().getTime() + limitMs;
    for (;;) {
      const job = await jobRepository.find(taskId);
      if (!job) throw notFound('Task');
      if (job.status === 'completed' || job.status === 'failed') return statusView(job);
      if (clock().getTime() >= until) {
        throw new ApiError(
          'service_unavailable',
          `The analysis did not finish within the synchronous time limit of ${limitMs / 1000} s; it goes on as task ${taskId}: poll ${body.statusUrl}.`,
          { reason: 'sync_time_limit', limitMs, taskId, statusUrl: body.statusUrl },
        );
      }
      await sleep(POLL_MS);
    }
  }

  /** `{taskId, status, progress, result?, error?, createdAt, updatedAt, completedAt?}` of one of the organization's analysis tasks. */
  async status(principal: Principal, taskId: string): Promise<Record<string, unknown>> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, taskId);
    if (job?.service !== ANALYSIS_TASK_SERVICE) throw notFound('Task');
    return statusView(job);
  }

  /** Deletes one of the organization's analysis tasks with its uploaded statement and its result (a running task too: its result is dropped). */
  delete(principal: Principal, taskId: string): Promise<void> {
    return this.#deps.documentService.remove(principal, taskId, ANALYSIS_TASK_SERVICE);
  }

  /**
   * The legacy view of a task (an analysis task, or a run of the legacy synchronous form):
   * `{taskId, status, progress, result?, error?}`, `result` in the legacy synchronous response's shape.
   */
  async legacyStatus(principal: Principal, taskId: string): Promise<Record<string, unknown>> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, taskId);
    if (!job || (job.service !== ANALYSIS_TASK_SERVICE && job.service !== LEGACY_SYNC_SERVICE)) throw notFound('Task');
    // A legacy run holds extracted documents and split links: the documents surface's scope reads them.
    if (job.service === LEGACY_SYNC_SERVICE && !hasScope(principal, 'documents:read')) throw notFound('Task');
    const view: Record<string, unknown> = { taskId: job.id, status: job.status, progress: job.progress };
    if (job.status === 'completed') view.result = this.#legacyResult(job);
    if (job.status === 'failed' && job.error) view.error = job.error;
    return view;
  }

  #legacyResult(job: Job): Record<string, unknown> {
    const processingMs = Math.round((job.processingTime ?? 0) * 1000);
    const signedAt = job.completedAt ?? job.updatedAt;
    if (job.service === LEGACY_SYNC_SERVICE) return this.#deps.legacyExtractionService.view(job.id, job.extractedData as unknown as StoredPacket, processingMs, signedAt);
    const { pageCount, ...analysis } = job.analysis as { pageCount: number };
    const packet: StoredPacket = {
      pageCount,
      documents: [
        {
          documentType: job.documentType ?? 'unknown',
          pages: [1, pageCount],
          confidence: job.classificationConfidence ?? 0,
          classificationConfidence: job.classificationConfidence ?? 0,
          alternativeTypes: job.alternativeTypes ?? [],
          extractedData: job.extractedData,
          fieldDetails: job.fieldDetails ?? {},
          findings: job.findings ?? [],
        },
      ],
      unextractedParts: [],
      options: {},
    };
    const result = this.#deps.legacyExtractionService.view(job.id, packet, processingMs, signedAt);
    (result.documents as Array<Record<string, unknown>>)[0]!.analysis = analysis;
    return result;
  }
}

/** The task status of the interface (CONTRACT: task-status); `result` once completed. */
function statusView(job: Job): Record<string, unknown> {
  const view: Record<string, unknown> = { taskId: job.id, status: job.status, progress: job.progress };
  if (job.status === 'completed' && job.analysis) {
    const { pageCount: _pageCount, ...analysis } = job.analysis;
    view.result = { documentType: job.documentType, extractedData: job.extractedData, findings: job.findings ?? [], analysis };
  }
  if (job.status === 'failed' && job.error) view.error = job.error;
  view.createdAt = job.createdAt.toISOString();
  view.updatedAt = job.updatedAt.toISOString();
  if (job.completedAt) view.completedAt = job.completedAt.toISOString();
  return view;
}
