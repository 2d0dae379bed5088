import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise';
import { PURGE_INTERVAL_MS, type CounterStore, type FailureRecord, type Gauge, type Increment } from './counter-store.js';

const CREATE_TABLES = [
  'CREATE TABLE IF NOT EXISTS rate_windows (`key` VARCHAR(255) NOT NULL PRIMARY KEY, points INT NOT NULL, expires_at BIGINT NOT NULL)',
  'CREATE TABLE IF NOT EXISTS process_gauges (`key` VARCHAR(255) NOT NULL, process_id VARCHAR(64) NOT NULL, amount BIGINT NOT NULL, sequence BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (`key`, process_id))',
  'CREATE TABLE IF NOT EXISTS login_failures (`key` VARCHAR(255) NOT NULL PRIMARY KEY, failures INT NOT NULL, last_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)',
];

/** The server's clock in Unix milliseconds: every process's published amounts expire by the same clock. */
const SERVER_NOW_MS = 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)';

/** Counts in the MySQL/MariaDB database (tables `rate_windows`, `process_gauges`, `login_failures`); a batch of windows is one transaction. */
export class MysqlCounterStore implements CounterStore {
  readonly #pool: Pool;
  readonly #tables: Promise<unknown>;
  #purgedAt = 0;

  constructor(url: string) {
    const pool = createPool({ uri: url, connectionLimit: 2 });
    this.#pool = pool;
    this.#tables = (async () => {
      for (const sql of CREATE_TABLES) await pool.query(sql);
    })();
    this.#tables.catch(() => undefined);
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    await this.#tables;
    const connection = await this.#pool.getConnection();
    try {
      await connection.beginTransaction();
      for (const { key, by, expiresAt } of increments) {
        await connection.query('INSERT INTO rate_windows (`key`, points, expires_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE points = points + VALUES(points)', [
          key,
          by,
          expiresAt,
        ]);
      }
      const [rows] = await connection.query<RowDataPacket[]>('SELECT `key`, points FROM rate_windows WHERE `key` IN (?)', [increments.map((i) => i.key)]);
      await connection.commit();
      const totals = new Map(rows.map((row) => [row.key as string, Number(row.points)]));
      await this.#purgeExpired();
      return increments.map((increment) => totals.get(increment.key) ?? increment.by);
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }

  /**
   * Two statements, each committed on its own: the write is visible before the read starts, so of
   * two processes publishing at once at least one reads the other's value.
   */
  async publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    if (gauges.length === 0) return [];
    await this.#tables;
    // Assignments run left to right, each seeing the ones before: `sequence` goes last.
    await this.#pool.query(
      `INSERT INTO process_gauges (\`key\`, process_id, amount, sequence, expires_at) VALUES ${gauges.map(() => `(?, ?, ?, ?, ${SERVER_NOW_MS} + ?)`).join(', ')}
       ON DUPLICATE KEY UPDATE amount = IF(VALUES(sequence) >= sequence, VALUES(amount), amount),
         expires_at = IF(VALUES(sequence) >= sequence, VALUES(expires_at), expires_at), sequence = GREATEST(sequence, VALUES(sequence))`,
      gauges.flatMap(({ key, value }) => [key, processId, value, sequence, ttlMs]),
    );
    const [rows] = await this.#pool.query<RowDataPacket[]>(
      `SELECT \`key\`, SUM(amount) AS total FROM process_gauges WHERE \`key\` IN (?) AND process_id <> ? AND expires_at > ${SERVER_NOW_MS} GROUP BY \`key\``,
      [gauges.map((gauge) => gauge.key), processId],
    );
    const totals = new Map(rows.map((row) => [row.key as string, Number(row.total)]));
    await this.#purgeExpired();
    return gauges.map((gauge) => totals.get(gauge.key) ?? 0);
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

  async #purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.#purgedAt < PURGE_INTERVAL_MS) return;
    this.#purgedAt = now;
    await this.#pool.query('DELETE FROM rate_windows WHERE expires_at < ?', [now]);
    await this.#pool.query(`DELETE FROM process_gauges WHERE expires_at < ${SERVER_NOW_MS}`);
    await this.#pool.query('DELETE FROM login_failures WHERE expires_at < ?', [now]);
  }
}

function failureRecord(row: RowDataPacket | undefined): FailureRecord | null {
  return row ? { count: Number(row.failures), lastAt: Number(row.last_at) } : null;
}
