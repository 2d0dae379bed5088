import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { DocsiftError, type ProcessResult } from '@docsift/core';
import { bearer, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { INVOICE_FIELDS } from './support/b2c.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RESULT: ProcessResult = {
  fileType: 'pdf',
  pageCount: 1,
  documentType: 'template',
  classificationConfidence: 1,
  alternativeTypes: [],
  extractedData: { invoiceNumber: 'INV-9', total: 120.5, lineItems: [{ description: 'Bolts', amount: 120.5 }] },
  fieldDetails: {
    invoiceNumber: { confidence: 0.9, page: 1, bbox: [0.1, 0.1, 0.2, 0.12], source: 'text' },
    total: { confidence: 0.7, page: 1, bbox: [0.6, 0.8, 0.7, 0.82], source: 'text' },
    'lineItems[0].amount': { confidence: 0.8, page: 1, bbox: [0.6, 0.3, 0.7, 0.32], source: 'text' },
  },
  findings: [],
  timingsMs: { ingest: 1, read: 1, classify: 0, extract: 1, validate: 0, total: 3 },
  pageSources: ['text'],
};

describe('host: consumer extractions delivered by webhook (template payload)', () => {
  let h: Harness;
  let receiver: Receiver;
  let owner: Account;
  let templateId: string;
  let outcome: () => ProcessResult | Error = () => RESULT;
  before(async () => {
    receiver = await startReceiver();
    h = await startHarness({ DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', DOCSIFT_WEBHOOK_RETRY_BASE_MS: '50' }, { worker: true, enginePool: fakeEngine(() => outcome()) });
    owner = await signup(h);
    const res = await h.request('POST', '/api/b2c/templates', { json: { name: 'Invoices', fields: INVOICE_FIELDS }, headers: bearer(owner.sessionToken) });
    templateId = ((await res.json()) as { id: string }).id;
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  async function configure(path: string, fieldMappings: Record<string, unknown>, status = 'active'): Promise<string> {
    const res = await h.request('POST', '/api/integrations/webhooks', {
      json: { connectionName: path, webhookConfig: { url: `${receiver.url}${path}`, authType: 'hmac', hmacSecret: 'consumer-secret-1234', retryEnabled: true, maxRetries: 3 }, fieldMappings, status },
      headers: bearer(owner.sessionToken),
    });
    expect(res.status).to.equal(201);
    return ((await res.json()) as { id: string }).id;
  }
  async function extract(webhookUrl?: string): Promise<string> {
    const res = await h.request('POST', '/api/b2c/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'invoice.pdf' }, templateId, ...(webhookUrl ? { webhookUrl } : {}) }),
      headers: bearer(owner.sessionToken),
    });
    expect(res.status).to.equal(202);
    return ((await res.json()) as { extractionId: string }).extractionId;
  }
  const toggle = (id: string, status: string) => h.request('PUT', `/api/integrations/webhooks/${id}`, { json: { status }, headers: bearer(owner.sessionToken) });

  it('delivers the template payload once to the submission webhookUrl and to each active configuration', async () => {
    const configId = await configure('/all', { format: 'default' });
    try {
      const extractionId = await extract(`${receiver.url}/submission`);
      const [submission] = await waitFor(async () => receiver.on('/submission'), (list) => list.length === 1);
      const [configured] = await waitFor(async () => receiver.on('/all'), (list) => list.length === 1);
      const record = (await (await h.request('GET', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).json()) as Record<string, any>;
      for (const delivery of [submission!, configured!]) {
        expect(delivery.body).to.have.keys('extractionId', 'templateId', 'fileName', 'timestamp', 'organizationId', 'userId', 'data', 'confidence', 'metadata');
        expect(delivery.body).to.deep.include({ extractionId, templateId, fileName: 'invoice.pdf', organizationId: owner.organizationId, userId: owner.userId });
        expect(delivery.body.data).to.deep.equal(record.data);
        expect(delivery.body.confidence).to.deep.equal(record.confidence);
        expect(delivery.body.metadata).to.deep.include({ extractionPlatform: 'docsift' });
      }
      const timestamp = configured!.headers['x-webhook-timestamp'] as string;
      expect(configured!.headers['x-webhook-signature']).to.equal(createHmac('sha256', 'consumer-secret-1234').update(`${timestamp}.`).update(configured!.raw).digest('hex'));
      await pause(300);
      expect(receiver.on('/submission')).to.have.length(1);
      expect(receiver.on('/all')).to.have.length(1);
    } finally {
      await toggle(configId, 'inactive');
    }
  });

  for (const [format, fieldMappings] of [
    ['flat', { format: 'flat', fields: { 'data.invoiceNumber': 'invoice', 'data.total': 'amount', 'data.lineItems': 'lines' } }],
    ['custom', { format: 'custom', transform: 'return { invoice: data.data.invoiceNumber, lines: data.data.lineItems.length, platform: data.metadata.extractionPlatform };' }],
  ] as const) {
    it(`a ${format} mapping tried with the test endpoint sends the same body on a real delivery`, async () => {
      const path = `/mapped-${format}`;
      const configId = await configure(path, fieldMappings);
      try {
        const extractionId = await extract();
        const [real] = await waitFor(async () => receiver.on(path), (list) => list.length === 1);
        const record = (await (await h.request('GET', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).json()) as { data: Record<string, unknown> };
        const test = await h.request('POST', '/api/integrations/webhooks/test', { json: { webhookId: configId, testData: { data: record.data } }, headers: bearer(owner.sessionToken) });
        expect(((await test.json()) as { delivered: boolean }).delivered).to.equal(true);
        const tested = receiver.on(path)[1]!;
        // The test delivery is marked as one; the rest of its body is the real delivery's.
        const { test: marked, ...testedBody } = tested.body;
        expect(marked).to.equal(true);
        expect(testedBody).to.deep.equal(real!.body);
        expect(real!.body).not.to.have.property('test');
      } finally {
        await toggle(configId, 'inactive');
      }
    });
  }

  it('delivers a failed extraction with every field null, confidences 0 and the error', async () => {
    outcome = () => new DocsiftError('corrupt_file', 'The PDF could not be read.');
    try {
      const extractionId = await extract(`${receiver.url}/failed`);
      const [delivery] = await waitFor(async () => receiver.on('/failed'), (list) => list.length === 1);
      expect(delivery!.body).to.deep.include({
        extractionId,
        data: { invoiceNumber: null, total: null, lineItems: null },
        confidence: { fields: { invoiceNumber: 0, total: 0, lineItems: 0 }, overall: 0 },
        error: 'The PDF could not be read.',
      });
    } finally {
      outcome = () => RESULT;
    }
  });
});
