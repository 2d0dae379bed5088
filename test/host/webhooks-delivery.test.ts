import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { DocsiftError } from '@docsift/core';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type ReceivedRequest, type Receiver } from './support/webhook-receiver.js';

const CERT = { certificateNumber: 'C-9', insuredName: 'Redstone', coverages: [{ type: 'general_liability', amount: 1000 }, { type: 'auto', amount: 250 }] };
const RETRY_BASE_MS = 300;
const ENV = { DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', DOCSIFT_WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS), DOCSIFT_JOB_RETRY_BASE_MS: '50' };

interface Org {
  account: Account;
  key: string;
}

async function newOrg(h: Harness): Promise<Org> {
  const account = await signup(h);
  return { account, key: await createKey(h, account) };
}

async function addWebhook(h: Harness, org: Org, body: Record<string, unknown>): Promise<string> {
  const res = await h.request('POST', '/api/integrations/webhooks', { json: { connectionName: 'hook', ...body }, headers: bearer(org.key) });
  if (res.status !== 201) throw new Error(`webhook creation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function submit(h: Harness, org: Org, parts: Record<string, string> = {}): Promise<string> {
  const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' }, ...parts }), headers: bearer(org.key) });
  expect(res.status).to.equal(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

interface DeliveryView {
  id: string;
  event: string;
  jobId: string;
  status: string;
  attempts: Array<{ attempt: number; at: string; statusCode: number | null; durationMs: number; error: string | null }>;
}

async function deliveries(h: Harness, org: Org, webhookId: string): Promise<DeliveryView[]> {
  const res = await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(org.key) });
  return ((await res.json()) as { deliveries: DeliveryView[] }).deliveries;
}

async function settled(h: Harness, org: Org, webhookId: string, count = 1): Promise<DeliveryView[]> {
  return waitFor(
    () => deliveries(h, org, webhookId),
    (list) => list.length >= count && list.every((delivery) => delivery.status !== 'pending'),
  );
}

async function arrivals(receiver: Receiver, path: string, count: number): Promise<ReceivedRequest[]> {
  return waitFor(async () => receiver.on(path), (list) => list.length >= count);
}

describe('host: webhook deliveries', () => {
  let h: Harness;
  let receiver: Receiver;
  let refuse = false;
  const engine = fakeEngine(() => (refuse ? new DocsiftError('corrupt_file', 'The PDF is damaged and cannot be read.') : resultOf('insurance_cert', CERT)));
  before(async () => {
    h = await startHarness(ENV, { worker: true, enginePool: engine });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  it('sends each auth type as configured; the receiver verifies the HMAC over the raw body', async () => {
    const org = await newOrg(h);
    const base = { retryEnabled: false };
    await addWebhook(h, org, { webhookConfig: { ...base, url: `${receiver.url}/none`, headers: { 'X-Extra': 'yes' } } });
    await addWebhook(h, org, { webhookConfig: { ...base, url: `${receiver.url}/bearer`, authType: 'bearer', authValue: 'tok-1' } });
    await addWebhook(h, org, { webhookConfig: { ...base, url: `${receiver.url}/apikey-header`, authType: 'apikey', authValue: 'X-Loan-Key:k-2' } });
    await addWebhook(h, org, { webhookConfig: { ...base, url: `${receiver.url}/apikey-bare`, authType: 'apikey', authValue: 'k-3' } });
    const hmacId = await addWebhook(h, org, { webhookConfig: { ...base, url: `${receiver.url}/hmac`, authType: 'hmac', hmacSecret: 'hmac-secret-4' } });
    const jobId = await submit(h, org);

    const [none] = await arrivals(receiver, '/none', 1);
    expect(none!.headers).to.include({ 'content-type': 'application/json', 'x-extra': 'yes' });
    expect(none!.headers).not.to.have.property('authorization');
    expect(none!.body).to.deep.equal({
      event: 'extraction.completed', jobId, status: 'completed', documentType: 'insurance_cert', confidence: 0.93, extractedData: CERT, metadata: {},
    });
    expect((await arrivals(receiver, '/bearer', 1))[0]!.headers.authorization).to.equal('Bearer tok-1');
    expect((await arrivals(receiver, '/apikey-header', 1))[0]!.headers['x-loan-key']).to.equal('k-2');
    expect((await arrivals(receiver, '/apikey-bare', 1))[0]!.headers['x-api-key']).to.equal('k-3');
    const [signed] = await arrivals(receiver, '/hmac', 1);
    const timestamp = signed!.headers['x-webhook-timestamp'] as string;
    expect(timestamp).to.match(/^\d{13}$/);
    const expected = createHmac('sha256', 'hmac-secret-4').update(`${timestamp}.`).update(signed!.raw).digest('hex');
    expect(signed!.headers['x-webhook-signature']).to.equal(expected);

    const [delivery] = await settled(h, org, hmacId);
    expect(delivery).to.deep.include({ event: 'extraction.completed', jobId, status: 'delivered' });
    expect(signed!.headers['x-webhook-id']).to.equal(delivery!.id);
    expect(delivery!.attempts).to.have.length(1);
    expect(delivery!.attempts[0]).to.include({ attempt: 1, statusCode: 200, error: null });
  });

  it('applies each mapping format; a failing transform fails that delivery once, with its error, and nothing else', async () => {
    const org = await newOrg(h);
    await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/default` }, fieldMappings: { format: 'default', fields: { jobId: 'id', certificateNumber: 'certNo' } } });
    await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/flat` }, fieldMappings: { format: 'flat', fields: { jobId: 'ref', 'extractedData.coverages[].amount': 'amounts', missing: 'gone' } } });
    await addWebhook(h, org, {
      webhookConfig: { url: `${receiver.url}/custom` },
      fieldMappings: { format: 'custom', transform: 'return { ref: data.jobId, total: data.extractedData.coverages.reduce((sum, c) => sum + c.amount, 0) };' },
    });
    const brokenId = await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/broken` }, fieldMappings: { format: 'custom', transform: 'while (true) {}' } });
    const jobId = await submit(h, org);

    const [mappedDefault] = await arrivals(receiver, '/default', 1);
    expect(mappedDefault!.body).to.include({ id: jobId, event: 'extraction.completed' });
    expect(mappedDefault!.body).not.to.have.property('jobId');
    expect(mappedDefault!.body.extractedData).to.deep.include({ certNo: 'C-9', insuredName: 'Redstone' });
    expect((await arrivals(receiver, '/flat', 1))[0]!.body).to.deep.equal({ ref: jobId, amounts: [1000, 250], gone: null });
    expect((await arrivals(receiver, '/custom', 1))[0]!.body).to.deep.equal({ ref: jobId, total: 1250 });

    const [broken] = await settled(h, org, brokenId);
    expect(broken!.status).to.equal('failed');
    expect(broken!.attempts).to.have.length(1);
    expect(broken!.attempts[0]!.statusCode).to.equal(null);
    expect(broken!.attempts[0]!.error).to.match(/ran longer than/);
    expect(receiver.on('/broken')).to.have.length(0);
  });

  it('delivers the submission payload to a webhookUrl, and extraction.failed when the job fails', async () => {
    const org = await newOrg(h);
    const completedId = await submit(h, org, { webhookUrl: `${receiver.url}/submission`, metadata: JSON.stringify({ loanNumber: 'KL-1' }) });
    const [completed] = await arrivals(receiver, '/submission', 1);
    expect(completed!.body).to.deep.include({ event: 'extraction.completed', jobId: completedId, status: 'completed', metadata: { loanNumber: 'KL-1' } });
    refuse = true;
    try {
      const failedId = await submit(h, org, { webhookUrl: `${receiver.url}/submission-failed` });
      const [failed] = await arrivals(receiver, '/submission-failed', 1);
      expect(failed!.body).to.deep.equal({
        event: 'extraction.failed', jobId: failedId, status: 'failed', documentType: null, confidence: null, extractedData: null, metadata: {},
        error: 'The PDF is damaged and cannot be read.',
      });
    } finally {
      refuse = false;
    }
  });

  it('retries a receiver that fails twice with waits of base and 2 × base, keeping X-Webhook-Id', async () => {
    const org = await newOrg(h);
    receiver.respond('/flaky', (n) => (n <= 2 ? 503 : 200));
    const id = await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/flaky`, maxRetries: 5 } });
    await submit(h, org);
    const requests = await arrivals(receiver, '/flaky', 3);
    const [delivery] = await settled(h, org, id);
    expect(delivery!.status).to.equal('delivered');
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).to.deep.equal([503, 503, 200]);
    expect(delivery!.attempts[0]!.error).to.be.a('string');
    expect(new Set(requests.map((request) => request.headers['x-webhook-id']))).to.deep.equal(new Set([delivery!.id]));
    const gaps = [requests[1]!.at - requests[0]!.at, requests[2]!.at - requests[1]!.at];
    expect(gaps[0]).to.be.within(RETRY_BASE_MS * 0.9, RETRY_BASE_MS + 900);
    expect(gaps[1]).to.be.within(2 * RETRY_BASE_MS * 0.9, 2 * RETRY_BASE_MS + 900);
  });

  it('stops after maxRetries attempts in total, and after one when retryEnabled is false', async () => {
    const org = await newOrg(h);
    receiver.respond('/down', () => 500);
    receiver.respond('/down-once', () => 500);
    const id = await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/down`, maxRetries: 3 } });
    const onceId = await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/down-once`, maxRetries: 3, retryEnabled: false } });
    await submit(h, org);
    const [delivery] = await settled(h, org, id);
    expect(delivery!.status).to.equal('failed');
    expect(delivery!.attempts.map((attempt) => attempt.attempt)).to.deep.equal([1, 2, 3]);
    const [once] = await settled(h, org, onceId);
    expect(once!.status).to.equal('failed');
    expect(once!.attempts).to.have.length(1);
    await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 3));
    expect(receiver.on('/down')).to.have.length(3);
    expect(receiver.on('/down-once')).to.have.length(1);
  });

  it('sends nothing to an inactive configuration', async () => {
    const org = await newOrg(h);
    const inactiveId = await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/inactive` }, status: 'inactive' });
    await addWebhook(h, org, { webhookConfig: { url: `${receiver.url}/active-beside` } });
    await submit(h, org);
    await arrivals(receiver, '/active-beside', 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.on('/inactive')).to.have.length(0);
    expect(await deliveries(h, org, inactiveId)).to.deep.equal([]);
  });
});
