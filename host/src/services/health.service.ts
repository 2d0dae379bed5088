import type { DataSource } from 'typeorm';
import type { EnginePool } from '../engine/index.js';
import type { JobQueue } from '../queue/index.js';
import type { FileStore } from '../storage/file-store.js';

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
  fileStore: FileStore;
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
  #engine: (() => EnginePool | null) | null = null;

  constructor(deps: HealthServiceDeps) {
    this.#deps = deps;
  }

  /**
   * From now on readiness includes the engine's threads: this process runs document jobs on the pool
   * `engine` gives, null until the first job builds it (not started yet counts as ready: it can start).
   */
  includeEngine(engine: () => EnginePool | null): void {
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
      withinTime(() => this.#deps.fileStore.probe()),
    ]);
    const engine = this.#engineState();
    const checks = { database: state(database), queue: state(queue), storage: state(storage), engine };
    return { ready: Object.values(checks).every((part) => part !== 'not_ready'), checks };
  }

  #engineState(): PartState {
    if (!this.#engine) return 'not_used';
    const pool = this.#engine();
    return !pool || (pool.readyThreads?.() ?? 1) > 0 ? 'ready' : 'not_ready';
  }
}
