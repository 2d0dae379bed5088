import { asClass, asFunction, type AwilixContainer } from 'awilix';
import { KEYS, type Docsift, type MapperRegistry, type WebhookTransport } from '@docsift/core';
import type { Config } from '../config/config.js';
import { WebhookRepository } from '../persistence/webhook.repository.js';
import type { JobQueue } from '../queue/index.js';
import { WebhookDeliveryRunner } from '../webhooks/webhook-delivery.runner.js';
import { DELIVER_WEBHOOK, PURGE_WEBHOOKS, SWEEP_WEBHOOKS, WebhookOutbox, type DeliveryJobData } from '../webhooks/webhook-outbox.service.js';
import { loadSecretBox } from '../webhooks/webhook-secrets.js';
import { WebhookUrlGuard } from '../webhooks/webhook-url-guard.js';
import { WebhookService } from '../webhooks/webhook.service.js';
import { queueRegistration, startQueueWorkers } from './queue-workers.js';

interface Cradle {
  config: Config;
  docsift: Docsift;
}

/**
 * The webhook slice of the composition root. Deliveries run on a queue of their own (same store,
 * own concurrency), so slow receivers never take the slots of document jobs.
 */
export function webhookRegistrations() {
  return {
    webhookSecrets: asFunction(({ config }: Cradle) => loadSecretBox(config.dataDir, config.webhooks.secretKey)).singleton(),
    webhookMappers: asFunction(({ docsift }: Cradle) => docsift.container.resolve<MapperRegistry>(KEYS.mappers)).singleton(),
    webhookTransport: asFunction(({ docsift }: Cradle) => docsift.container.resolve<WebhookTransport>(KEYS.webhookTransport)).singleton(),
    webhookRepository: asClass(WebhookRepository).singleton(),
    webhookService: asClass(WebhookService).singleton(),
    webhookUrlGuard: asClass(WebhookUrlGuard).singleton(),
    webhookOutbox: asClass(WebhookOutbox).singleton(),
    webhookDeliveryRunner: asClass(WebhookDeliveryRunner).singleton(),
    webhookQueue: queueRegistration({ name: 'webhooks', concurrency: (config) => config.webhooks.concurrency, processEveryMs: (config) => Math.max(50, Math.floor(config.queue.pollMs / 2)) }),
  };
}

/** Defines the delivery job, the webhook sweeper and purge on this process and starts the delivery queue. */
export async function startWebhookWorkers(container: AwilixContainer): Promise<void> {
  const runner = container.resolve<WebhookDeliveryRunner>('webhookDeliveryRunner');
  const outbox = container.resolve<WebhookOutbox>('webhookOutbox');
  await startQueueWorkers(container.resolve<JobQueue>('webhookQueue'), [
    { name: DELIVER_WEBHOOK, run: (data: DeliveryJobData) => runner.run(data) },
    { name: SWEEP_WEBHOOKS, run: () => outbox.sweep(), every: '1 minute' },
    { name: PURGE_WEBHOOKS, run: () => outbox.purge(), every: '1 hour' },
  ]);
}

/** Stops the delivery queue when this process started it (waits for attempts in flight up to the grace period, then hands them back). */
export async function stopWebhookWorkers(container: AwilixContainer): Promise<void> {
  if (container.hasRegistration('webhookQueue') && container.cache.has('webhookQueue')) {
    await container.resolve<JobQueue>('webhookQueue').stop();
  }
}
