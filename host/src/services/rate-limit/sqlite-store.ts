import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PURGE_INTERVAL_MS, type CounterStore, type Increment } from './counter-store.js';

interface Statement {
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  pragma(sql: string): unknown;
  exec(sql: string): unknown;
  prepare(sql: string): Statement;
  transaction<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options?: { timeout?: number }) => SqliteDatabase;

/** Counts in a SQLite file of the data directory; a batch is one transaction of prepared upserts. */
export class SqliteCounterStore implements CounterStore {
  readonly #db: SqliteDatabase;
  readonly #addAll: (increments: readonly Increment[]) => number[];
  readonly #purge: Statement;
  #purgedAt = 0;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.#db = new Database(path.join(dataDir, 'rate-limits.sqlite'), { timeout: 5000 });
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = OFF');
    this.#db.exec('CREATE TABLE IF NOT EXISTS rate_windows (key TEXT PRIMARY KEY, points INTEGER NOT NULL, expires_at INTEGER NOT NULL)');
    const upsert = this.#db.prepare(
      'INSERT INTO rate_windows (key, points, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET points = points + excluded.points RETURNING points',
    );
    this.#purge = this.#db.prepare('DELETE FROM rate_windows WHERE expires_at < ?');
    this.#addAll = this.#db.transaction((increments: readonly Increment[]) =>
      increments.map(({ key, by, expiresAt }) => (upsert.get(key, by, expiresAt) as { points: number }).points),
    );
  }

  add(increments: readonly Increment[]): Promise<number[]> {
    try {
      const totals = this.#addAll(increments);
      this.#purgeExpired();
      return Promise.resolve(totals);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  close(): Promise<void> {
    this.#db.close();
    return Promise.resolve();
  }

  #purgeExpired(): void {
    const now = Date.now();
    if (now - this.#purgedAt < PURGE_INTERVAL_MS) return;
    this.#purgedAt = now;
    this.#purge.run(now);
  }
}
