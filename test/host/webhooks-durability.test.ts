import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EnginePool } from '../../host/src/engine/index.js';
import type { HostRuntime } from '../../host/src/main/runtime.js';
import { WebhookDeliveryEntity } from '../../host/src/persistence/entities/webhook.entities.js';
import type { WebhookRepository } from '../../host/src/persistence/webhook.repository.js';
import type { WebhookOutbox } from '../../host/src/webhooks/webhook-outbox.service.js';
import { startOn as startCrashableHost } from './support/crash-harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { callHost } from './support/runtime-call.js';

const RETRY_BASE_MS = 2000;
interface DeliveryView {
  id: string;
  status: string;
  attempts: Array<{ statusCode: number | null }>;
}

// A short lease, as in the harness: Agenda leaves a timer of half the lease pending after each job.
const ENV = { DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', DOCSIFT_WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000' };

const startOn = (dataDir: string, engine: EnginePool) => startCrashableHost(dataDir, engine, ENV);

describe('host: webhook deliveries survive restarts', () => {
  let receiver: Receiver;
  let dataDir: string;
  const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'C-1' }));
  before(async () => {
    receiver = await startReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-webhooks-'));
  });
  after(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a delivery in the middle of its retry schedule is delivered by the next process on the same data directory', async () => {
    receiver.respond('/restart', (n) => (n === 1 ? 503 : 200));
    const first = await startOn(dataDir, engine);
    let webhookId: string;
    let token: string;
    try {
      const account = await callHost(first, 'POST', '/api/auth/signup', null, { email: `r-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'R' });
      token = (await callHost(first, 'POST', '/api/api-keys', account.sessionToken, { name: 'k' })).key;
      webhookId = (await callHost(first, 'POST', '/api/integrations/webhooks', token, { connectionName: 'r', webhookConfig: { url: `${receiver.url}/restart`, authType: 'hmac', hmacSecret: 'restart-secret' } })).id;
      await callHost(first, 'POST', '/api/documents/extract', token, form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }));
      const pending = await waitFor(
        async () => (await callHost(first, 'GET', `/api/integrations/webhooks/${webhookId}/deliveries`, token)).deliveries,
        (list: DeliveryView[]) => list.length === 1 && list[0]!.attempts.length === 1,
      );
      expect(pending[0]!.status).to.equal('pending');
    } finally {
      await first.stop();
    }
    expect(receiver.on('/restart')).to.have.length(1);

    const second = await startOn(dataDir, engine);
    try {
      const [delivery] = await waitFor(
        async () => (await callHost(second, 'GET', `/api/integrations/webhooks/${webhookId}/deliveries`, token)).deliveries,
        (list: DeliveryView[]) => list[0]?.status === 'delivered',
      );
      expect(delivery!.attempts.map((attempt) => attempt.statusCode)).to.deep.equal([503, 200]);
      const requests = receiver.on('/restart');
      expect(requests).to.have.length(2);
      expect(requests.map((request) => request.headers['x-webhook-id'])).to.deep.equal([delivery!.id, delivery!.id]);
      expect(requests[1]!.at - requests[0]!.at).to.be.at.least(RETRY_BASE_MS * 0.9);
    } finally {
      await second.stop();
    }
  });

  describe('the sweeper', () => {
    let runtime: HostRuntime;
    before(async () => {
      runtime = await startOn(dataDir, engine);
    });
    after(async () => runtime.stop());

    async function org(): Promise<{ organizationId: string; webhookId: string; path: string }> {
      const account = await callHost(runtime, 'POST', '/api/auth/signup', null, { email: `s-${randomUUID()}@example.com`, password: 'correct horse battery', organizationName: 'S' });
      const hookPath = `/swept-${randomUUID()}`;
      const webhookId = (await callHost(runtime, 'POST', '/api/integrations/webhooks', account.sessionToken, { connectionName: 's', webhookConfig: { url: receiver.url + hookPath } })).id;
      return { organizationId: account.organization.id, webhookId, path: hookPath };
    }

    it('re-enqueues a pending delivery whose queue entry was lost', async () => {
      const { organizationId, webhookId, path: hookPath } = await org();
      const long = new Date(Date.now() - 5 * 60_000);
      const deliveryId = randomUUID();
      await runtime.dataSource.getRepository(WebhookDeliveryEntity).insert({
        id: deliveryId, organizationId, webhookId, jobId: null, url: null, event: 'extraction.completed', payload: { jobId: 'lost' }, status: 'pending',
        attempts: [], attemptCount: 0, maxAttempts: 3, nextAttemptAt: long, createdAt: long, updatedAt: long,
      });
      expect(await runtime.container.resolve<WebhookOutbox>('webhookOutbox').sweep()).to.be.at.least(1);
      const [request] = await waitFor(async () => receiver.on(hookPath), (list) => list.length === 1);
      expect(request!.headers['x-webhook-id']).to.equal(deliveryId);
    });

    it('purges finished deliveries past the retention period and keeps pending ones', async () => {
      const { organizationId, webhookId } = await org();
      const old = new Date(Date.now() - 31 * 86_400_000);
      const row = (id: string, status: 'delivered' | 'pending') => ({
        id, organizationId, webhookId, jobId: null, url: null, event: 'extraction.completed', payload: {}, status,
        attempts: [], attemptCount: 0, maxAttempts: 1, nextAttemptAt: null, createdAt: old, updatedAt: old,
      });
      const repository = runtime.container.resolve<WebhookRepository>('webhookRepository');
      await runtime.dataSource.getRepository(WebhookDeliveryEntity).insert([row(randomUUID(), 'delivered'), row(randomUUID(), 'pending')]);
      expect(await runtime.container.resolve<WebhookOutbox>('webhookOutbox').purge()).to.equal(1);
      expect((await repository.listDeliveries(webhookId, { after: null, limit: 10 })).items.map((delivery) => delivery.status)).to.deep.equal(['pending']);
    });
  });
});
