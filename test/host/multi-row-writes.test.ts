import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AccountRepository } from '../../host/src/persistence/account.repository.js';
import { OrganizationEntity, type Organization, type User } from '../../host/src/persistence/entities/account.entities.js';
import { WebhookDeliveryEntity, type WebhookConfigRecord, type WebhookDelivery } from '../../host/src/persistence/entities/webhook.entities.js';
import { WebhookRepository } from '../../host/src/persistence/webhook.repository.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';

const organization = (): Organization => ({ id: randomUUID(), name: 'Acme', createdAt: new Date() });

const owner = (organizationId: string, email: string): User => ({
  id: randomUUID(), organizationId, email, name: null, passwordHash: 'x', role: 'owner', createdAt: new Date(),
});

function webhookConfig(organizationId: string): WebhookConfigRecord {
  const at = new Date();
  return {
    id: randomUUID(), organizationId, connectionName: 'loan system', url: 'https://hooks.example.com/a', authType: 'none', secrets: null,
    retryEnabled: true, maxRetries: 3, fieldMappings: { format: 'default' }, status: 'active', createdAt: at, updatedAt: at,
  };
}

function delivery(config: WebhookConfigRecord): WebhookDelivery {
  const at = new Date();
  return {
    id: randomUUID(), organizationId: config.organizationId, webhookId: config.id, jobId: null, url: config.url, event: 'extraction.completed',
    payload: {}, status: 'pending', attempts: [], attemptCount: 0, maxAttempts: 3, nextAttemptAt: at, createdAt: at, updatedAt: at,
  };
}

for (const database of TEST_DATABASES) {
  describe(`host: writes of several rows are all or nothing on ${database.name}`, function () {
    let db: OpenedDatabase;
    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; multi-row write tests skipped there\n`);
        this.skip();
      }
      db = opened!;
    });
    after(async () => db?.close());

    it('creates no organization when its owner cannot be inserted (the email is taken)', async () => {
      const accounts = new AccountRepository({ dataSource: db.dataSource });
      const first = organization();
      await accounts.createOrganizationWithOwner(first, owner(first.id, 'taken@example.com'));
      const second = organization();
      await accounts.createOrganizationWithOwner(second, owner(second.id, 'taken@example.com')).then(
        () => expect.fail('a second owner with the same email was inserted'),
        (error: Error) => expect(error).to.be.instanceOf(Error),
      );
      expect(await db.dataSource.getRepository(OrganizationEntity).findOneBy({ id: second.id })).to.equal(null);
      expect(await db.dataSource.getRepository(OrganizationEntity).findOneBy({ id: first.id })).to.not.equal(null);
    });

    it('keeps a webhook configuration when its deliveries cannot be deleted, and deletes both once they can', async () => {
      const webhooks = new WebhookRepository({ dataSource: db.dataSource });
      const config = webhookConfig(randomUUID());
      await webhooks.insertConfig(config);
      await db.dataSource.getRepository(WebhookDeliveryEntity).insert(delivery(config) as QueryDeepPartialEntity<WebhookDelivery>);
      await db.dataSource.query(database.refuse('DELETE', 'webhook_deliveries'));
      try {
        await webhooks.deleteConfig(config.organizationId, config.id).then(
          () => expect.fail('the configuration was deleted'),
          (error: Error) => expect(error.message).to.contain('webhook_deliveries refused'),
        );
      } finally {
        await db.dataSource.query('DROP TRIGGER refuse_webhook_deliveries');
      }
      expect(await webhooks.findConfig(config.organizationId, config.id)).to.not.equal(null);
      expect(await db.dataSource.getRepository(WebhookDeliveryEntity).countBy({ webhookId: config.id })).to.equal(1);

      expect(await webhooks.deleteConfig(randomUUID(), config.id)).to.equal(false);
      expect(await webhooks.deleteConfig(config.organizationId, config.id)).to.equal(true);
      expect(await webhooks.findConfig(config.organizationId, config.id)).to.equal(null);
      expect(await db.dataSource.getRepository(WebhookDeliveryEntity).countBy({ webhookId: config.id })).to.equal(0);
    });
  });
}
