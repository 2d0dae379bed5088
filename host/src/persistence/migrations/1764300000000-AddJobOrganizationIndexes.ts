import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Indexes for the per-organization limits: the running-job count read at every job start and
 * deferral (organization, status, last update), and the stored-bytes sum read at every upload
 * under a quota (organization, file key, size: answered from the index alone).
 */
export class AddJobOrganizationIndexes1764300000000 implements MigrationInterface {
  name = 'AddJobOrganizationIndexes1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createIndices('jobs', [
      new TableIndex({ name: 'ix_jobs_org_status_updated', columnNames: ['organization_id', 'status', 'updated_at'] }),
      new TableIndex({ name: 'ix_jobs_org_file', columnNames: ['organization_id', 'file_key', 'file_size'] }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('jobs', 'ix_jobs_org_file');
    await runner.dropIndex('jobs', 'ix_jobs_org_status_updated');
  }
}
