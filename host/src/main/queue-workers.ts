import { asFunction } from 'awilix';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import { createJobQueue, createWakeSignal, type JobContext, type JobDefinitionOptions, type JobQueue, type WakeSignal } from '../queue/index.js';

/** The Redis pub/sub or PostgreSQL LISTEN/NOTIFY channel every process of one deployment wakes the others on. */
export const QUEUE_WAKE_CHANNEL = 'docsift_queue_wake';

interface QueueCradle {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  queueWakeSignal: WakeSignal | null;
}

/** The process's wake signal, shared by its queues (null with DOCSIFT_QUEUE_WAKE=off: polling only). */
export function wakeSignalRegistration() {
  return asFunction(({ config, logger }: { config: Config; logger: Logger }) =>
    config.queue.wake ? createWakeSignal({ relayUrl: config.queue.wakeUrl, channelName: QUEUE_WAKE_CHANNEL, logger }) : null,
  )
    .singleton()
    .disposer((signal) => signal?.close());
}

/** What sets one queue apart; the store, the lease and the retries come from the configuration. */
interface QueueSettings {
  concurrency: (config: Config) => number;
  /** Names the queue in its log lines (default: the process's logger as it is). */
  name?: string;
  /** How often to look for due jobs (default: DOCSIFT_QUEUE_POLL_MS). */
  processEveryMs?: (config: Config) => number;
}

/** A queue as a container registration: built on first use, stopped (within DOCSIFT_SHUTDOWN_GRACE_MS, then handing back what runs) when the container is disposed. */
export function queueRegistration(settings: QueueSettings) {
  return asFunction(({ config, logger, dataSource, queueWakeSignal }: QueueCradle) =>
    createJobQueue({
      dataSource,
      queueUrl: config.queueUrl ?? undefined,
      logger: settings.name ? logger.child({ queue: settings.name }) : logger,
      concurrency: settings.concurrency(config),
      lockLifetimeMs: config.jobs.lockLifetimeMs,
      maxAttempts: config.jobs.attempts,
      retryBaseMs: config.jobs.retryBaseMs,
      processEveryMs: settings.processEveryMs?.(config) ?? config.queue.pollMs,
      wakeSignal: queueWakeSignal,
      stopGraceMs: config.shutdownGraceMs,
    }),
  )
    .singleton()
    .disposer((queue) => queue.stop());
}

/** A job this process runs: its handler and, for a recurring one, how often (one entry for all processes). */
interface WorkerJob<DATA> {
  name: string;
  /** Whatever it resolves to is dropped. */
  run: (data: DATA, context: JobContext) => Promise<unknown>;
  options?: JobDefinitionOptions<DATA>;
  every?: string;
}

/** Defines the jobs on this process, starts the queue, then schedules the recurring ones. */
export async function startQueueWorkers(queue: JobQueue, jobs: ReadonlyArray<WorkerJob<never>>): Promise<void> {
  for (const job of jobs) {
    queue.define(
      job.name,
      async (data: never, context) => {
        await job.run(data, context);
      },
      job.options,
    );
  }
  await queue.start();
  for (const job of jobs) if (job.every) await queue.every(job.name, job.every);
}
