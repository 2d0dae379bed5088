import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { PDFDocument } from 'pdf-lib';
import { BUNDLED_PLUGINS } from '../../host/src/config/config.js';
import { createEnginePool, type EnginePool } from '../../host/src/engine/index.js';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import type { JobContext } from '../../host/src/queue/index.js';
import type { DocumentJobRunner } from '../../host/src/services/document-job.runner.js';
import { bearer, createKey, PUBLIC_URL, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { die, hangingEngine, startOn } from './support/crash-harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { callHost } from './support/runtime-call.js';
import { insertJob, processingJob } from './support/job-rows.js';
import { certificatePdf, statementPdf } from './support/lending-documents.js';

type Json = Record<string, any>;

/** Statement-of-repair analysis tasks end to end: queue, worker, real engine (worker thread), analysis. */
describe('host: analysis tasks (real engine, queue worker)', function () {
  this.timeout(180_000);
  let h: Harness;
  let pool: EnginePool;
  let account: Account;
  let key: string;
  let statement: Uint8Array;
  let certificate: Uint8Array;

  before(async () => {
    pool = createEnginePool({ size: 1, plugins: BUNDLED_PLUGINS, engineOptions: { ocr: { workers: 1 } }, logger: pino({ level: 'silent' }) });
    h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_KEY: '1000' }, { worker: true, enginePool: pool });
    account = await signup(h);
    key = await createKey(h, account);
    [statement, certificate] = await Promise.all([statementPdf(), certificatePdf()]);
  });
  after(async () => {
    await h.close();
    await pool.close();
  });

  const trigger = (bytes: Uint8Array, credential = key, parts: Record<string, string> = {}) =>
    h.request('POST', '/api/sor-analysis-trigger', { body: form({ ...parts, file: { bytes, name: 'statement.pdf' } }), headers: bearer(credential) });
  const status = (taskId: string, credential = key) => h.request('GET', `/api/task-status/${taskId}`, { headers: bearer(credential) });
  const finished = (taskId: string) =>
    waitFor(
      async () => (await status(taskId)).json() as Promise<Json>,
      (task) => task.status === 'completed' || task.status === 'failed',
      150_000,
    );

  let completedTaskId: string;

  it('queues a task (202 with taskId, pending, statusUrl), then reports it completed with the statement and its analysis', async () => {
    const res = await trigger(statement);
    expect(res.status).to.equal(202);
    const created = (await res.json()) as Json;
    expect(created.status).to.equal('pending');
    expect(created.statusUrl).to.equal(`${PUBLIC_URL}/api/task-status/${created.taskId}`);
    expect(res.headers.get('location')).to.equal(created.statusUrl);
    const task = await finished(created.taskId);
    expect(task).to.include({ taskId: created.taskId, status: 'completed', progress: 100 });
    expect(task.result.documentType).to.equal('sor');
    expect(task.result.extractedData).to.include.keys('constructionSections', 'recapSummary');
    expect(task.result.analysis.findings).to.be.an('array');
    for (const finding of task.result.analysis.findings as Json[]) expect(finding).to.include.keys('severity', 'code', 'message');
    expect(task.result.analysis.summary).to.be.an('object');
    expect(task.result.analysis).to.not.have.property('pageCount');
    expect(task).to.include.keys('createdAt', 'updatedAt', 'completedAt');
    completedTaskId = created.taskId;
  });

  it('gives the legacy view of the task at /api/tasks/{taskId}: the legacy synchronous shape, with a split PDF', async () => {
    const res = await h.request('GET', `/api/tasks/${completedTaskId}`, { headers: bearer(key) });
    expect(res.status).to.equal(200);
    const view = (await res.json()) as Json;
    expect(view).to.include({ taskId: completedTaskId, status: 'completed', progress: 100 });
    const pages = (await PDFDocument.load(statement)).getPageCount();
    expect(view.result.success).to.equal(true);
    expect(view.result.metadata).to.include({ totalPages: pages, processedDocuments: 1, unidentifiedDocuments: 0 });
    const [document] = view.result.documents as Json[];
    expect(document).to.include({ documentType: 'sor' });
    expect(document.pages).to.deep.equal([1, pages]);
    expect(document.extractedData).to.include.keys('consultantInfo', 'constructionSections', 'grandTotal');
    expect(document.analysis.findings).to.be.an('array');
    const split = await fetch(h.baseUrl + (document.splitPdfUrl as string).slice(PUBLIC_URL.length));
    expect(split.status).to.equal(200);
    expect((await PDFDocument.load(new Uint8Array(await split.arrayBuffer()))).getPageCount()).to.equal(pages);
  });

  it('does the same work inside POST /api/sor-analysis: 200 with the completed task status', async () => {
    const res = await h.request('POST', '/api/sor-analysis', { body: form({ model: 'local', file: { bytes: statement, name: 's.pdf' } }), headers: bearer(key) });
    expect(res.status).to.equal(200);
    const task = (await res.json()) as Json;
    expect(task.status).to.equal('completed');
    expect(task.result.analysis.findings).to.be.an('array');
    expect(await (await status(task.taskId)).json()).to.deep.equal(task);
  });

  it('fails a task whose document is not a statement of repair, saying so', async () => {
    const created = (await (await trigger(certificate)).json()) as Json;
    const task = await finished(created.taskId);
    expect(task.status).to.equal('failed');
    expect(task.error).to.match(/not a statement of repair/);
    expect(task).to.not.have.property('result');
  });

  it('refuses an unknown model (400) before creating a task', async () => {
    const res = await trigger(statement, key, { model: 'gpt-nonexistent' });
    expect(res.status).to.equal(400);
    expect(await res.json()).to.include({ error: 'invalid_request' });
  });

  it('fails a task still unfinished 3600 s after its creation, with a clear error', async () => {
    const jobs = h.container.resolve<JobRepository>('jobRepository');
    const createdAt = new Date(Date.now() - 3_601_000);
    const job = { ...processingJob(), organizationId: account.organizationId, service: 'analysis', status: 'pending' as const, attempts: 0, webhookUrl: null, createdAt, updatedAt: createdAt };
    await insertJob(jobs, job);
    const context: JobContext = { attempt: 1, maxAttempts: 3, touch: async () => undefined, signal: new AbortController().signal, handedBack: () => false, deferUntil: () => undefined };
    await h.container.resolve<DocumentJobRunner>('documentJobRunner').run({ jobId: job.id }, context);
    const task = (await (await status(job.id)).json()) as Json;
    expect(task.status).to.equal('failed');
    expect(task.error).to.equal('The task did not finish within its limit of 3600 s from its creation.');
  });

  describe('security', () => {
    it("answers 404 for another organization's task, on both views (the legacy one in the legacy layout)", async () => {
      const otherKey = await createKey(h, await signup(h));
      expect((await status(completedTaskId, otherKey)).status).to.equal(404);
      const legacy = await h.request('GET', `/api/tasks/${completedTaskId}`, { headers: bearer(otherKey) });
      expect(legacy.status).to.equal(404);
      expect(await legacy.json()).to.include({ code: 'NOT_FOUND' });
    });

    it('honours analysis:write and analysis:read (403 without them)', async () => {
      const readOnly = await createKey(h, account, { name: 'reader', scopes: ['analysis:read'] });
      const documentsOnly = await createKey(h, account, { name: 'documents', scopes: ['documents:read', 'documents:write'] });
      expect((await trigger(statement, readOnly)).status).to.equal(403);
      expect((await trigger(statement, documentsOnly)).status).to.equal(403);
      expect((await h.request('POST', '/api/sor-analysis', { body: form({ file: { bytes: statement, name: 's.pdf' } }), headers: bearer(readOnly) })).status).to.equal(403);
      expect((await status(completedTaskId, readOnly)).status).to.equal(200);
      expect((await status(completedTaskId, documentsOnly)).status).to.equal(403);
      const legacy = await h.request('GET', `/api/tasks/${completedTaskId}`, { headers: bearer(documentsOnly) });
      expect(legacy.status).to.equal(403);
      expect(await legacy.json()).to.include({ code: 'FORBIDDEN' });
    });

    it('keeps tasks off the document endpoints', async () => {
      expect((await h.request('GET', `/api/documents/extract/${completedTaskId}`, { headers: bearer(key) })).status).to.equal(404);
      expect((await h.request('DELETE', `/api/documents/extract/${completedTaskId}`, { headers: bearer(key) })).status).to.equal(404);
      const listing = (await (await h.request('GET', '/api/documents/extract', { headers: bearer(key) })).json()) as Json;
      expect(listing.jobs.map((job: Json) => job.jobId)).to.not.include(completedTaskId);
    });

    it('deletes a task with its file and result (analysis:write), and nothing that is not a task of the organization', async () => {
      const created = (await (await trigger(statement)).json()) as Json;
      await finished(created.taskId);
      const jobs = h.container.resolve<JobRepository>('jobRepository');
      const fileKey = (await jobs.find(created.taskId))!.fileKey!;
      const storedFile = path.join(h.dataDir, 'files', fileKey);
      expect(fs.existsSync(storedFile)).to.equal(true);
      const readOnly = await createKey(h, account, { name: 'reader only', scopes: ['analysis:read'] });
      const otherKey = await createKey(h, await signup(h));
      const remove = (taskId: string, credential = key) => h.request('DELETE', `/api/task-status/${taskId}`, { headers: bearer(credential) });

      expect((await remove(created.taskId, readOnly)).status).to.equal(403);
      expect((await remove(created.taskId, otherKey)).status).to.equal(404);
      const document = (await (await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'd.pdf' } }), headers: bearer(key) })).json()) as Json;
      expect((await remove(document.jobId)).status).to.equal(404);
      expect(await jobs.find(document.jobId)).to.not.equal(null);

      expect((await remove(created.taskId)).status).to.equal(204);
      expect((await status(created.taskId)).status).to.equal(404);
      expect((await h.request('GET', `/api/tasks/${created.taskId}`, { headers: bearer(key) })).status).to.equal(404);
      expect(await jobs.find(created.taskId)).to.equal(null);
      expect(fs.existsSync(storedFile)).to.equal(false);
      expect((await remove(created.taskId)).status).to.equal(404);
    });

    it('answers /api/tasks/* without credentials 401 in the legacy layout', async () => {
      const res = await h.request('GET', `/api/tasks/${completedTaskId}`);
      expect(res.status).to.equal(401);
      const body = (await res.json()) as Json;
      expect(body.code).to.equal('UNAUTHORIZED');
      expect(body.error).to.be.a('string');
    });
  });
});

describe('host: legacy task status under the rate limit', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_KEY: '2' });
    key = await createKey(h, await signup(h));
  });
  after(() => h.close());

  it('answers RATE_LIMIT_EXCEEDED with retryAfter, limit, remaining and reset on /api/tasks/*, the primary layout elsewhere', async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 5 && !refused; i += 1) {
      const res = await h.request('GET', '/api/tasks/00000000-0000-7000-8000-000000000000', { headers: bearer(key) });
      if (res.status === 429) refused = res;
      else expect(await res.json()).to.include({ code: 'NOT_FOUND' });
    }
    const body = (await refused!.json()) as Json;
    expect(body).to.include({ code: 'RATE_LIMIT_EXCEEDED', limit: 2, remaining: 0 });
    expect(body.retryAfter).to.be.a('number');
    expect(new Date(body.reset).toISOString()).to.equal(body.reset);
    const primary = (await (await h.request('GET', '/api/task-status/00000000-0000-7000-8000-000000000000', { headers: bearer(key) })).json()) as Json;
    expect(primary).to.include({ error: 'rate_limit_exceeded' });
  });
});

describe('host: an analysis task survives its worker dying', function () {
  this.timeout(60_000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-task-crash-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const statementData = {
    documentMetadata: { consultant: 'K. F.', propertyAddress: '1 Main St', borrowerName: null, lenderName: null, inspectionDate: null, contractorInfo: { name: null, license: null, phone: null } },
    constructionSections: [{ sectionName: '1.0 Roofing', lineItems: [{ description: 'Tear off and reroof', quantity: 20, unit: 'SQ', materialCost: 4000, laborCost: 3000, totalCost: 7000 }] }],
    recapSummary: { subtotal: 7000, generalConditions: null, overheadAndProfit: null, grandTotal: 7000 },
  };

  it('is taken up again after a restart and completes with its analysis', async () => {
    const env = { DOCSIFT_JOB_LOCK_LIFETIME_MS: '1500' };
    const first = hangingEngine();
    const a = await startOn(dataDir, first, env);
    let taskId: string;
    let key: string;
    try {
      const account = await callHost(a, 'POST', '/api/auth/signup', null, { email: `t-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'T' });
      key = (await callHost(a, 'POST', '/api/api-keys', account.sessionToken, { name: 'k' })).key as string;
      taskId = (await callHost(a, 'POST', '/api/sor-analysis-trigger', key, form({ file: { bytes: PDF_BYTES, name: 's.pdf' } }))).taskId as string;
      await waitFor(async () => first.calls.length, (n) => n === 1);
    } finally {
      await die(a);
    }
    const second = fakeEngine(() => resultOf('sor', statementData));
    const b = await startOn(dataDir, second, env);
    try {
      const task = await waitFor(() => callHost(b, 'GET', `/api/task-status/${taskId}`, key), (record) => record.status === 'completed' || record.status === 'failed');
      expect(task.status).to.equal('completed');
      expect(task.result.analysis.findings).to.be.an('array');
      expect(second.calls).to.have.length(1);
      expect(second.calls[0]!.options).to.deep.include({ allowedTypes: ['sor'] });
    } finally {
      await b.stop();
    }
  });
});
