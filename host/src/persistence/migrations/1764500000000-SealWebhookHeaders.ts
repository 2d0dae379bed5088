import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Seals and opens webhook secrets (webhooks/webhook-secrets.ts, SecretBox). */
export interface WebhookSecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

interface ConfigRow {
  id: string;
  secrets: string | null;
}

/**
 * The extra headers of webhook configurations may hold credentials, so they move from their clear
 * `headers` column into the sealed `secrets` (`{authValue?, hmacSecret?, headers?}`), and the
 * column goes. The migration needs the secrets' key: `openSealer` is called only when some row has
 * headers to move (or, going down, sealed secrets to open).
 */
export function sealWebhookHeaders(openSealer: () => WebhookSecretSealer): new () => MigrationInterface {
  return class SealWebhookHeaders1764500000000 implements MigrationInterface {
    name = 'SealWebhookHeaders1764500000000';

    async up(runner: QueryRunner): Promise<void> {
      const rows = (await runner.query('SELECT id, secrets, headers FROM webhook_configs')) as Array<ConfigRow & { headers: string | null }>;
      let sealer: WebhookSecretSealer | null = null;
      for (const row of rows) {
        const headers = JSON.parse(row.headers ?? '{}') as Record<string, string>;
        if (Object.keys(headers).length === 0) continue;
        sealer ??= openSealer();
        const secrets = row.secrets ? (JSON.parse(sealer.open(row.secrets)) as Record<string, unknown>) : {};
        await runner.query('UPDATE webhook_configs SET secrets = ? WHERE id = ?', [sealer.seal(JSON.stringify({ ...secrets, headers })), row.id]);
      }
      await runner.dropColumn('webhook_configs', 'headers');
    }

    async down(runner: QueryRunner): Promise<void> {
      await runner.addColumn('webhook_configs', new TableColumn(columnKit(dialectOf(runner)).json('headers', true)));
      await runner.query("UPDATE webhook_configs SET headers = '{}'");
      const rows = (await runner.query('SELECT id, secrets FROM webhook_configs WHERE secrets IS NOT NULL')) as ConfigRow[];
      let sealer: WebhookSecretSealer | null = null;
      for (const row of rows) {
        sealer ??= openSealer();
        const { headers, ...secrets } = JSON.parse(sealer.open(row.secrets!)) as { headers?: Record<string, string> };
        if (!headers) continue;
        const sealed = Object.keys(secrets).length === 0 ? null : sealer.seal(JSON.stringify(secrets));
        await runner.query('UPDATE webhook_configs SET secrets = ?, headers = ? WHERE id = ?', [sealed, JSON.stringify(headers), row.id]);
      }
    }
  };
}
