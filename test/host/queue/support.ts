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

/** Where one queue test runs: how each worker reaches the store, and how to clean up. */
export interface QueueStore {
  label: string;
  workerOptions(): Promise<{ dataSource?: DataSource; queueUrl?: string; storeName: string }>;
  cleanup(): Promise<void>;
}

function sqlQueueStore(database: TestDatabase): QueueStore {
  return {
    label: database.label,
    async workerOptions() {
      return { dataSource: await database.open(), storeName: database.tableName };
    },
    cleanup: () => database.cleanup(),
  };
}

function redisQueueStore(url: string): QueueStore {
  const storeName = uniqueTableName();
  return {
    label: 'Redis',
    async workerOptions() {
      return { queueUrl: url, storeName };
    },
    async cleanup() {
      const { Redis } = await import('ioredis');
      const redis = new Redis(url);
      try {
        const keys = await redis.keys(`${storeName}:*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

function postgresQueueStore(url: string): QueueStore {
  const storeName = uniqueTableName();
  return {
    label: 'PostgreSQL',
    async workerOptions() {
      return { queueUrl: url, storeName };
    },
    async cleanup() {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP TABLE IF EXISTS "${storeName}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Every queue store to run on: SQLite always, the servers when their URLs are set. */
export function queueStores(): { label: string; envVar?: string; make: (() => QueueStore) | undefined }[] {
  const { DOCSIFT_TEST_MYSQL_URL: mysqlUrl, DOCSIFT_TEST_REDIS_URL: redisUrl, DOCSIFT_TEST_POSTGRES_URL: postgresUrl } = process.env;
  return [
    { label: 'SQLite (TypeORM backend)', make: () => sqlQueueStore(sqliteDatabase()) },
    { label: 'MariaDB (TypeORM backend)', envVar: 'DOCSIFT_TEST_MYSQL_URL', make: mysqlUrl ? () => sqlQueueStore(mysqlDatabase(mysqlUrl)) : undefined },
    { label: 'Redis (Agenda backend)', envVar: 'DOCSIFT_TEST_REDIS_URL', make: redisUrl ? () => redisQueueStore(redisUrl) : undefined },
    { label: 'PostgreSQL (Agenda backend)', envVar: 'DOCSIFT_TEST_POSTGRES_URL', make: postgresUrl ? () => postgresQueueStore(postgresUrl) : undefined },
  ];
}
