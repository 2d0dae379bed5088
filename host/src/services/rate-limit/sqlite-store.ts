import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PURGE_INTERVAL_MS, type CounterStore, type FailureRecord, type Gauge, type Increment } from './counter-store.js';

interface Statement {
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  pragma(sql: string): unknown;
  exec(sql: string): unknown;
  prepare(sql: string): Statement;
  transaction<A extends unknown[], R>(work: (...args: A) => R): ((...args: A) => R) & { immediate(...args: A): R };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options?: { timeout?: number }) => SqliteDatabase;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS rate_windows (key TEXT PRIMARY KEY, points INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS process_gauges (key TEXT NOT NULL, process_id TEXT NOT NULL, amount INTEGER NOT NULL, sequence INTEGER NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (key, process_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS login_failures (key TEXT PRIMARY KEY, failures INTEGER NOT NULL, last_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rate_windows_expires_at ON rate_windows (expires_at);
CREATE INDEX IF NOT EXISTS process_gauges_expires_at ON process_gauges (expires_at);
CREATE INDEX IF NOT EXISTS login_failures_expires_at ON login_failures (expires_at);
`;

/**
 * Counts in a SQLite file of the data directory (so shared by the processes of one machine, whose
 * clock they share); a batch is one transaction of prepared statements.
 */
export class SqliteCounterStore implements CounterStore {
  readonly #db: SqliteDatabase;
  readonly #addAll: (increments: readonly Increment[]) => number[];
  readonly #publishAll: (processId: string, sequence: number, gauges: readonly Gauge[], expiresAt: number, now: number) => number[];
  readonly #addFailure: Statement;
  readonly #readFailures: Statement;
  readonly #clearFailures: Statement;
  readonly #purge: () => void;
  #purgedAt = 0;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.#db = new Database(path.join(dataDir, 'rate-limits.sqlite'), { timeout: 5000 });
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = OFF');
    this.#db.exec(SCHEMA);
    const upsert = this.#db.prepare(
      'INSERT INTO rate_windows (key, points, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET points = points + excluded.points RETURNING points',
    );
    this.#addAll = this.#db.transaction((increments: readonly Increment[]) =>
      increments.map(({ key, by, expiresAt }) => (upsert.get(key, by, expiresAt) as { points: number }).points),
    );
    const setAmount = this.#db.prepare(
      `INSERT INTO process_gauges (key, process_id, amount, sequence, expires_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(key, process_id) DO UPDATE SET amount = excluded.amount, sequence = excluded.sequence, expires_at = excluded.expires_at
       WHERE excluded.sequence >= process_gauges.sequence`,
    );
    const othersTotal = this.#db.prepare('SELECT COALESCE(SUM(amount), 0) AS total FROM process_gauges WHERE key = ? AND process_id <> ? AND expires_at > ?');
    // Begun IMMEDIATE (the write lock first): the others' values a claim is decided on cannot change before its write.
    const publishAll = this.#db.transaction((processId: string, sequence: number, gauges: readonly Gauge[], expiresAt: number, now: number) =>
      gauges.map(({ key, value, claim }) => {
        const others = (othersTotal.get(key, processId, now) as { total: number }).total;
        setAmount.run(key, processId, claim && value + others > claim.limit ? claim.fallback : value, sequence, expiresAt);
        return others;
      }),
    );
    this.#publishAll = (...args) => publishAll.immediate(...args);
    this.#addFailure = this.#db.prepare(
      `INSERT INTO login_failures (key, failures, last_at, expires_at) VALUES (?, 1, ?, ?)
       ON CONFLICT(key) DO UPDATE SET failures = CASE WHEN expires_at <= excluded.last_at THEN 1 ELSE failures + 1 END,
         last_at = MAX(last_at, excluded.last_at), expires_at = MAX(expires_at, excluded.expires_at)
       RETURNING failures, last_at`,
    );
    this.#readFailures = this.#db.prepare('SELECT failures, last_at FROM login_failures WHERE key = ? AND expires_at > ?');
    this.#clearFailures = this.#db.prepare('DELETE FROM login_failures WHERE key = ?');
    const purges = ['rate_windows', 'process_gauges', 'login_failures'].map((table) => this.#db.prepare(`DELETE FROM ${table} WHERE expires_at < ?`));
    this.#purge = this.#db.transaction(() => {
      const now = Date.now();
      for (const purge of purges) purge.run(now);
    });
  }

  add(increments: readonly Increment[]): Promise<number[]> {
    return this.#attempt(() => this.#addAll(increments));
  }

  publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    const now = Date.now();
    return this.#attempt(() => this.#publishAll(processId, sequence, gauges, now + ttlMs, now));
  }

  addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord> {
    return this.#attempt(() => failureRecord(this.#addFailure.get(key, at, at + keepMs))!);
  }

  readFailures(key: string, now: number): Promise<FailureRecord | null> {
    return this.#attempt(() => failureRecord(this.#readFailures.get(key, now)));
  }

  clearFailures(key: string): Promise<void> {
    return this.#attempt(() => void this.#clearFailures.run(key));
  }

  close(): Promise<void> {
    this.#db.close();
    return Promise.resolve();
  }

  #attempt<T>(work: () => T): Promise<T> {
    let result: T;
    try {
      result = work();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.#purgeExpired();
    return Promise.resolve(result);
  }

  /** At most once per PURGE_INTERVAL_MS, after the call's own work: a purge that fails (the file busy) changes no result. */
  #purgeExpired(): void {
    const now = Date.now();
    if (now - this.#purgedAt < PURGE_INTERVAL_MS) return;
    this.#purgedAt = now;
    try {
      this.#purge();
    } catch {
      // Tried again at the next interval.
    }
  }
}

function failureRecord(row: unknown): FailureRecord | null {
  if (!row) return null;
  const { failures, last_at } = row as { failures: number; last_at: number };
  return { count: failures, lastAt: last_at };
}
