import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Sessions by user: a user's list of sessions, signing out everywhere, and a member's removal. */
export class AddSessionUserIndex1764600000000 implements MigrationInterface {
  name = 'AddSessionUserIndex1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createIndex('sessions', new TableIndex({ name: 'ix_sessions_user', columnNames: ['user_id', 'created_at'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('sessions', 'ix_sessions_user');
  }
}
