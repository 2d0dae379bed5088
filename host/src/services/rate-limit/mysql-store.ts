import { createHash } from 'node:crypto';
import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise';
import { PURGE_INTERVAL_MS, type CounterStore, type FailureRecord, type Gauge, type Increment } from './counter-store.js';

const TABLES = ['rate_windows', 'process_gauges', 'login_failures'];
const CREATE_TABLES = [
  'CREATE TABLE IF NOT EXISTS rate_windows (`key` VARCHAR(255) NOT NULL PRIMARY KEY, points INT NOT NULL, expires_at BIGINT NOT NULL, INDEX (expires_at))',
  'CREATE TABLE IF NOT EXISTS process_gauges (`key` VARCHAR(255) NOT NULL, process_id VARCHAR(64) NOT NULL, amount BIGINT NOT NULL, sequence BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (`key`, process_id), INDEX (expires_at))',
  'CREATE TABLE IF NOT EXISTS login_failures (`key` VARCHAR(255) NOT NULL PRIMARY KEY, failures INT NOT NULL, last_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, INDEX (expires_at))',
];

/** The server's clock in Unix milliseconds, whatever the session's time zone: every process's published amounts expire by the same clock. */
const SERVER_NOW_MS = "(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000)";

/** How long a claim waits for another process's claim of the same key. */
const CLAIM_LOCK_WAIT_S = 1;
/** Expired rows deleted per statement, so a purge never holds many locks. */
const PURGE_BATCH = 1_000;

/** Counts in the MySQL/MariaDB database (tables `rate_windows`, `process_gauges`, `login_failures`); a batch of windows is one transaction. */
export class MysqlCounterStore implements CounterStore {
  readonly #pool: Pool;
  readonly #tables: Promise<unknown>;
  #purgedAt = 0;

  constructor(url: string) {
    // Calls waiting for a connection are bounded: while a query hangs, those past 50 fail at once instead of piling up.
    const pool = createPool({ uri: url, connectionLimit: 2, queueLimit: 50 });
    this.#pool = pool;
    this.#tables = (async () => {
      for (const sql of CREATE_TABLES) await pool.query(sql);
      await this.#indexExpiry();
    })();
    this.#tables.catch(() => undefined);
  }

  /** Keys in sorted order, so that two batches touching the same rows lock them in the same order. */
  async add(increments: readonly Increment[]): Promise<number[]> {
    await this.#tables;
    const connection = await this.#pool.getConnection();
    let totals: Map<string, number>;
    try {
      await connection.beginTransaction();
      for (const { key, by, expiresAt } of [...increments].sort(byKey)) {
        await connection.query('INSERT INTO rate_windows (`key`, points, expires_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE points = points + VALUES(points)', [
          key,
          by,
          expiresAt,
        ]);
      }
      const [rows] = await connection.query<RowDataPacket[]>('SELECT `key`, points FROM rate_windows WHERE `key` IN (?)', [increments.map((i) => i.key)]);
      await connection.commit();
      totals = new Map(rows.map((row) => [row.key as string, Number(row.points)]));
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
    this.#purgeLater();
    return increments.map((increment) => totals.get(increment.key) ?? increment.by);
  }

  /**
   * Without claims, two statements, each committed on its own: the write is visible before the read
   * starts, so of two processes publishing at once at least one reads the other's value. With claims,
   * each claimed key's named lock (GET_LOCK) is held from the read of the others' values until this
   * process's values are written, so claims of one key are decided one after another.
   */
  async publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    if (gauges.length === 0) return [];
    await this.#tables;
    const sorted = [...gauges].sort(byKey);
    const totals = sorted.some((gauge) => gauge.claim) ? await this.#publishClaims(processId, sequence, sorted, ttlMs) : await this.#publishPlain(processId, sequence, sorted, ttlMs);
    this.#purgeLater();
    return gauges.map((gauge) => totals.get(gauge.key) ?? 0);
  }

  async #publishPlain(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<Map<string, number>> {
    await this.#pool.query(upsertGauges(gauges.length), gauges.flatMap(({ key, value }) => [key, processId, value, sequence, ttlMs]));
    return this.#othersTotals(this.#pool, processId, gauges);
  }

  async #publishClaims(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<Map<string, number>> {
    const connection = await this.#pool.getConnection();
    const locks = gauges.filter((gauge) => gauge.claim).map((gauge) => lockName(gauge.key));
    let held = 0;
    try {
      for (const lock of locks) {
        const [[row]] = await connection.query<RowDataPacket[]>('SELECT GET_LOCK(?, ?) AS acquired', [lock, CLAIM_LOCK_WAIT_S]);
        if (Number(row?.acquired) !== 1) throw new Error('Another process held the claim lock too long');
        held += 1;
      }
      const totals = await this.#othersTotals(connection, processId, gauges);
      const amount = ({ key, value, claim }: Gauge) => (claim && value + (totals.get(key) ?? 0) > claim.limit ? claim.fallback : value);
      await connection.query(upsertGauges(gauges.length), gauges.flatMap((gauge) => [gauge.key, processId, amount(gauge), sequence, ttlMs]));
      return totals;
    } finally {
      try {
        for (const lock of locks.slice(0, held)) await connection.query('SELECT RELEASE_LOCK(?)', [lock]);
        connection.release();
      } catch {
        // A connection whose locks could not be released is closed, which releases them.
        connection.destroy();
      }
    }
  }

  async #othersTotals(on: Pick<Pool, 'query'>, processId: string, gauges: readonly Gauge[]): Promise<Map<string, number>> {
    const [rows] = await on.query<RowDataPacket[]>(
      `SELECT \`key\`, SUM(amount) AS total FROM process_gauges WHERE \`key\` IN (?) AND process_id <> ? AND expires_at > ${SERVER_NOW_MS} GROUP BY \`key\``,
      [gauges.map((gauge) => gauge.key), processId],
    );
    return new Map(rows.map((row) => [row.key as string, Number(row.total)]));
  }

  async addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord> {
    await this.#tables;
    // `failures` is assigned first, so it compares with the record's expiry before this failure.
    await this.#pool.query(
      `INSERT INTO login_failures (\`key\`, failures, last_at, expires_at) VALUES (?, 1, ?, ?)
       ON DUPLICATE KEY UPDATE failures = IF(expires_at <= VALUES(last_at), 1, failures + 1),
         last_at = GREATEST(last_at, VALUES(last_at)), expires_at = GREATEST(expires_at, VALUES(expires_at))`,
      [key, at, at + keepMs],
    );
    const [rows] = await this.#pool.query<RowDataPacket[]>('SELECT failures, last_at FROM login_failures WHERE `key` = ?', [key]);
    this.#purgeLater();
    return failureRecord(rows[0]) ?? { count: 1, lastAt: at };
  }

  async readFailures(key: string, now: number): Promise<FailureRecord | null> {
    await this.#tables;
    const [rows] = await this.#pool.query<RowDataPacket[]>('SELECT failures, last_at FROM login_failures WHERE `key` = ? AND expires_at > ?', [key, now]);
    return failureRecord(rows[0]);
  }

  async clearFailures(key: string): Promise<void> {
    await this.#tables;
    await this.#pool.query('DELETE FROM login_failures WHERE `key` = ?', [key]);
  }

  close(): Promise<void> {
    return this.#pool.end();
  }

  /** Tables created before the expiry index existed get it here (two processes adding it at once: one wins). */
  async #indexExpiry(): Promise<void> {
    const [rows] = await this.#pool.query<RowDataPacket[]>(
      "SELECT DISTINCT table_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND column_name = 'expires_at' AND table_name IN (?)",
      [TABLES],
    );
    const indexed = new Set(rows.map((row) => String(row.name)));
    for (const table of TABLES.filter((name) => !indexed.has(name))) {
      await this.#pool.query(`CREATE INDEX expires_at ON ${table} (expires_at)`).catch(() => undefined);
    }
  }

  /** At most once per PURGE_INTERVAL_MS, after the call that triggered it has its answer: a purge that fails changes no result. */
  #purgeLater(): void {
    const now = Date.now();
    if (now - this.#purgedAt < PURGE_INTERVAL_MS) return;
    this.#purgedAt = now;
    this.#purge(now).catch(() => undefined);
  }

  async #purge(now: number): Promise<void> {
    await this.#pool.query(`DELETE FROM rate_windows WHERE expires_at < ? LIMIT ${PURGE_BATCH}`, [now]);
    await this.#pool.query(`DELETE FROM process_gauges WHERE expires_at < ${SERVER_NOW_MS} LIMIT ${PURGE_BATCH}`);
    await this.#pool.query(`DELETE FROM login_failures WHERE expires_at < ? LIMIT ${PURGE_BATCH}`, [now]);
  }
}

/** Assignments run left to right, each seeing the ones before: `sequence` goes last. */
function upsertGauges(rows: number): string {
  return `INSERT INTO process_gauges (\`key\`, process_id, amount, sequence, expires_at) VALUES ${Array.from({ length: rows }, () => `(?, ?, ?, ?, ${SERVER_NOW_MS} + ?)`).join(', ')}
    ON DUPLICATE KEY UPDATE amount = IF(VALUES(sequence) >= sequence, VALUES(amount), amount),
      expires_at = IF(VALUES(sequence) >= sequence, VALUES(expires_at), expires_at), sequence = GREATEST(sequence, VALUES(sequence))`;
}

/** A named lock per key, within MySQL's 64 characters. */
function lockName(key: string): string {
  return `docsift_gauge_${createHash('sha1').update(key).digest('hex')}`;
}

function byKey(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function failureRecord(row: RowDataPacket | undefined): FailureRecord | null {
  return row ? { count: Number(row.failures), lastAt: Number(row.last_at) } : null;
}
