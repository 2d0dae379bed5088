import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Consumer templates, and what each extraction by template keeps beside its job row. */
export class CreateTemplateTables1764400000000 implements MigrationInterface {
  name = 'CreateTemplateTables1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.createTable(
      new Table({
        name: 'templates',
        columns: [
          c.id(), c.ref('organization_id'), c.varchar('name', 255), c.text('description', true), c.varchar('document_type', 64, true),
          c.json('fields'), c.int('version'), c.datetime('created_at'), c.datetime('updated_at'),
        ],
        indices: [new TableIndex({ name: 'ix_templates_org_created', columnNames: ['organization_id', 'created_at'] })],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'template_extractions',
        columns: [
          { ...c.ref('job_id'), isPrimary: true }, c.ref('organization_id'), c.ref('user_id'), c.ref('template_id'), c.int('template_version'),
          c.json('fields'), c.json('read_result', true), c.datetime('created_at'),
        ],
        indices: [new TableIndex({ name: 'ix_template_extractions_org_template', columnNames: ['organization_id', 'template_id', 'created_at'] })],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('template_extractions', true);
    await runner.dropTable('templates', true);
  }
}
