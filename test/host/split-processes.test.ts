import { expect } from 'chai';
import pino from 'pino';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

describe('host: API and workers apart (serve --no-worker + worker) on one data directory', () => {
  let api: Harness;
  let worker: HostRuntime;
  const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'W-1' }));
  before(async () => {
    api = await startHarness({ DOCSIFT_JOB_RETRY_BASE_MS: '50' });
    worker = await startHost({ config: api.config, logger: pino({ level: 'silent' }), api: false, worker: true, enginePool: engine });
  });
  after(async () => {
    await worker?.stop();
    await api?.close();
  });

  it('the worker runtime serves no HTTP', () => {
    expect(worker.url).to.equal(null);
  });

  it('a job submitted to the API-only process is completed by the worker process', async () => {
    const key = await createKey(api, await signup(api));
    const res = await api.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'w.pdf' } }), headers: bearer(key) });
    const { jobId } = (await res.json()) as { jobId: string };
    const job = await waitFor(
      async () => (await (await api.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>,
      (record) => record.status === 'completed',
    );
    expect(job).to.include({ status: 'completed', documentType: 'insurance_cert' });
    expect(engine.calls).to.have.length(1);
  });
});
