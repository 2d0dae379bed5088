import { expect } from 'chai';
import type { EnginePool } from '../../host/src/engine/index.js';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import type { JobContext } from '../../host/src/queue/index.js';
import type { DocumentJobRunner } from '../../host/src/services/document-job.runner.js';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';
import { insertJob, processingJob } from './support/job-rows.js';

type Json = Record<string, any>;

/** The legacy synchronous form's time limit, its error layout rule and its crash recovery, with an engine that never answers. */
describe('host: legacy synchronous extraction limits', function () {
  let h: Harness;
  let account: Account;
  let key: string;
  const aborted: unknown[] = [];
  let singleDocumentCalls = 0;
  const engine: EnginePool = {
    process: () => {
      singleDocumentCalls += 1;
      return new Promise(() => undefined);
    },
    processPacket: (_filePath, _options, control) =>
      new Promise((_resolve, reject) => {
        control?.signal?.addEventListener('abort', () => {
          aborted.push(control.signal!.reason);
          reject(control.signal!.reason as Error);
        });
      }),
    learn: () => Promise.reject(new Error('no corrections in this test')),
    close: async () => undefined,
  };

  before(async () => {
    h = await startHarness({ DOCSIFT_LEGACY_SYNC_TIMEOUT_MS: '1000', DOCSIFT_MAX_FILE_MB: '1' }, { enginePool: engine });
    account = await signup(h);
    key = await createKey(h, account);
  });
  after(() => h.close());

  it('answers 503 in the legacy layout past the synchronous time limit, stops the engine and fails the job', async () => {
    const res = await h.request('POST', '/api/documents/extract', {
      body: form({ options: '{"splitStrategy":"auto"}', file: { bytes: PDF_BYTES, name: 'slow.pdf' } }),
      headers: bearer(key),
    });
    expect(res.status).to.equal(503);
    const body = (await res.json()) as Json;
    expect(body.code).to.equal('SERVICE_UNAVAILABLE');
    expect(body.error).to.match(/synchronous time limit of 1 s/);
    expect(aborted).to.have.length(1);
    const listing = (await (await h.request('GET', '/api/documents/extract', { headers: bearer(key) })).json()) as Json;
    expect(listing.jobs[0]).to.include({ service: 'legacy', status: 'failed' });
    expect(listing.jobs[0].error).to.match(/synchronous time limit/);
  });

  it('answers POST /api/sor-analysis 503 past the synchronous time limit, naming the task that goes on', async () => {
    const res = await h.request('POST', '/api/sor-analysis', { body: form({ file: { bytes: PDF_BYTES, name: 's.pdf' } }), headers: bearer(key) });
    expect(res.status).to.equal(503);
    const body = (await res.json()) as Json;
    expect(body.error).to.equal('service_unavailable');
    expect(body.message).to.match(/synchronous time limit of 1 s; it goes on as task/);
    const task = (await (await h.request('GET', `/api/task-status/${body.details.taskId}`, { headers: bearer(key) })).json()) as Json;
    expect(task).to.include({ taskId: body.details.taskId, status: 'pending' });
    expect(body.details.statusUrl).to.match(new RegExp(`/api/task-status/${body.details.taskId}$`));
  });

  it('uses the primary layout for a file refused while streaming when the options part comes after it (not read yet)', async () => {
    const large = new Uint8Array(1_500_000).fill(0x20);
    large.set(PDF_BYTES);
    const data = new FormData();
    data.append('file', new Blob([large], { type: 'application/pdf' }), 'large.pdf');
    data.append('options', '{}');
    const res = await h.request('POST', '/api/documents/extract', { body: data, headers: bearer(key) });
    expect(res.status).to.equal(413);
    expect(await res.json()).to.include({ error: 'file_too_large' });
  });

  it('fails a legacy job whose request died (the sweeper queued it) instead of running it as a single document', async () => {
    const jobs = h.container.resolve<JobRepository>('jobRepository');
    const job = { ...processingJob(), organizationId: account.organizationId, service: 'legacy', webhookUrl: null };
    await insertJob(jobs, job);
    const context: JobContext = { attempt: 2, maxAttempts: 3, touch: async () => undefined, signal: new AbortController().signal, handedBack: () => false, deferUntil: () => undefined };
    await h.container.resolve<DocumentJobRunner>('documentJobRunner').run({ jobId: job.id }, context);
    const after = await jobs.find(job.id);
    expect(after).to.include({ status: 'failed' });
    expect(after!.error).to.match(/request that ran this job ended/);
    expect(singleDocumentCalls).to.equal(0);
  });
});
