import { expect } from 'chai';
import type { WebhookDeliveryRunner } from '../../host/src/webhooks/webhook-delivery.runner.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

type Json = Record<string, any>;

const CERT = { certificateNumber: 'SECRET-CERT-31', insuredName: 'Redstone Private Holdings' };

/** Issue 12, item 7: a deleted job leaves none of its data in the outbox; real deliveries are never marked as tests. */
describe('host: webhook deliveries of a deleted job', () => {
  let h: Harness;
  let receiver: Receiver;
  before(async () => {
    // Retries an hour apart: the second attempt of a failing delivery only runs when the test runs it.
    h = await startHarness({ DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', DOCSIFT_WEBHOOK_RETRY_BASE_MS: '3600000' }, { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', CERT)) });
    receiver = await startReceiver();
    receiver.respond('/failing', () => 500);
    receiver.respond('/submitted', () => 500);
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  it('empties the payload of its configurations’ deliveries (kept in their logs), removes its webhookUrl’s, and fails a pending one at its next attempt', async () => {
    const account = await signup(h);
    const key = await createKey(h, account);
    const addWebhook = async (webhookConfig: Json) => {
      const res = await h.request('POST', '/api/integrations/webhooks', { json: { connectionName: 'hook', webhookConfig }, headers: bearer(key) });
      return ((await res.json()) as { id: string }).id;
    };
    const delivered = await addWebhook({ url: `${receiver.url}/real`, headers: { 'X-Webhook-Test': 'true' } });
    const failing = await addWebhook({ url: `${receiver.url}/failing`, maxRetries: 3 });
    const submitted = await h.request('POST', '/api/documents/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' }, webhookUrl: `${receiver.url}/submitted` }),
      headers: bearer(key),
    });
    const { jobId } = (await submitted.json()) as { jobId: string };
    const rows = () => h.dataSource.query('SELECT id, webhook_id, payload, status, attempt_count FROM webhook_deliveries WHERE job_id = ?', [jobId]) as Promise<Json[]>;
    await waitFor(rows, (list) => list.length === 3 && list.every((row) => Number(row.attempt_count) === 1));

    const [real] = receiver.on('/real');
    expect(real!.headers).not.to.have.property('x-webhook-test');
    expect(real!.body).not.to.have.property('test');
    expect(real!.body).to.include({ jobId });

    expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);

    const left = await rows();
    expect(left.map((row) => row.webhook_id).sort()).to.deep.equal([delivered, failing].sort());
    for (const row of left) expect(JSON.parse(row.payload as string)).to.deep.equal({});
    const all = JSON.stringify(await h.dataSource.query('SELECT * FROM webhook_deliveries'));
    expect(all).not.to.include('SECRET-CERT-31').and.not.to.include('Redstone');

    const log = async (webhookId: string) =>
      ((await (await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(key) })).json()) as { deliveries: Json[] }).deliveries;
    expect((await log(delivered))[0]).to.include({ jobId, status: 'delivered', event: 'extraction.completed' });

    const pending = left.find((row) => row.webhook_id === failing)!;
    await h.container.resolve<WebhookDeliveryRunner>('webhookDeliveryRunner').run({ deliveryId: pending.id as string, attempt: 2 });
    const [entry] = await log(failing);
    expect(entry).to.include({ jobId, status: 'failed' });
    expect(entry!.attempts.map((attempt: Json) => attempt.error)).to.deep.equal(['the receiver answered 500', 'the job was deleted']);
    expect(receiver.on('/failing')).to.have.length(1);
  });
});
