import { isAiProviderError, isDocsiftError, parseLearnedLayout, type AiProviderError, type DocumentReviewer, type LearnedLayout } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { EnginePool } from '../engine/index.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { TemplateExtraction } from '../persistence/entities/template.entities.js';
import type { LearnedLayoutRepository } from '../persistence/learned-layout.repository.js';
import { EXTRACTION_SERVICE, type TemplateRepository } from '../persistence/template.repository.js';
import type { EngineCallOptions } from '../engine/engine-protocol.js';
import type { JobContext, JobQueue } from '../queue/index.js';
import type { Metrics } from '../observability/metrics.js';
import type { FileStore } from '../storage/file-store.js';
import { ANALYSIS_TASK_SERVICE, LEGACY_SYNC_SERVICE, TASK_TIME_LIMIT_MS } from './job-surfaces.js';
import { ANALYSIS_ENGINE_OPTIONS, analysisOf, type ModelReviewChoice } from './analysis-task.js';
import { JobDeadline, type DeadlineSettings } from './job-deadline.js';
import { readResultOf } from './extraction-view.js';
import type { TypeService } from './type.service.js';
import type { WebhookOutbox } from '../webhooks/webhook-outbox.service.js';
import { PROCESS_DOCUMENT } from './document.service.js';

export interface DocumentJobData {
  jobId: string;
}

export interface DocumentJobRunnerDeps {
  config: Config;
  jobRepository: JobRepository;
  fileStore: FileStore;
  enginePool: EnginePool;
  typeService: TypeService;
  templateRepository: TemplateRepository;
  learnedLayoutRepository: LearnedLayoutRepository;
  webhookOutbox: WebhookOutbox;
  jobQueue: JobQueue;
  logger: Logger;
  clock: () => Date;
  metrics: Metrics;
  /** The lending variant's types (the plugins that declare lending support); a lending job's engine is limited to them. */
  lendingTypes: readonly string[];
  /** The configured AI model's reviewer (an analysis task's model review); null without a model. */
  documentReviewer: DocumentReviewer | null;
}

/** Progress is written to the row in steps of at least this many points. */
const PROGRESS_STEP = 5;
const FINAL_FAILURE_MESSAGE = 'The document could not be processed.';
const INTERRUPTED_IN_REQUEST_MESSAGE = 'The request that ran this job ended before the job finished; submit the document again.';
const TASK_TIME_LIMIT_MESSAGE = `The task did not finish within its limit of ${TASK_TIME_LIMIT_MS / 1000} s from its creation.`;
/**
 * What a job failed by the AI model says. Never the provider's own words: an error body may quote
 * the request, the key or the document, and the model's answer is not ours to show.
 */
const AI_FAILURE_MESSAGES: Record<AiProviderError['code'], string> = {
  ai_request_failed: 'The AI model could not be reached or refused the request. Submit the document again later, or with model "local".',
  ai_invalid_output: 'The AI model did not answer with valid data, even when asked again. Submit the document again, or with model "local".',
};

/**
 * The queue handler of one document job: runs the engine in the pool, moves progress 0→100 and
 * writes the outcome with its webhook deliveries. Idempotent: a finished or deleted job is left
 * alone. Every attempt that starts is counted on the job row, so an attempt whose worker died
 * counts as well; a job taken up again after its last allowed attempt fails, unless its row shows
 * that attempt is still alive (a running attempt touches the row at least every third of a lease).
 * An organization runs at most `jobs.concurrencyPerOrganization` jobs at once; its further jobs wait
 * in the queue without using an attempt. The engine gets the job's deadline (`JobDeadline`) as an
 * abort signal; a job past it fails with a message that says so.
 */
export class DocumentJobRunner {
  readonly #deps: DocumentJobRunnerDeps;

  constructor(deps: DocumentJobRunnerDeps) {
    this.#deps = deps;
  }

  async run({ jobId }: DocumentJobData, context: JobContext): Promise<void> {
    const { jobRepository, clock } = this.#deps;
    const job = await jobRepository.find(jobId);
    if (!job || !job.fileKey || job.status === 'completed' || job.status === 'failed') return;
    const extraction = job.service === EXTRACTION_SERVICE ? await this.#deps.templateRepository.findExtraction(jobId) : null;
    // An extraction by template whose own row is gone was deleted meanwhile.
    if (job.service === EXTRACTION_SERVICE && !extraction) return;
    const attempt = job.attempts + 1;
    const log = this.#deps.logger.child({ jobId, orgId: job.organizationId, attempt });
    // Run inside its request, which stopped touching the row: the process serving it died (the sweeper queued it).
    if (job.service === LEGACY_SYNC_SERVICE) {
      if (await this.#fail(job, INTERRUPTED_IN_REQUEST_MESSAGE, log)) log.warn('job failed: the request running it ended before it finished');
      return;
    }
    if (job.service === ANALYSIS_TASK_SERVICE && clock().getTime() - job.createdAt.getTime() >= TASK_TIME_LIMIT_MS) {
      if (await this.#fail(job, TASK_TIME_LIMIT_MESSAGE, log)) log.warn('task failed: past its time limit before it could run');
      return;
    }
    if (job.attempts >= context.maxAttempts) {
      const idleMs = clock().getTime() - job.updatedAt.getTime();
      if (idleMs <= this.#deps.config.jobs.lockLifetimeMs) {
        log.warn({ attempts: job.attempts, idleMs }, 'job left to its last attempt, which is still running elsewhere (its row was touched within a lease)');
        return;
      }
      if (await this.#fail(job, FINAL_FAILURE_MESSAGE, log)) {
        log.error({ attempts: job.attempts, idleMs }, 'job failed: its last allowed attempt never finished (the worker died)');
      }
      return;
    }
    // Another entry of the job (its own, or one given a freed place) runs it: a live attempt touches the row every third of a lease.
    if (job.status === 'processing' && clock().getTime() - job.updatedAt.getTime() < this.#deps.config.jobs.lockLifetimeMs / 2) return;
    const started = clock();
    const aiModel = job.engine === 'model' ? (this.#deps.config.ai?.model ?? null) : null;
    const start = await this.#start(job, { progress: 0, error: null, aiModel, updatedAt: started });
    if (start === 'busy') {
      // Started sooner when a place frees (#offerFreedPlace); two polls away, the entry holds no worker's place while it waits.
      context.deferUntil(new Date(clock().getTime() + 2 * this.#deps.config.queue.pollMs));
      log.debug({ cap: this.#deps.config.jobs.concurrencyPerOrganization }, 'job waits: its organization runs as many jobs as it may');
      return;
    }
    if (start === 'lost') return;
    const progress = this.#rowWriter(jobId, context, log);
    const deadline = new JobDeadline(this.#deadlineOf(job));
    try {
      const options = await this.#engineOptions(job, started, extraction, log);
      const result = await this.#deps.fileStore.withLocalFile(job.fileKey, (file) =>
        this.#deps.enginePool.process(file, options, progress.report, {
          signal: AbortSignal.any([deadline.signal, context.signal]),
          onStart: () => deadline.start(),
          onPageCount: (pageCount) => deadline.setPageCount(pageCount),
        }),
      );
      await progress.settled();
      this.#deps.metrics.engineRun(result);
      // Kept before the outcome is written, so a correction of a completed extraction can find its values on the page.
      if (extraction) await this.#deps.templateRepository.saveReadResult(jobId, readResultOf(result.document));
      const task = job.service === ANALYSIS_TASK_SERVICE ? await analysisOf(result, this.#modelReview(job, deadline.signal)) : null;
      if (task && 'error' in task) {
        if (await this.#fail(job, task.error, log)) log.info({ documentType: result.documentType }, 'task failed: not a statement of repair');
        return;
      }
      const done = clock();
      const kept = await this.#finish(job, 'completed', {
        progress: 100,
        fileType: result.fileType,
        documentType: result.documentType,
        classificationConfidence: result.classificationConfidence,
        alternativeTypes: result.alternativeTypes,
        extractedData: result.extractedData,
        fieldDetails: result.fieldDetails,
        findings: result.findings,
        analysis: task?.analysis ?? null,
        pages: result.pages ?? null,
        processingTime: Math.round(done.getTime() - started.getTime()) / 1000,
        completedAt: done,
        updatedAt: done,
      }, log);
      if (kept) log.info({ documentType: result.documentType, ms: done.getTime() - started.getTime() }, 'job completed');
    } catch (error) {
      await progress.settled();
      if (context.handedBack()) return this.#handBack(job, log);
      await this.#attemptFailed(job, error, { deadline, attempt, context, aiModel, log });
    } finally {
      deadline.clear();
      await this.#offerFreedPlace(job.organizationId, log);
    }
  }

  /**
   * This attempt's place in its organization's cap is free: the organization's oldest job that never
   * started gets a second entry, due now (waking an idle worker in any process), instead of waiting
   * for its own entry's next look. Whichever entry starts the job, the other then finds it running
   * and ends. Jobs waiting to be retried keep their backoff.
   */
  async #offerFreedPlace(organizationId: string, log: Logger): Promise<void> {
    if (this.#deps.config.jobs.concurrencyPerOrganization === 0) return;
    try {
      const next = await this.#deps.jobRepository.oldestNeverStarted(organizationId);
      if (next) await this.#deps.jobQueue.enqueue(PROCESS_DOCUMENT, { jobId: next }, { jobKey: `${next}:place-freed` });
    } catch (error) {
      log.warn({ err: error }, "could not offer the freed place; the organization's next job starts at its own entry's next look");
    }
  }

  /**
   * An extraction by template reads its template's fields (as submitted) with the local engine and
   * the layouts the organization's template learned from corrections; other jobs classify first.
   */
  async #engineOptions(job: Job, started: Date, extraction: TemplateExtraction | null, log: Logger): Promise<EngineCallOptions> {
    const common = { typeHint: job.typeHint ?? undefined, extraEntries: await this.#deps.typeService.extraEntries(job.organizationId), now: started.toISOString() };
    if (extraction) {
      return { ...common, engine: 'local', template: { fields: extraction.fields }, learnedLayouts: await this.#learnedLayouts(extraction, log) };
    }
    if (job.service === ANALYSIS_TASK_SERVICE) return { ...common, ...ANALYSIS_ENGINE_OPTIONS };
    // A lending job is only ever one of the lending types; anything else completes as unknown.
    return { ...common, allowedTypes: job.service === 'lending' ? [...this.#deps.lendingTypes] : undefined, engine: job.engine };
  }

  /** A task whose `model` named the configured model gets its review; `useChunking` is kept in the task's metadata. */
  #modelReview(job: Job, signal: AbortSignal): ModelReviewChoice | null {
    if (job.engine !== 'model') return null;
    return { reviewer: this.#deps.documentReviewer, useChunking: job.metadata?.useChunking === true, signal };
  }

  /** A stored layout this engine cannot read (another version) is left out, and the extraction reads without it. */
  async #learnedLayouts(extraction: TemplateExtraction, log: Logger): Promise<LearnedLayout[]> {
    const records = await this.#deps.learnedLayoutRepository.forTemplate(extraction.organizationId, extraction.templateId);
    return records.flatMap((record) => {
      try {
        return [parseLearnedLayout(record.layout)];
      } catch (error) {
        log.warn({ err: error, learnedLayoutId: record.id }, 'a learned layout was left out: the engine cannot read it');
        return [];
      }
    });
  }

  /** Fails the job when retrying cannot help or no attempt is left; else puts it back to `pending` and rethrows for the queue's retry. */
  async #attemptFailed(
    job: Job,
    error: unknown,
    { deadline, attempt, context, aiModel, log }: { deadline: JobDeadline; attempt: number; context: JobContext; aiModel: string | null; log: Logger },
  ): Promise<void> {
    // Another attempt would overrun the same deadline.
    if (deadline.expired) {
      if (await this.#fail(job, deadline.message, log)) {
        log.warn({ pageCount: deadline.pageCount, deadlineMs: deadline.allowedMs }, 'job failed: past its deadline; the engine stopped it');
      }
      return;
    }
    // Bad input fails the same way on every attempt: it is the job's outcome, not a failed attempt.
    if (isDocsiftError(error)) {
      if (await this.#fail(job, error.message, log)) log.info({ code: error.code }, 'job failed: document refused by the engine');
      return;
    }
    // The client has retried the request already; the caller decides whether to try again, perhaps locally.
    if (isAiProviderError(error)) {
      if (await this.#fail(job, AI_FAILURE_MESSAGES[error.code], log)) log.warn({ code: error.code, model: aiModel }, 'job failed: the AI model failed');
      return;
    }
    if (attempt >= context.maxAttempts) {
      if (await this.#fail(job, FINAL_FAILURE_MESSAGE, log)) log.error({ err: error }, 'job failed after its last attempt');
      return;
    }
    await this.#deps.jobRepository.transition(job.id, 'pending', { updatedAt: this.#deps.clock() });
    log.warn({ err: error }, 'job attempt failed');
    throw error;
  }

  /** The worker stops and gives the job back before it finished: the row waits again with this attempt uncounted (the queue runs it elsewhere). */
  async #handBack(job: Job, log: Logger): Promise<void> {
    await this.#deps.jobRepository.update(job.id, ['processing'], { status: 'pending', attempts: job.attempts, progress: 0, updatedAt: this.#deps.clock() });
    log.info('job handed back: the worker is stopping');
  }

  /** The model's requests (classification and extraction, each with its retries) come on top of the base; a task has its own limit. */
  #deadlineOf(job: Job): DeadlineSettings {
    if (job.service === ANALYSIS_TASK_SERVICE) {
      const leftMs = Math.max(1, TASK_TIME_LIMIT_MS - (this.#deps.clock().getTime() - job.createdAt.getTime()));
      return { baseMs: leftMs, perPageMs: 0, maxMs: leftMs };
    }
    const { deadline } = this.#deps.config.jobs;
    const ai = this.#deps.config.ai;
    if (job.engine !== 'model' || !ai) return deadline;
    return { ...deadline, baseMs: deadline.baseMs + 2 * ai.timeoutMs * (ai.maxRetries + 1) };
  }

  /**
   * Starts the attempt on the row, unless the organization already runs its cap of jobs (`busy`;
   * counted from the rows in the same statement, so across all workers) or another worker started
   * it (`lost`).
   */
  async #start(job: Job, change: Partial<Job>): Promise<'started' | 'busy' | 'lost'> {
    const { jobRepository, config, clock } = this.#deps;
    const cap = config.jobs.concurrencyPerOrganization;
    if (cap === 0) return (await jobRepository.startAttempt(job.id, job.attempts, change)) ? 'started' : 'lost';
    const liveSince = new Date(clock().getTime() - config.jobs.lockLifetimeMs);
    return jobRepository.startAttemptWithinCap(job.id, job.attempts, change, { organizationId: job.organizationId, cap, liveSince });
  }

  /** After the last attempt: the job fails with a message safe to show. */
  async failFinally({ jobId }: DocumentJobData): Promise<void> {
    const job = await this.#deps.jobRepository.find(jobId);
    if (job) await this.#fail(job, FINAL_FAILURE_MESSAGE, this.#deps.logger.child({ jobId, orgId: job.organizationId }));
  }

  #fail(job: Job, message: string, log: Logger): Promise<boolean> {
    return this.#finish(job, 'failed', { error: message, updatedAt: this.#deps.clock() }, log);
  }

  /**
   * The outcome and its webhook deliveries in one transaction, then the deliveries' first attempts
   * queued. False, with "result discarded" logged, when the job was already finished (by another
   * attempt) or deleted.
   */
  async #finish(job: Job, to: 'completed' | 'failed', change: Partial<Job>, log: Logger): Promise<boolean> {
    const { jobRepository, webhookOutbox } = this.#deps;
    const deliveries = await webhookOutbox.deliveriesFor({ ...job, ...change, status: to });
    const kept = await jobRepository.finish(job.id, to, change, deliveries);
    if (kept) {
      this.#deps.metrics.jobFinished(to);
      await webhookOutbox.dispatch(deliveries);
    } else log.warn({ outcome: to }, 'result discarded: the job was already finished by another attempt, or deleted');
    return kept;
  }

  /**
   * Writes progress (in steps, each also renewing the lease) and, every third of a lease, touches
   * the row, so `updatedAt` shows the attempt is alive even when the queue cannot renew its lease.
   * The touches stop when the attempt settles or the queue gives up on it (it is stopping).
   */
  #rowWriter(jobId: string, context: JobContext, log: Logger) {
    const { jobRepository, clock, config } = this.#deps;
    let written = 0;
    let chain: Promise<unknown> = Promise.resolve();
    const write = (change: Partial<Job>, then: () => Promise<void> = async () => undefined) => {
      chain = chain
        .then(() => jobRepository.update(jobId, ['processing'], { ...change, updatedAt: clock() }))
        .then(then)
        .catch((error: unknown) => log.warn({ err: error }, 'progress write failed'));
    };
    const heartbeat = setInterval(() => write({}), Math.floor(config.jobs.lockLifetimeMs / 3));
    heartbeat.unref();
    const stopHeartbeat = () => clearInterval(heartbeat);
    context.signal.addEventListener('abort', stopHeartbeat, { once: true });
    return {
      report: (value: number) => {
        if (value - written < PROGRESS_STEP || value >= 100) return;
        written = value;
        write({ progress: value }, () => context.touch(value));
      },
      settled: () => {
        stopHeartbeat();
        context.signal.removeEventListener('abort', stopHeartbeat);
        return chain;
      },
    };
  }
}
