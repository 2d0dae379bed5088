import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Corrections of extractions by template, and the layouts templates learn from them, per organization. */
export class CreateLearnedLayouts1764800000000 implements MigrationInterface {
  name = 'CreateLearnedLayouts1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    await runner.addColumn('template_extractions', new TableColumn(c.json('correction', true)));
    await runner.createTable(
      new Table({
        name: 'learned_layouts',
        columns: [
          c.id(), c.ref('organization_id'), c.ref('template_id'), c.ref('extraction_id'), c.json('field_names'), c.json('layout'), c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'ix_learned_layouts_org_template', columnNames: ['organization_id', 'template_id', 'created_at'] }),
          new TableIndex({ name: 'ix_learned_layouts_extraction', columnNames: ['extraction_id'] }),
        ],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('learned_layouts', true);
    await runner.dropColumn('template_extractions', 'correction');
  }
}
