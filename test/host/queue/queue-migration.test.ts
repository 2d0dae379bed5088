import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { DEFAULT_QUEUE_TABLE, queueEntities, queueJobEntity, queueJobsMigrationFor, queueMigrations } from '../../../host/src/queue/index.js';
import { uniqueTableName } from './support.js';

describe('queue migration and entity', function () {
  it('creates the default table through TypeORM migrations on SQLite, once, matching the entity', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsift-queue-migration-'));
    const dataSource = new DataSource({
      type: 'better-sqlite3',
      database: join(dir, 'db.sqlite'),
      entities: queueEntities,
      migrations: queueMigrations,
    });
    try {
      await dataSource.initialize();
      expect((await dataSource.runMigrations()).map((m) => m.name)).to.deep.equal(['CreateQueueJobs1763719200000']);
      expect(await dataSource.runMigrations()).to.deep.equal([]);
      expect(await dataSource.createQueryRunner().hasTable(DEFAULT_QUEUE_TABLE)).to.equal(true);
      const drift = await dataSource.driver.createSchemaBuilder().log();
      expect(drift.upQueries.map((query) => query.query)).to.deep.equal([]);
    } finally {
      await dataSource.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const mysqlUrl = process.env.DOCSIFT_TEST_MYSQL_URL;
  (mysqlUrl ? it : it.skip)(
    `creates the table on MariaDB with millisecond columns, and may run twice${mysqlUrl ? '' : ' (skipped: DOCSIFT_TEST_MYSQL_URL is not set)'}`,
    async () => {
      const table = uniqueTableName();
      const dataSource = new DataSource({ type: 'mysql', url: mysqlUrl, timezone: 'Z', entities: [queueJobEntity(table)] });
      await dataSource.initialize();
      try {
        const Migration = queueJobsMigrationFor(table);
        const runner = dataSource.createQueryRunner();
        await new Migration().up(runner);
        await new Migration().up(runner);
        await runner.release();
        const columns = (await dataSource.query(
          'SELECT COLUMN_NAME AS name, DATETIME_PRECISION AS p FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND DATA_TYPE = ?',
          [table, 'datetime'],
        )) as { name: string; p: number }[];
        expect(columns).to.have.length(8);
        expect(columns.every((column) => Number(column.p) === 3)).to.equal(true);
      } finally {
        await dataSource.query(`DROP TABLE IF EXISTS \`${table}\``);
        await dataSource.destroy();
      }
    },
  );
});
