import { constants as fsConstants, promises as fs } from 'node:fs';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import type { EnginePool } from '../engine/index.js';
import type { JobQueue } from '../queue/index.js';

const PING_TIMEOUT_MS = 2000;

/** What readiness looks at; `engine` only in a process that runs document jobs. */
export type ReadinessPart = 'database' | 'queue' | 'storage' | 'engine';
/** `not_used`: this process does not need the part (the engine in an API-only process). */
export type PartState = 'ready' | 'not_ready' | 'not_used';

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessPart, PartState>;
}

export interface HealthServiceDeps {
  dataSource: DataSource;
  jobQueue: JobQueue;
  config: Config;
}

/** Resolves true when `check` settles in time without failing; false otherwise. */
async function withinTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the service can answer (health: the database responds) and whether this process can do
 * its work (readiness: database, queue, file storage, and engine threads where jobs run).
 */
export class HealthService {
  readonly #deps: HealthServiceDeps;
  #engine: EnginePool | null = null;

  constructor(deps: HealthServiceDeps) {
    this.#deps = deps;
  }

  /** From now on readiness includes the engine's threads: this process runs document jobs on `engine`. */
  includeEngine(engine: EnginePool): void {
    this.#engine = engine;
  }

  async databaseReachable(): Promise<boolean> {
    const { dataSource } = this.#deps;
    if (!dataSource.isInitialized) return false;
    return withinTime(() => dataSource.query('SELECT 1'));
  }

  async readiness(): Promise<Readiness> {
    const state = (ok: boolean): PartState => (ok ? 'ready' : 'not_ready');
    const [database, queue, storage] = await Promise.all([
      this.databaseReachable(),
      withinTime(() => this.#deps.jobQueue.probe()),
      withinTime(() => this.#storageWritable()),
    ]);
    const engine: PartState = this.#engine ? state((this.#engine.readyThreads?.() ?? 1) > 0) : 'not_used';
    const checks = { database: state(database), queue: state(queue), storage: state(storage), engine };
    return { ready: Object.values(checks).every((part) => part !== 'not_ready'), checks };
  }

  /** The store's root exists (made as the store would make it) and this process may write there. */
  async #storageWritable(): Promise<void> {
    const { root } = this.#deps.config.storage;
    await fs.mkdir(root, { recursive: true, mode: 0o700 });
    await fs.access(root, fsConstants.R_OK | fsConstants.W_OK);
  }
}
