import { randomUUID } from 'node:crypto';
import { buildSubmissionPayload, type SubmissionPayload, type WebhookEvent } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Job } from '../persistence/entities/job.entities.js';
import type { WebhookDelivery } from '../persistence/entities/webhook.entities.js';
import type { WebhookRepository } from '../persistence/webhook.repository.js';
import type { JobQueue } from '../queue/index.js';
import type { LendingJobView } from '../services/lending-view.js';
import { EXTRACTION_SERVICE, type TemplateRepository } from '../persistence/template.repository.js';
import { extractionPayload } from '../services/extraction-view.js';
import { LEGACY_SYNC_SERVICE } from '../services/job-surfaces.js';

export const DELIVER_WEBHOOK = 'deliver-webhook';
export const SWEEP_WEBHOOKS = 'sweep-webhooks';
export const PURGE_WEBHOOKS = 'purge-webhooks';
const CORRECTED_EVENT = 'extraction.corrected' satisfies WebhookEvent;

/** A queue entry runs one attempt of one delivery. */
export interface DeliveryJobData {
  deliveryId: string;
  attempt: number;
}

/** The queue key of one attempt: a retry is a new entry, while the entry of the attempt before it still runs. */
export const deliveryJobKey = (deliveryId: string, attempt: number) => `${deliveryId}:${attempt}`;

/** Attempts for a submission's webhookUrl (docs/webhooks.md). */
export const SUBMISSION_ATTEMPTS = 5;
const FAILED_MESSAGE = 'The document could not be processed.';
const SWEEP_GRACE_MS = 60_000;
const BATCH = 200;

export interface WebhookOutboxDeps {
  config: Config;
  webhookRepository: WebhookRepository;
  webhookQueue: JobQueue;
  lendingJobView: LendingJobView;
  templateRepository: TemplateRepository;
  logger: Logger;
  clock: () => Date;
}

/**
 * The outbox: a finishing job gets one delivery row per active configuration of its organization
 * (and one for its webhookUrl), written by JobRepository.finish in the transaction of the job's
 * result, then one queue entry each. The sweeper re-enqueues pending deliveries that have no queue
 * entry (a crash after the transaction and before the enqueue, or after an attempt was recorded
 * and before the next was queued, or entries lost by a queue on another store).
 */
export class WebhookOutbox {
  readonly #deps: WebhookOutboxDeps;

  constructor(deps: WebhookOutboxDeps) {
    this.#deps = deps;
  }

  /**
   * The deliveries of `finished` (the job as it is about to be written `completed` or `failed`), not
   * yet saved. The payload is built only when there is a receiver: a job without one never fails to
   * finish on it.
   */
  async deliveriesFor(finished: Job): Promise<WebhookDelivery[]> {
    // A run of the legacy synchronous form answers its own request and sends no webhook (docs/legacy.md).
    if (finished.service === LEGACY_SYNC_SERVICE) return [];
    const now = this.#deps.clock();
    const configs = await this.#deps.webhookRepository.listActiveConfigs(finished.organizationId);
    if (configs.length === 0 && !finished.webhookUrl) return [];
    const payload = finished.service === EXTRACTION_SERVICE ? await this.#extractionPayload(finished) : await this.#payload(finished);
    if (!payload) return [];
    const deliveries = configs.map((config) =>
      newDelivery(finished, payload, now, { webhookId: config.id, url: null, maxAttempts: config.retryEnabled ? config.maxRetries : 1 }),
    );
    if (finished.webhookUrl) deliveries.push(newDelivery(finished, payload, now, { webhookId: null, url: finished.webhookUrl, maxAttempts: SUBMISSION_ATTEMPTS }));
    return deliveries;
  }

  /**
   * The deliveries of a correction just stored (`corrected` as it is about to be written): one
   * `extraction.corrected` per active configuration of its organization, with the submission
   * payload of the corrected record (a lending job's compliance judged on the corrected data) and
   * `correctedAt`. A submission's webhookUrl is not sent corrections, nor is a legacy run's record.
   */
  async correctionDeliveriesFor(corrected: Job): Promise<WebhookDelivery[]> {
    if (corrected.service === LEGACY_SYNC_SERVICE || !corrected.correctedData || !corrected.correctedAt) return [];
    const configs = await this.#deps.webhookRepository.listActiveConfigs(corrected.organizationId);
    if (configs.length === 0) return [];
    const payload = {
      ...(await this.#payload({ ...corrected, extractedData: corrected.correctedData })),
      event: CORRECTED_EVENT,
      correctedAt: corrected.correctedAt.toISOString(),
    };
    const now = this.#deps.clock();
    return configs.map((config) =>
      newDelivery(corrected, payload, now, { webhookId: config.id, url: null, maxAttempts: config.retryEnabled ? config.maxRetries : 1 }, CORRECTED_EVENT),
    );
  }

  /** Queues the first attempt of deliveries just written. */
  async dispatch(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) await this.schedule(delivery.id, 1, delivery.createdAt);
  }

  /** Queues one attempt; a failure is logged (the sweeper re-enqueues overdue deliveries). */
  async schedule(deliveryId: string, attempt: number, runAt: Date): Promise<void> {
    try {
      await this.#deps.webhookQueue.enqueue<DeliveryJobData>(DELIVER_WEBHOOK, { deliveryId, attempt }, { jobKey: deliveryJobKey(deliveryId, attempt), runAt });
    } catch (error) {
      this.#deps.logger.warn({ err: error, deliveryId, attempt }, 'webhook enqueue failed; the sweeper will retry');
    }
  }

  /** Re-enqueues pending deliveries more than a minute overdue that have no queue entry; returns how many. */
  async sweep(): Promise<number> {
    const { webhookRepository, webhookQueue, clock } = this.#deps;
    const now = clock().getTime();
    let enqueued = 0;
    for (const delivery of await webhookRepository.listOverdue(new Date(now - SWEEP_GRACE_MS), BATCH)) {
      const attempt = delivery.attemptCount + 1;
      if (await webhookQueue.hasPendingEntry(DELIVER_WEBHOOK, deliveryJobKey(delivery.id, attempt))) continue;
      await this.schedule(delivery.id, attempt, new Date(now));
      enqueued += 1;
    }
    if (enqueued > 0) this.#deps.logger.warn({ enqueued }, 'webhook sweeper re-enqueued deliveries');
    return enqueued;
  }

  /** Finished deliveries go after DOCSIFT_RETENTION_DAYS, like the jobs they report. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.#deps.clock().getTime() - this.#deps.config.retentionDays * 86_400_000);
    const deleted = await this.#deps.webhookRepository.deleteFinishedBefore(cutoff);
    if (deleted > 0) this.#deps.logger.info({ deliveries: deleted }, 'webhook retention purge');
    return deleted;
  }

  /** An extraction by template's payload is the template payload, for configurations and its webhookUrl alike; null once it is deleted. */
  async #extractionPayload(job: Job): Promise<Record<string, unknown> | null> {
    const extraction = await this.#deps.templateRepository.findExtraction(job.id);
    return extraction ? extractionPayload(job, extraction) : null;
  }

  /** The submission payload; a lending job's adds what its record shows (`service`, `compliance`, `lendingAnalysis`). */
  async #payload(job: Job): Promise<SubmissionPayload> {
    if (job.service !== 'lending') return submissionPayload(job);
    const { subject, members } = await this.#deps.lendingJobView.of(job);
    return { ...submissionPayload(subject), ...members };
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
  payload: Record<string, unknown>,
  now: Date,
  target: Pick<WebhookDelivery, 'webhookId' | 'url' | 'maxAttempts'>,
  event: WebhookEvent = job.status === 'completed' ? 'extraction.completed' : 'extraction.failed',
): WebhookDelivery {
  return {
    id: randomUUID(),
    organizationId: job.organizationId,
    jobId: job.id,
    event,
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
