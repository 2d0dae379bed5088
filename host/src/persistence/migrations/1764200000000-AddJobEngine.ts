import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** The engine a job was submitted to (`local` for every job before), and the AI model an attempt ran with. */
export class AddJobEngine1764200000000 implements MigrationInterface {
  name = 'AddJobEngine1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.addColumns('jobs', [new TableColumn({ ...c.varchar('engine', 16), default: "'local'" }), new TableColumn(c.varchar('ai_model', 255, true))]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumns('jobs', ['ai_model', 'engine']);
  }
}
