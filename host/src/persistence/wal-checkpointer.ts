import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** How often the checkpointer copies the WAL's committed pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
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
const run = () => {
  try {
    checkpoint.get();
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: String(error && error.message) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  run();
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
`;

type WorkerMessage = { kind: 'ready' } | { kind: 'failed'; message: string };

/**
 * Takes WAL checkpoints off the event loop. better-sqlite3 is synchronous, so with SQLite's
 * automatic checkpoint the commit that crosses 1000 WAL pages copies them all into the database
 * file (and syncs it) while every request waits: under a stream of submissions that was a third
 * of the time of each write. Here a worker thread with a connection of its own checkpoints every
 * CHECKPOINT_INTERVAL_MS and the shared connection never does. If the worker stops or fails to
 * start, the shared connection goes back to automatic checkpoints, so the WAL never grows unbounded.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  readonly #connection: PragmaConnection;
  readonly #logger: Logger;
  #stopping: Promise<void> | null = null;

  private constructor(file: string, connection: PragmaConnection, logger: Logger) {
    this.#connection = connection;
    this.#logger = logger;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: CHECKPOINT_INTERVAL_MS } });
    this.#worker.unref();
    this.#worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') this.#setAutomaticCheckpoints(0);
      else logger.warn({ reason: message.message }, 'WAL checkpoint failed; the next one will retry');
    });
    this.#worker.on('error', (error) => logger.warn({ err: error }, 'WAL checkpointer failed; SQLite checkpoints on commit again'));
    this.#worker.on('exit', () => this.#restoreAutomaticCheckpoints());
  }

  /** Starts the checkpointer of the SQLite file `file`, whose shared connection is `connection`. */
  static start(file: string, connection: PragmaConnection, logger: Logger): WalCheckpointer {
    return new WalCheckpointer(file, connection, logger);
  }

  /** Takes a last checkpoint and stops; the shared connection checkpoints on its own again. */
  stop(): Promise<void> {
    this.#stopping ??= new Promise((resolve) => {
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
