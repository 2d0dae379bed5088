import { randomUUID } from 'node:crypto';
import { buildSubmissionPayload, type SubmissionPayload } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { WebhookDelivery } from '../persistence/entities/webhook.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { WebhookRepository } from '../persistence/webhook.repository.js';
import type { JobQueue } from '../queue/index.js';
import { isUniqueViolation } from './account.service.js';

export const DELIVER_WEBHOOK = 'deliver-webhook';
export const SWEEP_WEBHOOKS = 'sweep-webhooks';
export const PURGE_WEBHOOKS = 'purge-webhooks';

/** A queue entry runs one attempt of one delivery. */
export interface DeliveryJobData {
  deliveryId: string;
  attempt: number;
}

/** The queue key of one attempt: a retry is a new entry, while the entry of the attempt before it still runs. */
export const deliveryJobKey = (deliveryId: string, attempt: number) => `${deliveryId}:${attempt}`;

/** Attempts for a submission's webhookUrl (CONTRACT §10). */
export const SUBMISSION_ATTEMPTS = 5;
const FAILED_MESSAGE = 'The document could not be processed.';
const SWEEP_GRACE_MS = 60_000;
const SWEEP_WINDOW_MS = 24 * 3_600_000;
const BATCH = 200;

export interface WebhookOutboxDeps {
  config: Config;
  jobRepository: JobRepository;
  webhookRepository: WebhookRepository;
  webhookQueue: JobQueue;
  logger: Logger;
  clock: () => Date;
}

/**
 * The outbox: a finished job gets one delivery row per active configuration of its organization
 * (and one for its webhookUrl), written in one transaction with the job's mark, then one queue
 * entry each. The sweeper writes the rows of finished jobs that have no mark (a crash between
 * the job result and the outbox) and re-enqueues pending deliveries that lost their queue entry.
 */
export class WebhookOutbox {
  readonly #deps: WebhookOutboxDeps;

  constructor(deps: WebhookOutboxDeps) {
    this.#deps = deps;
  }

  /** Called after a job's result is written; never throws (the sweeper catches up). */
  async jobFinished(jobId: string): Promise<void> {
    try {
      const job = await this.#deps.jobRepository.find(jobId);
      if (job && (job.status === 'completed' || job.status === 'failed')) await this.#write(job);
    } catch (error) {
      this.#deps.logger.warn({ err: error, jobId }, 'webhook outbox write failed; the sweeper will retry');
    }
  }

  /** Queues one attempt; a failure is logged (the sweeper re-enqueues overdue deliveries). */
  async schedule(deliveryId: string, attempt: number, runAt: Date): Promise<void> {
    try {
      await this.#deps.webhookQueue.enqueue<DeliveryJobData>(DELIVER_WEBHOOK, { deliveryId, attempt }, { jobKey: deliveryJobKey(deliveryId, attempt), runAt });
    } catch (error) {
      this.#deps.logger.warn({ err: error, deliveryId, attempt }, 'webhook enqueue failed; the sweeper will retry');
    }
  }

  async sweep(): Promise<{ outboxed: number; enqueued: number }> {
    const { webhookRepository, webhookQueue, clock } = this.#deps;
    const now = clock().getTime();
    const finished = await webhookRepository.listFinishedWithoutOutbox(new Date(now - SWEEP_WINDOW_MS), new Date(now - SWEEP_GRACE_MS), BATCH);
    for (const job of finished) await this.#write(job);
    let enqueued = 0;
    for (const delivery of await webhookRepository.listOverdue(new Date(now - SWEEP_GRACE_MS), BATCH)) {
      const attempt = delivery.attemptCount + 1;
      if (await webhookQueue.hasPendingEntry(DELIVER_WEBHOOK, deliveryJobKey(delivery.id, attempt))) continue;
      await this.schedule(delivery.id, attempt, new Date(now));
      enqueued += 1;
    }
    if (finished.length + enqueued > 0) this.#deps.logger.warn({ outboxed: finished.length, enqueued }, 'webhook sweeper caught up');
    return { outboxed: finished.length, enqueued };
  }

  /** Finished deliveries and outbox marks go after DOCSIFT_RETENTION_DAYS, like the jobs they report. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.#deps.clock().getTime() - this.#deps.config.retentionDays * 86_400_000);
    const deleted = await this.#deps.webhookRepository.deleteFinishedBefore(cutoff);
    if (deleted > 0) this.#deps.logger.info({ deliveries: deleted }, 'webhook retention purge');
    return deleted;
  }

  async #write(job: Job): Promise<void> {
    const now = this.#deps.clock();
    const payload = submissionPayload(job);
    const configs = await this.#deps.webhookRepository.listActiveConfigs(job.organizationId);
    const deliveries = configs.map((config) => newDelivery(job, payload, now, { webhookId: config.id, url: null, maxAttempts: config.retryEnabled ? config.maxRetries : 1 }));
    if (job.webhookUrl) deliveries.push(newDelivery(job, payload, now, { webhookId: null, url: job.webhookUrl, maxAttempts: SUBMISSION_ATTEMPTS }));
    try {
      await this.#deps.webhookRepository.insertOutbox(job.id, deliveries, now);
    } catch (error) {
      if (isUniqueViolation(error)) return;
      throw error;
    }
    for (const delivery of deliveries) await this.schedule(delivery.id, 1, now);
  }
}

function submissionPayload(job: Job): SubmissionPayload {
  if (job.status === 'completed') {
    return buildSubmissionPayload({
      jobId: job.id,
      status: 'completed',
      documentType: job.documentType ?? 'unknown',
      confidence: job.classificationConfidence ?? 0,
      extractedData: job.extractedData,
      metadata: job.metadata,
    });
  }
  return buildSubmissionPayload({
    jobId: job.id,
    status: 'failed',
    error: job.error ?? FAILED_MESSAGE,
    documentType: job.documentType,
    confidence: job.classificationConfidence,
    metadata: job.metadata,
  });
}

function newDelivery(
  job: Job,
  payload: SubmissionPayload,
  now: Date,
  target: Pick<WebhookDelivery, 'webhookId' | 'url' | 'maxAttempts'>,
): WebhookDelivery {
  return {
    id: randomUUID(),
    organizationId: job.organizationId,
    jobId: job.id,
    event: payload.event,
    payload: { ...payload },
    status: 'pending',
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
    ...target,
  };
}
