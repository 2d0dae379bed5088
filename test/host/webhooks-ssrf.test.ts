import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../host/src/persistence/entities/webhook.entities.js';
import type { WebhookRepository } from '../../host/src/persistence/webhook.repository.js';
import type { WebhookOutbox } from '../../host/src/webhooks/webhook-outbox.service.js';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

type Json = Record<string, any>;

describe('host: the SSRF policy at submission and at delivery (DOCSIFT_WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let h: Harness;
  let receiver: Receiver;
  let account: Account;
  let key: string;
  before(async () => {
    receiver = await startReceiver();
    h = await startHarness(
      { DOCSIFT_WEBHOOK_RETRY_BASE_MS: '100', DOCSIFT_RATE_LIMIT_PER_KEY: '1000', DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '1000' },
      { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'S-1' })) },
    );
    account = await signup(h);
    key = await createKey(h, account);
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  const jobCount = async () => Number(((await h.dataSource.query('SELECT COUNT(*) AS n FROM jobs WHERE organization_id = ?', [account.organizationId])) as Array<{ n: number }>)[0]!.n);
  const storedFiles = () => {
    const root = path.join(h.config.storage.root, account.organizationId);
    return fs.existsSync(root) ? fs.readdirSync(root).length : 0;
  };

  describe('a webhookUrl given at submission', () => {
    const refused: Array<[string, RegExp]> = [
      ['http://127.0.0.1:8080/hook', /loopback/],
      ['http://localhost:9/hook', /loopback/],
      ['http://[::1]/hook', /loopback/],
      ['http://10.1.2.3/hook', /private/],
      ['http://169.254.169.254/latest/meta-data', /link-local/],
      ['http://2130706433/', /loopback/],
      ['ftp://example.com/x', /http or https/],
      ['file:///etc/passwd', /http or https/],
      ['not a url', /not a valid absolute URL/],
    ];
    for (const [url, reason] of refused) {
      for (const surface of ['/api/documents/extract', '/api/lending/extract']) {
        it(`${url} on POST ${surface}: 400 invalid_request naming webhookUrl, and no job`, async () => {
          const before = { jobs: await jobCount(), files: storedFiles() };
          const res = await h.request('POST', surface, { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, webhookUrl: url }), headers: bearer(key) });
          expect(res.status).to.equal(400);
          const body = (await res.json()) as Json;
          expect(body).to.deep.include({ error: 'invalid_request', details: { field: 'webhookUrl', reason: 'url_refused' } });
          expect(body.message).to.match(/^webhookUrl is refused: /).and.match(reason);
          expect({ jobs: await jobCount(), files: storedFiles() }).to.deep.equal(before);
        });
      }
    }

    it('accepts a public host name that does not resolve now (each delivery checks again after its own lookup)', async () => {
      const res = await h.request('POST', '/api/documents/extract', {
        body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, webhookUrl: 'https://hooks.docsift-test.invalid/x' }),
        headers: bearer(key),
      });
      expect(res.status).to.equal(202);
    });
  });

  describe('a delivery whose target is refused', () => {
    function delivery(webhookId: string | null, url: string | null): WebhookDelivery {
      const now = new Date();
      return {
        id: randomUUID(), organizationId: account.organizationId, webhookId, jobId: null, url, event: 'extraction.completed', payload: { jobId: 'j' },
        status: 'pending', attempts: [], attemptCount: 0, maxAttempts: 5, nextAttemptAt: now, createdAt: now, updatedAt: now,
      };
    }

    it('fails at once with the refusal recorded, without retries and without reaching the receiver (a literal IP, and a name resolving to loopback)', async () => {
      // Saved before the policy applied to it (for example a host name whose DNS now points inside): written directly.
      const webhookId = randomUUID();
      const now = new Date();
      await h.container.resolve<WebhookRepository>('webhookRepository').insertConfig({
        id: webhookId, organizationId: account.organizationId, connectionName: 'inside', url: `http://localhost:${new URL(receiver.url).port}/config`,
        authType: 'none', secrets: null, retryEnabled: true, maxRetries: 5, fieldMappings: { format: 'default' }, status: 'active', createdAt: now, updatedAt: now,
      });
      const rows = [delivery(null, `${receiver.url}/literal`), delivery(webhookId, null)];
      await h.dataSource.getRepository(WebhookDeliveryEntity).insert(rows as QueryDeepPartialEntity<WebhookDelivery>[]);
      await h.container.resolve<WebhookOutbox>('webhookOutbox').dispatch(rows);

      const repository = h.container.resolve<WebhookRepository>('webhookRepository');
      const read = () => Promise.all(rows.map((row) => repository.findDelivery(row.id)));
      await waitFor(read, (list) => list.every((row) => row?.status !== 'pending'));
      // Past the first retry delay (100 ms), a retryable failure would have been attempted again.
      await new Promise((resolve) => setTimeout(resolve, 600));
      for (const row of await read()) {
        expect(row).to.include({ status: 'failed', attemptCount: 1, nextAttemptAt: null });
        expect(row!.attempts).to.have.length(1);
        expect(row!.attempts[0]).to.include({ attempt: 1, statusCode: null, error: 'webhook URLs may not point to a loopback address' });
      }
      expect(receiver.received).to.have.length(0);
      const log = (await (await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(key) })).json()) as Json;
      const logged = (log.deliveries as Json[]).find((entry) => entry.id === rows[1]!.id)!;
      expect(logged).to.deep.include({ status: 'failed' });
      expect(logged.attempts[0].error).to.equal('webhook URLs may not point to a loopback address');
    });
  });
});
