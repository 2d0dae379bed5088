import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { loadConfig } from '../../host/src/config/config.js';
import { openDatabase } from '../../host/src/main/runtime.js';
import { hostMigrations } from '../../host/src/persistence/data-source.js';
import { sealWebhookHeaders } from '../../host/src/persistence/migrations/1764500000000-SealWebhookHeaders.js';
import { loadSecretBox, SECRET_KEY_FILE, type SecretBox } from '../../host/src/webhooks/webhook-secrets.js';
import { freshDatabase } from './support/mysql-database.js';

type Row = Record<string, unknown>;

interface Dialect {
  name: string;
  /** The database before the migration (null: no server configured), how to open it raw, and the host's settings for it. */
  prepare(dir: string): Promise<{ raw: DataSourceOptions; env: Record<string, string>; drop: () => Promise<void> } | null>;
}

const DIALECTS: Dialect[] = [
  {
    name: 'SQLite',
    prepare: async (dir) => ({ raw: { type: 'better-sqlite3', database: path.join(dir, 'docsift.sqlite') }, env: {}, drop: async () => undefined }),
  },
  {
    name: 'MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)',
    prepare: async () => {
      const base = process.env.DOCSIFT_TEST_MYSQL_URL;
      if (!base) return null;
      const db = await freshDatabase(base);
      return { raw: { type: 'mysql', url: db.url, timezone: 'Z' }, env: { DOCSIFT_DATABASE_URL: db.url }, drop: db.drop };
    },
  },
];

const IDS = { sealedWithSecret: '00000000-0000-4000-8000-000000000001', clearOnly: '00000000-0000-4000-8000-000000000002', none: '00000000-0000-4000-8000-000000000003' };

async function insertConfig(dataSource: DataSource, id: string, secrets: string | null, headers: Record<string, string>): Promise<void> {
  await dataSource.query(
    `INSERT INTO webhook_configs (id, organization_id, connection_name, url, auth_type, secrets, headers, retry_enabled, max_retries, field_mappings, status, created_at, updated_at)
     VALUES (?, 'org', 'old', 'https://hooks.example.com/x', ?, ?, ?, 1, 5, '{"format":"default"}', 'active', ?, ?)`,
    [id, secrets ? 'hmac' : 'none', secrets, JSON.stringify(headers), '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'],
  );
}

const SEAL_TIMESTAMP = 1764500000000;
const timestampOf = (className: string) => Number(/\d{13}$/.exec(className)![0]);

const byId = (rows: Row[]) => new Map(rows.map((row) => [row.id as string, row]));
const opened = (box: SecretBox, sealed: unknown) => (sealed ? JSON.parse(box.open(sealed as string)) : null) as Row | null;

/** Issue 12, item 7: webhook headers stored in clear by earlier versions are sealed by a migration. */
describe('host: migration SealWebhookHeaders1764500000000', () => {
  for (const dialect of DIALECTS) {
    it(`seals the clear headers of existing configurations into their secrets and drops the column, and back (${dialect.name})`, async function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-seal-headers-'));
      const database = await dialect.prepare(dir);
      if (!database) {
        process.stderr.write(`notice: ${dialect.name} is not configured; skipped\n`);
        this.skip();
      }
      try {
        const before = new DataSource({ ...database.raw, migrations: hostMigrations.filter((migration) => timestampOf(migration.name) < SEAL_TIMESTAMP) });
        await before.initialize();
        await before.runMigrations();
        const box = loadSecretBox(dir, null);
        await insertConfig(before, IDS.sealedWithSecret, box.seal(JSON.stringify({ hmacSecret: 'old-hmac-secret' })), { 'X-Tenant': 'north' });
        await insertConfig(before, IDS.clearOnly, null, { 'X-Token': 'clear-header-token' });
        await insertConfig(before, IDS.none, null, {});
        await before.destroy();

        const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATA_DIR: dir, LOG_LEVEL: 'silent', ...database.env }));
        try {
          const rows = byId((await dataSource.query('SELECT * FROM webhook_configs')) as Row[]);
          for (const row of rows.values()) expect(row).not.to.have.property('headers');
          expect(JSON.stringify([...rows.values()])).not.to.include('north').and.not.to.include('clear-header-token');
          expect(opened(box, rows.get(IDS.sealedWithSecret)!.secrets)).to.deep.equal({ hmacSecret: 'old-hmac-secret', headers: { 'X-Tenant': 'north' } });
          expect(opened(box, rows.get(IDS.clearOnly)!.secrets)).to.deep.equal({ headers: { 'X-Token': 'clear-header-token' } });
          expect(rows.get(IDS.none)!.secrets).to.equal(null);

          const runner = dataSource.createQueryRunner();
          await new (sealWebhookHeaders(() => box))().down(runner);
          await runner.release();
          const reverted = byId((await dataSource.query('SELECT * FROM webhook_configs')) as Row[]);
          expect(JSON.parse(reverted.get(IDS.sealedWithSecret)!.headers as string)).to.deep.equal({ 'X-Tenant': 'north' });
          expect(opened(box, reverted.get(IDS.sealedWithSecret)!.secrets)).to.deep.equal({ hmacSecret: 'old-hmac-secret' });
          expect(JSON.parse(reverted.get(IDS.clearOnly)!.headers as string)).to.deep.equal({ 'X-Token': 'clear-header-token' });
          expect(reverted.get(IDS.clearOnly)!.secrets).to.equal(null);
          expect(JSON.parse(reverted.get(IDS.none)!.headers as string)).to.deep.equal({});
        } finally {
          await dataSource.destroy();
        }
      } finally {
        await database!.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('does not touch the secrets key when no configuration has headers to seal', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-seal-headers-'));
    try {
      const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      await dataSource.destroy();
      expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).to.equal(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
