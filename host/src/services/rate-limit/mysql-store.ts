import { createPool, type Pool, type RowDataPacket } from 'mysql2/promise';
import { PURGE_INTERVAL_MS, type CounterStore, type Increment } from './counter-store.js';

const CREATE_TABLE =
  'CREATE TABLE IF NOT EXISTS rate_windows (`key` VARCHAR(255) NOT NULL PRIMARY KEY, points INT NOT NULL, expires_at BIGINT NOT NULL)';

/** Counts in the MySQL/MariaDB database (table `rate_windows`); a batch is one transaction. */
export class MysqlCounterStore implements CounterStore {
  readonly #pool: Pool;
  readonly #table: Promise<unknown>;
  #purgedAt = 0;

  constructor(url: string) {
    this.#pool = createPool({ uri: url, connectionLimit: 2 });
    this.#table = this.#pool.query(CREATE_TABLE);
    this.#table.catch(() => undefined);
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    await this.#table;
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

  close(): Promise<void> {
    return this.#pool.end();
  }

  async #purgeExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.#purgedAt < PURGE_INTERVAL_MS) return;
    this.#purgedAt = now;
    await this.#pool.query('DELETE FROM rate_windows WHERE expires_at < ?', [now]);
  }
}
