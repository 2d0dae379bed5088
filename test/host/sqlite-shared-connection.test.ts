import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { QueryRunner } from 'typeorm';
import type { OrganizationType } from '../../host/src/persistence/entities/job.entities.js';
import type { WebhookConfigRecord } from '../../host/src/persistence/entities/webhook.entities.js';
import { WebhookDeliveryEntity } from '../../host/src/persistence/entities/webhook.entities.js';
import { JobRepository } from '../../host/src/persistence/job.repository.js';
import { LendingRequirementsRepository } from '../../host/src/persistence/lending-requirements.repository.js';
import { TypeRepository } from '../../host/src/persistence/type.repository.js';
import { WebhookRepository } from '../../host/src/persistence/webhook.repository.js';
import { completion, deliveryOf, insertJob, processingJob } from './support/job-rows.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';

const SQLITE = TEST_DATABASES[0]!;

function organizationType(organizationId: string): OrganizationType {
  const at = new Date();
  return {
    id: randomUUID(), organizationId, typeCode: `t_${randomUUID().slice(0, 8)}`, displayName: 'T', description: 'a type', confidenceThreshold: 0.5,
    fields: [], keywords: [], examples: [], createdAt: at, updatedAt: at,
  };
}

function webhookConfig(organizationId: string): WebhookConfigRecord {
  const at = new Date();
  return {
    id: randomUUID(), organizationId, connectionName: 'loan system', url: 'https://hooks.example.com/a', authType: 'none', secrets: null,
    retryEnabled: true, maxRetries: 3, fieldMappings: { format: 'default' }, status: 'active', createdAt: at, updatedAt: at,
  };
}

/**
 * TypeORM runs every query of a better-sqlite3 DataSource on one connection (one shared query
 * runner). These tests run a job's `finish` at the moment another request's write reaches that
 * connection, make that write fail, and check that the job's result and deliveries stay.
 */
describe('host: on SQLite no other write can roll back a finished job (one shared connection)', () => {
  let db: OpenedDatabase;
  let runner: QueryRunner;
  let jobs: JobRepository;
  let original: QueryRunner['query'];
  before(async () => {
    db = (await SQLITE.open())!;
    runner = db.dataSource.createQueryRunner();
    original = runner.query;
    jobs = new JobRepository({ dataSource: db.dataSource });
  });
  afterEach(() => {
    runner.query = original;
  });
  after(async () => db.close());

  /** Runs `meanwhile` when a statement matching `pattern` reaches the connection, before the statement itself. */
  function interleave(pattern: RegExp, meanwhile: () => Promise<unknown>): void {
    runner.query = async function (this: QueryRunner, query: string, ...rest: unknown[]) {
      if (pattern.test(query)) {
        runner.query = original;
        await meanwhile();
      }
      return (original as (...args: unknown[]) => Promise<unknown>).call(this, query, ...rest);
    } as QueryRunner['query'];
  }

  const writes: Array<{ name: string; table: string; operation: 'INSERT' | 'UPDATE'; write: () => Promise<unknown> }> = [
    {
      name: 'saving lending requirements',
      table: 'lending_requirements',
      operation: 'INSERT',
      write: () => new LendingRequirementsRepository({ dataSource: db.dataSource }).save({ organizationId: randomUUID(), requirements: { minimumFieldConfidence: 0.6 }, updatedAt: new Date() }),
    },
    {
      name: 'updating a document type',
      table: 'organization_types',
      operation: 'UPDATE',
      write: async () => {
        const types = new TypeRepository({ dataSource: db.dataSource });
        const type = organizationType(randomUUID());
        await types.insert(type);
        return types.update({ ...type, displayName: 'renamed', updatedAt: new Date() });
      },
    },
    {
      name: 'updating a webhook configuration',
      table: 'webhook_configs',
      operation: 'UPDATE',
      write: async () => {
        const webhooks = new WebhookRepository({ dataSource: db.dataSource });
        const config = webhookConfig(randomUUID());
        await webhooks.insertConfig(config);
        return webhooks.updateConfig({ ...config, status: 'inactive', updatedAt: new Date() });
      },
    },
  ];

  for (const { name, table, operation, write } of writes) {
    it(`keeps a job's result and deliveries when ${name} fails while the job finishes`, async () => {
      const job = processingJob();
      const delivery = deliveryOf(job);
      await insertJob(jobs, job);
      let finished: boolean | undefined;
      await db.dataSource.query(SQLITE.refuse(operation, table));
      try {
        interleave(new RegExp(`^\\s*${operation}( INTO)? "${table}"`, 'i'), async () => {
          finished = await jobs.finish(job.id, 'completed', completion(new Date()), [delivery]);
        });
        await write().then(
          () => expect.fail(`${name} should have failed`),
          (error: Error) => expect(error.message).to.contain(`${table} refused`),
        );
      } finally {
        await db.dataSource.query(`DROP TRIGGER refuse_${table}`);
      }
      expect(finished).to.equal(true);
      expect((await jobs.find(job.id))!).to.include({ status: 'completed', progress: 100, documentType: 'insurance_cert' });
      expect((await db.dataSource.getRepository(WebhookDeliveryEntity).findBy({ jobId: job.id })).map((row) => row.id)).to.deep.equal([delivery.id]);
    });
  }

  it('refuses to finish a job inside a transaction already open on the connection, writing nothing', async () => {
    const job = processingJob();
    await insertJob(jobs, job);
    await db.dataSource.query('BEGIN');
    try {
      await jobs.finish(job.id, 'completed', completion(new Date()), [deliveryOf(job)]).then(
        () => expect.fail('finish ran inside the open transaction'),
        (error: Error) => expect(error.message).to.contain('a transaction is already open'),
      );
    } finally {
      await db.dataSource.query('ROLLBACK');
    }
    expect((await jobs.find(job.id))!).to.include({ status: 'processing', documentType: null });
    expect(await db.dataSource.getRepository(WebhookDeliveryEntity).countBy({ jobId: job.id })).to.equal(0);
  });
});
