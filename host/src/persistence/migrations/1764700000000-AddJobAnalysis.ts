import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** An analysis task's result (statement-of-repair findings and summary), beside the extraction. */
export class AddJobAnalysis1764700000000 implements MigrationInterface {
  name = 'AddJobAnalysis1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('jobs', new TableColumn(columnKit(dialectOf(runner)).json('analysis', true)));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('jobs', 'analysis');
  }
}
