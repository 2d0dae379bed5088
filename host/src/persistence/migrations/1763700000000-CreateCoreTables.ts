import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columnKit, dialectOf } from '../dialect.js';

/** Organizations, users, sessions, API keys, jobs, idempotency keys and organization types. */
export class CreateCoreTables1763700000000 implements MigrationInterface {
  name = 'CreateCoreTables1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columnKit(dialectOf(runner));
    const create = async (name: string, columns: Table['columns'] | ReturnType<typeof c.id>[], indices: TableIndex[] = []) => {
      await runner.createTable(new Table({ name, columns: columns as never, indices }), true);
    };
    await create('organizations', [c.id(), c.varchar('name', 255), c.datetime('created_at')]);
    await create(
      'users',
      [c.id(), c.ref('organization_id'), c.varchar('email', 320), c.varchar('name', 255, true), c.varchar('password_hash', 255), c.varchar('role', 16), c.datetime('created_at')],
      [new TableIndex({ name: 'ux_users_email', columnNames: ['email'], isUnique: true }), new TableIndex({ name: 'ix_users_org', columnNames: ['organization_id'] })],
    );
    await create(
      'sessions',
      [c.id(), c.varchar('token_hash', 64), c.ref('user_id'), c.ref('organization_id'), c.datetime('expires_at'), c.datetime('created_at')],
      [new TableIndex({ name: 'ux_sessions_token', columnNames: ['token_hash'], isUnique: true })],
    );
    await create(
      'api_keys',
      [
        c.id(), c.ref('organization_id'), c.ref('created_by', true), c.varchar('name', 255), c.varchar('key_hash', 64), c.varchar('key_prefix', 16),
        c.json('scopes'), c.datetime('expires_at', true), c.datetime('last_used_at', true), c.datetime('revoked_at', true), c.datetime('created_at'),
      ],
      [new TableIndex({ name: 'ux_api_keys_hash', columnNames: ['key_hash'], isUnique: true }), new TableIndex({ name: 'ix_api_keys_org', columnNames: ['organization_id'] })],
    );
    await create(
      'jobs',
      [
        c.id(), c.ref('organization_id'), c.ref('api_key_id', true), c.varchar('service', 16), c.varchar('status', 16), c.int('progress'),
        c.varchar('file_name', 255), c.varchar('file_type', 8), c.varchar('file_key', 255, true), c.bigint('file_size'), c.varchar('type_hint', 64, true),
        c.varchar('webhook_url', 2048, true), c.json('metadata', true), c.varchar('document_type', 64, true), c.double('classification_confidence', true),
        c.json('alternative_types', true), c.json('extracted_data', true), c.json('field_details', true), c.json('findings', true), c.text('error', true),
        c.int('attempts'), c.double('processing_time', true), c.datetime('created_at'), c.datetime('updated_at'), c.datetime('completed_at', true),
      ],
      [
        new TableIndex({ name: 'ix_jobs_org_created', columnNames: ['organization_id', 'created_at'] }),
        new TableIndex({ name: 'ix_jobs_status_created', columnNames: ['status', 'created_at'] }),
      ],
    );
    await create('idempotency_keys', [
      { ...c.ref('organization_id'), isPrimary: true },
      { ...c.varchar('idempotency_key', 255), isPrimary: true },
      c.ref('job_id'),
      c.datetime('created_at'),
    ]);
    await create(
      'organization_types',
      [
        c.id(), c.ref('organization_id'), c.varchar('type_code', 64), c.varchar('display_name', 255), c.text('description'), c.double('confidence_threshold'),
        c.json('fields'), c.json('keywords'), c.json('examples'), c.datetime('created_at'), c.datetime('updated_at'),
      ],
      [new TableIndex({ name: 'ux_org_types_code', columnNames: ['organization_id', 'type_code'], isUnique: true })],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['organization_types', 'idempotency_keys', 'jobs', 'api_keys', 'sessions', 'users', 'organizations']) {
      await runner.dropTable(table, true);
    }
  }
}
