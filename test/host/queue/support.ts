import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import pino from 'pino';
import { queueJobsMigrationFor } from '../../../host/src/queue/index.js';

export const silentLogger = pino({ level: 'silent' });

export function uniqueTableName(): string {
  return `qtest_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it holds or `timeoutMs` passes. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** A database under test: how to open another DataSource on it, and how to clean it up. */
export interface TestDatabase {
  label: string;
  tableName: string;
  open(): Promise<DataSource>;
  cleanup(): Promise<void>;
}

async function createTable(dataSource: DataSource, tableName: string): Promise<void> {
  const Migration = queueJobsMigrationFor(tableName);
  const runner = dataSource.createQueryRunner();
  try {
    await new Migration().up(runner);
  } finally {
    await runner.release();
  }
}

export function sqliteDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'docsift-queue-'));
  const tableName = uniqueTableName();
  const opened: DataSource[] = [];
  return {
    label: 'SQLite',
    tableName,
    async open() {
      const dataSource = new DataSource({ type: 'better-sqlite3', database: join(dir, 'queue.db'), enableWAL: true, timeout: 5000 });
      await dataSource.initialize();
      await createTable(dataSource, tableName);
      opened.push(dataSource);
      return dataSource;
    },
    async cleanup() {
      for (const dataSource of opened.splice(0)) if (dataSource.isInitialized) await dataSource.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function mysqlDatabase(url: string): TestDatabase {
  const tableName = uniqueTableName();
  const opened: DataSource[] = [];
  return {
    label: 'MariaDB',
    tableName,
    async open() {
      const dataSource = new DataSource({ type: 'mysql', url, timezone: 'Z', poolSize: 5 });
      await dataSource.initialize();
      await createTable(dataSource, tableName);
      opened.push(dataSource);
      return dataSource;
    },
    async cleanup() {
      const [first] = opened;
      if (first?.isInitialized) await first.query(`DROP TABLE IF EXISTS \`${tableName}\``);
      for (const dataSource of opened.splice(0)) if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

/** The SQL databases to run a suite on: SQLite always, MariaDB when its URL is set. */
export function sqlDatabases(): { label: string; make: (() => TestDatabase) | undefined }[] {
  const mysqlUrl = process.env.DOCSIFT_TEST_MYSQL_URL;
  return [
    { label: 'SQLite', make: sqliteDatabase },
    { label: 'MariaDB', make: mysqlUrl ? () => mysqlDatabase(mysqlUrl) : undefined },
  ];
}
