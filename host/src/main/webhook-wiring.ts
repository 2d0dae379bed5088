import { asClass, asFunction, type AwilixContainer, type Resolver } from 'awilix';
import { KEYS, type Docsift, type MapperRegistry, type WebhookTransport } from '@docsift/core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import { WebhookRepository } from '../persistence/webhook.repository.js';
import { createJobQueue, type JobQueue } from '../queue/index.js';
import { WebhookDeliveryRunner } from '../services/webhook-delivery.runner.js';
import { DELIVER_WEBHOOK, PURGE_WEBHOOKS, SWEEP_WEBHOOKS, WebhookOutbox, type DeliveryJobData } from '../services/webhook-outbox.service.js';
import { loadSecretBox } from '../services/webhook-secrets.js';
import { WebhookUrlGuard } from '../services/webhook-url-guard.js';
import { WebhookService } from '../services/webhook.service.js';

/** Deliveries in flight at once per process; they wait on receivers, not on the CPU. */
const DELIVERY_CONCURRENCY = 16;
const DELIVERY_POLL_MS = 500;
const SHUTDOWN_GRACE_MS = 10_000;

interface Cradle {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  docsift: Docsift;
}

/**
 * The webhook slice of the composition root. Deliveries run on a queue of their own (same store,
 * own concurrency), so slow receivers never take the slots of document jobs.
 */
export function webhookRegistrations(): Record<string, Resolver<unknown>> {
  return {
    webhookSecrets: asFunction(({ config }: Cradle) => loadSecretBox(config.dataDir, config.webhooks.secretKey)).singleton(),
    webhookMappers: asFunction(({ docsift }: Cradle) => docsift.container.resolve<MapperRegistry>(KEYS.mappers)).singleton(),
    webhookTransport: asFunction(({ docsift }: Cradle) => docsift.container.resolve<WebhookTransport>(KEYS.webhookTransport)).singleton(),
    webhookRepository: asClass(WebhookRepository).singleton(),
    webhookService: asClass(WebhookService).singleton(),
    webhookUrlGuard: asClass(WebhookUrlGuard).singleton(),
    webhookOutbox: asClass(WebhookOutbox).singleton(),
    webhookDeliveryRunner: asClass(WebhookDeliveryRunner).singleton(),
    webhookQueue: asFunction(({ config, logger, dataSource }: Cradle) =>
      createJobQueue({
        dataSource,
        queueUrl: config.queueUrl ?? undefined,
        logger: logger.child({ queue: 'webhooks' }),
        concurrency: DELIVERY_CONCURRENCY,
        lockLifetimeMs: config.jobs.lockLifetimeMs,
        maxAttempts: config.jobs.attempts,
        retryBaseMs: config.jobs.retryBaseMs,
        processEveryMs: DELIVERY_POLL_MS,
      }),
    )
      .singleton()
      .disposer((queue) => queue.stop({ timeoutMs: SHUTDOWN_GRACE_MS })),
  };
}

/** Defines the delivery job, the webhook sweeper and purge on this process and starts the delivery queue. */
export async function startWebhookWorkers(container: AwilixContainer): Promise<void> {
  const queue = container.resolve<JobQueue>('webhookQueue');
  const runner = container.resolve<WebhookDeliveryRunner>('webhookDeliveryRunner');
  const outbox = container.resolve<WebhookOutbox>('webhookOutbox');
  queue.define<DeliveryJobData>(DELIVER_WEBHOOK, (data) => runner.run(data));
  queue.define(SWEEP_WEBHOOKS, async () => {
    await outbox.sweep();
  });
  queue.define(PURGE_WEBHOOKS, async () => {
    await outbox.purge();
  });
  await queue.start();
  await queue.every(SWEEP_WEBHOOKS, '1 minute');
  await queue.every(PURGE_WEBHOOKS, '1 hour');
}

/** Stops the delivery queue when this process started it (waits for attempts in flight). */
export async function stopWebhookWorkers(container: AwilixContainer): Promise<void> {
  if (container.hasRegistration('webhookQueue') && container.cache.has('webhookQueue')) {
    await container.resolve<JobQueue>('webhookQueue').stop({ timeoutMs: SHUTDOWN_GRACE_MS });
  }
}
