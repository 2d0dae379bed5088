import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Lifetime, type AwilixContainer } from 'awilix';
import type Koa from 'koa';
import type { Docsift } from '@docsift/core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { createLogger, withRedaction } from '../common/logger.js';
import type { Config } from '../config/config.js';
import type { EnginePool } from '../engine/index.js';
import { createServer } from '../http/server.js';
import type { HealthService } from '../services/health.service.js';
import { createDataSource, migrate } from '../persistence/data-source.js';
import { loadMappers, loadPlugins, loadWebhookTransport } from '../plugins/module-loader.js';
import { sqliteConnectionOf } from '../persistence/sql.js';
import { WalCheckpointer } from '../persistence/wal-checkpointer.js';
import { queueEntities, queueMigrations, type JobQueue } from '../queue/index.js';
import type { DocumentJobRunner, DocumentJobData } from '../services/document-job.runner.js';
import { PROCESS_DOCUMENT } from '../services/document.service.js';
import { PURGE_EXPIRED, SWEEP_JOBS, type MaintenanceService } from '../services/maintenance.service.js';
import { createHostContainer } from './container.js';
import { startQueueWorkers } from './queue-workers.js';
import { startWebhookWorkers, stopWebhookWorkers } from './webhook-wiring.js';
import { loadSecretBox } from '../webhooks/webhook-secrets.js';

export interface HostOptions {
  config: Config;
  /** Default: pino at `config.logLevel`. Either way with the host's redaction (common/logger.ts). */
  logger?: Logger;
  /** The engine; defaults to a pool of worker threads that load `config.plugins`. */
  enginePool?: EnginePool;
}

export interface RuntimeOptions extends HostOptions {
  /** Serve the HTTP API. */
  api: boolean;
  /** Run queue workers (jobs, sweeper, retention, webhook deliveries). */
  worker: boolean;
}

/** A host built from its configuration: mount `app` in your own server, start the workers, or both. */
export interface Host {
  container: AwilixContainer;
  dataSource: DataSource;
  /** The API as a Koa application, built on first use (docs/embedding.md shows how to mount it). */
  readonly app: Koa;
  /** Runs the queue workers in this process (documents, sweeper, retention, webhook deliveries). */
  startWorkers(): Promise<void>;
  /**
   * Stops the workers (no new jobs at once; running ones get DOCSIFT_SHUTDOWN_GRACE_MS, then are
   * handed back to the queue), releases every service (plugins' `close` hooks and the engine threads
   * included) and closes the database.
   */
  stop(): Promise<void>;
}

export interface HostRuntime {
  container: AwilixContainer;
  dataSource: DataSource;
  /** The address the API listens on, when it serves. */
  url: string | null;
  /** The address of the metrics and readiness listener (DOCSIFT_METRICS_PORT), when there is one. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

/** Opens the database (applying migrations under a lock) with the queue's tables registered. */
export async function openDatabase(config: Config): Promise<DataSource> {
  const dataSource = createDataSource({
    database: config.database,
    webhookSecrets: () => loadSecretBox(config.dataDir, config.webhooks.secretKey),
    extraEntities: queueEntities,
    extraMigrations: queueMigrations,
  });
  await dataSource.initialize();
  await migrate(dataSource);
  return dataSource;
}

/**
 * The engine pool once it exists: the container builds it (and its threads start) for the first job;
 * a pool the embedder gave exists from the start.
 */
function enginePoolInUse(container: AwilixContainer): EnginePool | null {
  const built = container.getRegistration('enginePool')?.lifetime !== Lifetime.SINGLETON || container.cache.has('enginePool');
  return built ? container.resolve<EnginePool>('enginePool') : null;
}

/** Defines the queue's jobs on this process: documents, the sweeper, the retention purge and webhook deliveries. */
export async function startWorkers(container: AwilixContainer): Promise<void> {
  container.resolve<HealthService>('healthService').includeEngine(() => enginePoolInUse(container));
  const runner = container.resolve<DocumentJobRunner>('documentJobRunner');
  const maintenance = container.resolve<MaintenanceService>('maintenanceService');
  await startQueueWorkers(container.resolve<JobQueue>('jobQueue'), [
    {
      name: PROCESS_DOCUMENT,
      run: (data: DocumentJobData, context) => runner.run(data, context),
      options: { onFinalFailure: (data: DocumentJobData) => runner.failFinally(data) },
    },
    { name: SWEEP_JOBS, run: () => maintenance.sweep(), every: '1 minute' },
    { name: PURGE_EXPIRED, run: () => maintenance.purge(), every: '1 hour' },
  ]);
  await startWebhookWorkers(container);
}

function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
    server.listen(port, host);
  });
}

function urlOf(server: Server | null): string | null {
  const address = server?.address() as AddressInfo | null | undefined;
  return address ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : null;
}

/** Stops taking connections, waits for requests in flight (up to the grace period), then closes the rest. */
async function close(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(timer);
}

/** The process's queues stop taking jobs at once; their running jobs get the grace period, then are handed back. */
async function stopQueues(container: AwilixContainer): Promise<void> {
  await Promise.all([container.resolve<JobQueue>('jobQueue').stop(), stopWebhookWorkers(container)]);
}

/**
 * Loads the configured plugins, mappers and transport, opens the database and builds the container.
 * A module that cannot be loaded, or a plugin refused by its contract check or its `init` hook,
 * stops here with an error naming it, before anything is opened (or after closing what was).
 */
export async function createHost(options: HostOptions): Promise<Host> {
  const { config } = options;
  const logger = options.logger ? withRedaction(options.logger) : createLogger({ name: 'docsift', level: config.logLevel });
  const plugins = await loadPlugins(config.plugins);
  const mappers = await loadMappers(config.mappers);
  const webhookTransport = config.webhookTransport ? await loadWebhookTransport(config.webhookTransport) : null;
  const dataSource = await openDatabase(config);
  const checkpointer = config.database.kind === 'sqlite' ? WalCheckpointer.start(config.database.file, sqliteConnectionOf(dataSource), logger) : null;
  const container = createHostContainer({ config, logger, dataSource, plugins, mappers, webhookTransport, enginePool: options.enginePool });
  const release = async () => {
    await container.dispose();
    logger.debug('services disposed');
    await checkpointer?.stop();
    await dataSource.destroy();
    logger.debug('database closed');
  };
  try {
    await container.resolve<Docsift>('docsift').start();
  } catch (error) {
    await release();
    throw error;
  }
  let stopping: Promise<void> | null = null;
  const stop = async () => {
    await stopQueues(container);
    logger.debug('queue stopped');
    await release();
  };
  return {
    container,
    dataSource,
    get app() {
      return container.resolve<Koa>('app');
    },
    startWorkers: () => startWorkers(container),
    stop: () => (stopping ??= stop()),
  };
}

/** Starts the API and/or the workers in this process; `stop()` shuts down in order. */
export async function startHost(options: RuntimeOptions): Promise<HostRuntime> {
  const host = await createHost(options);
  const logger = host.container.resolve<Logger>('logger');
  if (options.worker) await host.startWorkers();
  const { config } = options;
  const metricsServer = config.metrics.port === null ? null : await listen(host.container.resolve<Server>('metricsServer'), config.metrics.port, config.metrics.host);
  const server = options.api ? await listen(createServer(host.app, config.server), config.port, config.host) : null;
  let stopping: Promise<void> | null = null;
  const stop = async () => {
    // The workers stop taking jobs while the API finishes its requests; readiness answers 503 meanwhile.
    const closeApi = async () => {
      if (!server) return;
      await close(server, config.shutdownGraceMs);
      logger.debug('http server closed');
    };
    await Promise.all([closeApi(), stopQueues(host.container)]);
    if (metricsServer) await close(metricsServer, config.shutdownGraceMs);
    await host.stop();
  };
  return {
    container: host.container,
    dataSource: host.dataSource,
    url: urlOf(server),
    metricsUrl: urlOf(metricsServer),
    stop: () => (stopping ??= stop()),
  };
}
