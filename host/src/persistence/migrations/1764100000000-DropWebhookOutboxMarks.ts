import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** A job's deliveries are now written in the transaction of its result, so no mark is needed to find jobs without them. */
export class DropWebhookOutboxMarks1764100000000 implements MigrationInterface {
  name = 'DropWebhookOutboxMarks1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.dropTable('webhook_outbox_marks', true);
  }

  async down(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.createTable(new Table({ name: 'webhook_outbox_marks', columns: [{ ...c.ref('job_id'), isPrimary: true }, c.datetime('created_at')] }), true);
  }
}
