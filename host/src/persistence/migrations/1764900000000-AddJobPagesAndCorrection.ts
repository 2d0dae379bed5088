import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/**
 * A job's pages as the engine read them (size, rotation, deskew: what its page images need), and
 * the corrected record a user stored beside the engine's data, with when and by whom.
 */
export class AddJobPagesAndCorrection1764900000000 implements MigrationInterface {
  name = 'AddJobPagesAndCorrection1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.addColumns('jobs', [
      new TableColumn(c.json('pages', true)),
      new TableColumn(c.json('corrected_data', true)),
      new TableColumn(c.datetime('corrected_at', true)),
      new TableColumn(c.json('corrected_by', true)),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumns('jobs', ['corrected_by', 'corrected_at', 'corrected_data', 'pages']);
  }
}
