import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** How often the checkpointer copies the WAL's committed pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
/** Checkpoints that fail in a row before the worker gives up. */
const MAX_FAILURES = 3;
/** SQLite's own default, restored on the shared connection if the checkpointer stops unexpectedly. */
const AUTOCHECKPOINT_PAGES = 1000;

/** What the checkpointer needs of the shared connection: its pragmas. */
export interface PragmaConnection {
  pragma(sql: string, options?: { simple: boolean }): unknown;
}

/**
 * Runs inside the worker (CommonJS, given as source): its own connection to the same file, a
 * PASSIVE checkpoint on a timer (it never waits for, nor blocks, the writers), a last one on stop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 1000 });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let failures = 0;
const stop = () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
};
const run = () => {
  try {
    checkpoint.get();
    failures = 0;
  } catch (error) {
    failures += 1;
    // Several in a row: give up, and the shared connection checkpoints on commit again.
    if (failures >= workerData.maxFailures) {
      parentPort.postMessage({ kind: 'failed', message: String(error && error.message) });
      stop();
    }
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', () => {
  run();
  stop();
});
parentPort.postMessage({ kind: 'ready' });
`;

type WorkerMessage = { kind: 'ready' } | { kind: 'failed'; message: string };

/**
 * Takes WAL checkpoints off the event loop. better-sqlite3 is synchronous, so with SQLite's
 * automatic checkpoint the commit that crosses 1000 WAL pages copies them all into the database
 * file (and syncs it) while every request waits: under a stream of submissions that was a third
 * of the time of each write. Here a worker thread with a connection of its own checkpoints every
 * CHECKPOINT_INTERVAL_MS and the shared connection never does. If the worker stops, fails to start
 * or fails MAX_FAILURES checkpoints in a row, the shared connection goes back to automatic
 * checkpoints, so the WAL does not grow unbounded.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  readonly #connection: PragmaConnection;
  readonly #logger: Logger;
  #stopping: Promise<void> | null = null;
  #exited = false;

  private constructor(file: string, connection: PragmaConnection, logger: Logger) {
    this.#connection = connection;
    this.#logger = logger;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS, maxFailures: MAX_FAILURES } });
    this.#worker.unref();
    this.#worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') this.#setAutomaticCheckpoints(0);
      else logger.warn({ reason: message.message }, `WAL checkpoint failed ${MAX_FAILURES} times in a row`);
    });
    this.#worker.on('error', (error) => logger.warn({ err: error }, 'WAL checkpointer failed; SQLite checkpoints on commit again'));
    this.#worker.on('exit', () => {
      this.#exited = true;
      this.#restoreAutomaticCheckpoints();
    });
  }

  /** Starts the checkpointer of the SQLite file `file`, whose shared connection is `connection`. */
  static start(file: string, connection: PragmaConnection, logger: Logger): WalCheckpointer {
    return new WalCheckpointer(file, connection, logger);
  }

  /** Takes a last checkpoint and stops; the shared connection checkpoints on its own again. */
  stop(): Promise<void> {
    this.#stopping ??= new Promise((resolve) => {
      if (this.#exited) return resolve();
      this.#worker.ref();
      this.#worker.once('exit', () => resolve());
      this.#worker.postMessage('stop');
    });
    return this.#stopping;
  }

  #restoreAutomaticCheckpoints(): void {
    this.#setAutomaticCheckpoints(AUTOCHECKPOINT_PAGES);
    if (!this.#stopping) this.#logger.warn('WAL checkpointer stopped; SQLite checkpoints on commit again');
  }

  #setAutomaticCheckpoints(pages: number): void {
    try {
      this.#connection.pragma(`wal_autocheckpoint = ${pages}`);
    } catch {
      // The shared connection is closed (the host is stopping or lost its database): nothing to set.
    }
  }
}
