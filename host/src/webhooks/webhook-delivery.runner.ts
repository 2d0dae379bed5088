import { isMappingError, isWebhookError, retryDelayMs, type MapperRegistry, type WebhookTransport } from '@docsift/core';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from '../persistence/entities/webhook.entities.js';
import type { WebhookRepository } from '../persistence/webhook.repository.js';
import type { DeliveryJobData, WebhookOutbox } from './webhook-outbox.service.js';
import { buildDeliveryRequest, SUBMISSION_MAPPING, type DeliveryTarget } from './webhook-request.js';
import type { WebhookService } from './webhook.service.js';

export interface WebhookDeliveryRunnerDeps {
  config: Config;
  webhookRepository: WebhookRepository;
  webhookService: WebhookService;
  webhookOutbox: WebhookOutbox;
  webhookMappers: MapperRegistry;
  webhookTransport: WebhookTransport;
  logger: Logger;
  clock: () => Date;
}

/** What an attempt came to; `retryable` is false when trying again would fail the same way. */
interface Outcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  retryable: boolean;
}

type Target = (DeliveryTarget & { maxAttempts: number }) | { refused: string };

/**
 * The queue handler of one delivery attempt: maps, signs and sends, records the attempt, then
 * marks the delivery delivered or failed, or schedules the next attempt (retryDelayMs).
 * Idempotent: an entry whose attempt was already recorded does nothing.
 */
export class WebhookDeliveryRunner {
  readonly #deps: WebhookDeliveryRunnerDeps;

  constructor(deps: WebhookDeliveryRunnerDeps) {
    this.#deps = deps;
  }

  async run({ deliveryId, attempt }: DeliveryJobData): Promise<void> {
    const delivery = await this.#deps.webhookRepository.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.attemptCount + 1 !== attempt) return;
    const started = this.#deps.clock();
    const target = await this.#target(delivery);
    const outcome = 'refused' in target ? refusal(target.refused) : await this.#send(delivery, target, started);
    const maxAttempts = 'refused' in target ? attempt : target.maxAttempts;
    await this.#record(delivery, { attempt, at: started.toISOString(), ...pick(outcome) }, outcome.retryable && attempt < maxAttempts);
  }

  async #target(delivery: WebhookDelivery): Promise<Target> {
    // JobRepository.delete empties the payload of the deleted job's deliveries.
    if (Object.keys(delivery.payload).length === 0) return { refused: 'the job was deleted' };
    if (delivery.webhookId === null) {
      return { url: delivery.url ?? '', auth: { authType: 'none' }, mapping: SUBMISSION_MAPPING, maxAttempts: delivery.maxAttempts };
    }
    const config = await this.#deps.webhookRepository.findConfig(delivery.organizationId, delivery.webhookId);
    if (!config) return { refused: 'the webhook configuration was deleted' };
    if (config.status !== 'active') return { refused: 'the webhook configuration is inactive' };
    return { ...this.#deps.webhookService.targetOf(config), maxAttempts: config.retryEnabled ? config.maxRetries : 1 };
  }

  async #send(delivery: WebhookDelivery, target: DeliveryTarget, started: Date): Promise<Outcome> {
    let request;
    try {
      request = await buildDeliveryRequest(this.#deps.webhookMappers, {
        target,
        payload: delivery.payload,
        webhookId: delivery.id,
        timestampMs: started.getTime(),
        organizationId: delivery.organizationId,
      });
    } catch (error) {
      if (isMappingError(error) || isWebhookError(error)) return refusal(error.message);
      throw error;
    }
    const { statusCode, durationMs, error, retryable } = await this.#deps.webhookTransport.send(request);
    return { statusCode, durationMs, error, retryable: retryable !== false };
  }

  async #record(delivery: WebhookDelivery, entry: DeliveryAttempt, retry: boolean): Promise<void> {
    const now = this.#deps.clock();
    const status: DeliveryStatus = entry.error === null ? 'delivered' : retry ? 'pending' : 'failed';
    const nextAttemptAt = status === 'pending' ? new Date(now.getTime() + retryDelayMs(entry.attempt, this.#deps.config.webhooks.retryBaseMs)) : null;
    const recorded = await this.#deps.webhookRepository.recordAttempt(delivery.id, delivery.attemptCount, {
      status,
      attempts: [...delivery.attempts, entry],
      attemptCount: entry.attempt,
      nextAttemptAt,
      updatedAt: now,
    });
    this.#deps.logger.info({ deliveryId: delivery.id, orgId: delivery.organizationId, attempt: entry.attempt, statusCode: entry.statusCode, status }, 'webhook attempt');
    if (recorded && nextAttemptAt) await this.#deps.webhookOutbox.schedule(delivery.id, entry.attempt + 1, nextAttemptAt);
  }
}

function refusal(error: string): Outcome {
  return { statusCode: null, durationMs: 0, error, retryable: false };
}

function pick({ statusCode, durationMs, error }: Outcome): Pick<DeliveryAttempt, 'statusCode' | 'durationMs' | 'error'> {
  return { statusCode, durationMs, error };
}
