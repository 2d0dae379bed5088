import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../../host/src/config/config.js';
import { openDatabase } from '../../../host/src/main/runtime.js';
import { freshDatabase } from './mysql-database.js';

export interface OpenedDatabase {
  dataSource: DataSource;
  close: () => Promise<void>;
}

/** A host database dialect the persistence tests run on. */
export interface TestDatabase {
  name: string;
  /** Opens a migrated database of its own; null when its server is not configured. */
  open(): Promise<OpenedDatabase | null>;
  /** SQL creating a trigger named `refuse_<table>` that makes every `operation` on `table` fail with `<table> refused`. */
  refuse(operation: 'INSERT' | 'UPDATE' | 'DELETE', table: string): string;
}

export const TEST_DATABASES: TestDatabase[] = [
  {
    name: 'SQLite',
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-db-'));
      const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      return { dataSource, close: async () => { await dataSource.destroy(); fs.rmSync(dir, { recursive: true, force: true }); } };
    },
    refuse: (operation, table) => `CREATE TRIGGER refuse_${table} BEFORE ${operation} ON ${table} BEGIN SELECT RAISE(ABORT, '${table} refused'); END`,
  },
  {
    name: 'MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)',
    open: async () => {
      const base = process.env.DOCSIFT_TEST_MYSQL_URL;
      if (!base) return null;
      const db = await freshDatabase(base);
      const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATABASE_URL: db.url, LOG_LEVEL: 'silent' }));
      return { dataSource, close: async () => { await dataSource.destroy(); await db.drop(); } };
    },
    refuse: (operation, table) =>
      `CREATE TRIGGER refuse_${table} BEFORE ${operation} ON ${table} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${table} refused'`,
  },
];
