import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Webhook configurations, their deliveries (the outbox) and the marks of jobs already handed to it. */
export class CreateWebhookTables1763900000000 implements MigrationInterface {
  name = 'CreateWebhookTables1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    const bool = (name: string) => ({ name, type: 'boolean', default: false });
    await runner.createTable(
      new Table({
        name: 'webhook_configs',
        columns: [
          c.id(), c.ref('organization_id'), c.varchar('connection_name', 255), c.varchar('url', 2048), c.varchar('auth_type', 16), c.text('secrets', true),
          c.json('headers'), bool('retry_enabled'), c.int('max_retries'), c.json('field_mappings'), c.varchar('status', 16), c.datetime('created_at'), c.datetime('updated_at'),
        ],
        indices: [new TableIndex({ name: 'ix_webhook_configs_org', columnNames: ['organization_id', 'status'] })],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          c.id(), c.ref('organization_id'), c.ref('webhook_id', true), c.ref('job_id', true), c.varchar('url', 2048, true), c.varchar('event', 64), c.json('payload'),
          c.varchar('status', 16), c.json('attempts'), c.int('attempt_count'), c.int('max_attempts'), c.datetime('next_attempt_at', true), c.datetime('created_at'), c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'ix_webhook_deliveries_webhook', columnNames: ['webhook_id', 'created_at'] }),
          new TableIndex({ name: 'ix_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at'] }),
        ],
      }),
      true,
    );
    await runner.createTable(new Table({ name: 'webhook_outbox_marks', columns: [{ ...c.ref('job_id'), isPrimary: true }, c.datetime('created_at')] }), true);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['webhook_outbox_marks', 'webhook_deliveries', 'webhook_configs']) await runner.dropTable(table, true);
  }
}
