import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Lending requirements, one row per organization. */
export class CreateLendingRequirements1764000000000 implements MigrationInterface {
  name = 'CreateLendingRequirements1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.createTable(
      new Table({ name: 'lending_requirements', columns: [{ ...c.ref('organization_id'), isPrimary: true }, c.json('requirements'), c.datetime('updated_at')] }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('lending_requirements', true);
  }
}
