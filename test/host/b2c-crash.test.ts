import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ProcessResult } from '@docsift/core';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import { fakeEngine, form, PDF_BYTES, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { callHost } from './support/runtime-call.js';
import { die, hangingEngine, startOn } from './support/crash-harness.js';
import { INVOICE_FIELDS } from './support/b2c.js';

// A short lease, so the dead worker's extraction is claimable again within seconds.
const ENV = { DOCSIFT_JOB_LOCK_LIFETIME_MS: '1500', DOCSIFT_JOB_ATTEMPTS: '2', DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RESULT: ProcessResult = {
  fileType: 'pdf',
  pageCount: 1,
  documentType: 'template',
  classificationConfidence: 1,
  alternativeTypes: [],
  extractedData: { invoiceNumber: 'AFTER-CRASH', total: 42, lineItems: null },
  fieldDetails: { invoiceNumber: { confidence: 0.9, page: 1, bbox: [0.1, 0.1, 0.2, 0.12], source: 'text' }, total: { confidence: 0.9, page: 1, bbox: null, source: 'text' } },
  findings: [],
  timingsMs: { ingest: 1, read: 1, classify: 0, extract: 1, validate: 0, total: 3 },
  pageSources: ['text'],
};

describe('host: a consumer extraction whose process died', () => {
  let receiver: Receiver;
  let dataDir: string;
  beforeEach(async () => {
    receiver = await startReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-b2c-crash-'));
  });
  afterEach(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is finished by the next process with the template it was submitted with, and delivered once', async () => {
    const first = hangingEngine();
    const a = await startOn(dataDir, first, ENV);
    let session: string;
    let extractionId: string;
    let templateId: string;
    try {
      const account = await callHost(a, 'POST', '/api/auth/signup', null, { email: `b2c-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'C' });
      session = account.sessionToken as string;
      templateId = (await callHost(a, 'POST', '/api/b2c/templates', session, { name: 'Invoices', fields: INVOICE_FIELDS })).id as string;
      const created = await callHost(a, 'POST', '/api/b2c/extract', session, form({ file: { bytes: PDF_BYTES, name: 'crash.pdf' }, templateId, webhookUrl: `${receiver.url}/crash` }));
      extractionId = created.extractionId as string;
      await waitFor(async () => first.calls.length, (n) => n === 1);
    } finally {
      await die(a);
    }

    const second = fakeEngine(() => RESULT);
    const b = await startOn(dataDir, second, ENV);
    try {
      // The template changes while no process runs the extraction: it still reads the fields it was submitted with.
      await callHost(b, 'PUT', `/api/b2c/templates/${templateId}`, session, { name: 'Invoices', fields: [{ name: 'other', type: 'string', description: 'x' }] });
      const record = await waitFor(() => callHost(b, 'GET', `/api/b2c/extract/${extractionId}`, session), (value) => value.status === 'completed' || value.status === 'failed');
      expect(record).to.include({ status: 'completed', templateVersion: 1 });
      expect(record.data).to.deep.equal({ invoiceNumber: 'AFTER-CRASH', total: 42, lineItems: null });
      expect(second.calls).to.have.length(1);
      expect(second.calls[0]!.options).to.deep.include({ template: { fields: INVOICE_FIELDS } });
      expect((await b.container.resolve<JobRepository>('jobRepository').find(extractionId))!.attempts).to.equal(2);
      const [delivery] = await waitFor(async () => receiver.on('/crash'), (list) => list.length === 1);
      expect(delivery!.body).to.deep.include({ extractionId, templateId, data: record.data });
      await pause(300);
      expect(receiver.on('/crash')).to.have.length(1);
    } finally {
      await b.stop();
    }
  });
});
