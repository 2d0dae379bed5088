import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { hostMigrations } from '../../host/src/persistence/data-source.js';
import { freshDatabase } from './support/mysql-database.js';

const NEW_COLUMNS = ['pages', 'corrected_data', 'corrected_at', 'corrected_by'];
const timestampOf = (className: string) => Number(/\d{13}$/.exec(className)![0]);
/** The host's migrations up to this one, so that it is the last (undoLastMigration reverts it). */
const MIGRATIONS = hostMigrations.filter((migration) => timestampOf(migration.name) <= 1764900000000);

const DIALECTS: Array<{ name: string; open(dir: string): Promise<{ options: DataSourceOptions; drop: () => Promise<void> } | null> }> = [
  { name: 'SQLite', open: async (dir) => ({ options: { type: 'better-sqlite3', database: path.join(dir, 'docsift.sqlite') }, drop: async () => undefined }) },
  {
    name: 'MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)',
    open: async () => {
      const base = process.env.DOCSIFT_TEST_MYSQL_URL;
      if (!base) return null;
      const db = await freshDatabase(base);
      return { options: { type: 'mysql', url: db.url, timezone: 'Z' }, drop: db.drop };
    },
  },
];

async function jobColumns(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    return (await runner.getTable('jobs'))!.columns.map((column) => column.name);
  } finally {
    await runner.release();
  }
}

/** Issue 16: the job columns for page images and corrected records. */
describe('host: migration AddJobPagesAndCorrection1764900000000', () => {
  for (const dialect of DIALECTS) {
    it(`adds pages, corrected_data, corrected_at and corrected_by to jobs (nullable), and drops them on the way down (${dialect.name})`, async function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-job-correction-'));
      const database = await dialect.open(dir);
      if (!database) {
        process.stderr.write(`notice: ${dialect.name} is not configured; skipped\n`);
        this.skip();
      }
      const dataSource = new DataSource({ ...database!.options, migrations: MIGRATIONS });
      try {
        await dataSource.initialize();
        await dataSource.runMigrations();
        const columns = await jobColumns(dataSource);
        expect(columns).to.include.members(NEW_COLUMNS);
        const runner = dataSource.createQueryRunner();
        const table = (await runner.getTable('jobs'))!;
        await runner.release();
        for (const name of NEW_COLUMNS) expect(table.findColumnByName(name)!.isNullable, name).to.equal(true);

        await dataSource.undoLastMigration();
        const reverted = await jobColumns(dataSource);
        expect(reverted).not.to.include.any.members(NEW_COLUMNS);
        expect(reverted).to.include.members(['extracted_data', 'analysis']);

        await dataSource.runMigrations();
        expect(await jobColumns(dataSource)).to.include.members(NEW_COLUMNS);
      } finally {
        if (dataSource.isInitialized) await dataSource.destroy();
        await database!.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
