import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { BUNDLED_PLUGINS } from '../../host/src/config/config.js';
import { JobDeadline } from '../../host/src/services/job-deadline.js';
import { makeTextPdf, paragraph } from '../support/fixtures.js';
import { form, waitFor } from './support/fake-engine.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';

type Json = Record<string, any>;

const spinningPlugin = fileURLToPath(new URL('./engine/fixtures/spinning-plugin.ts', import.meta.url));

describe('host: a document that spins the engine fails at its deadline (fault test, real engine threads)', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness(
      {
        DOCSIFT_PLUGINS: [...BUNDLED_PLUGINS, spinningPlugin].join(','),
        // One engine thread (the default): the spinning document holds the only one.
        DOCSIFT_ENGINE_WORKERS: '1',
        DOCSIFT_JOB_DEADLINE_BASE_MS: '3000',
        DOCSIFT_JOB_DEADLINE_PER_PAGE_MS: '1000',
        DOCSIFT_JOB_DEADLINE_MAX_MS: '6000',
        DOCSIFT_ENGINE_STOP_GRACE_MS: '500',
        DOCSIFT_RATE_LIMIT_PER_KEY: '100000',
      },
      { worker: true, enginePool: 'threads' },
    );
  });
  after(async () => h?.close());

  const submit = async (key: string, lines: string[], fields: Record<string, string> = {}) => {
    const res = await h.request('POST', '/api/documents/extract', {
      body: form({ ...fields, file: { bytes: await makeTextPdf([paragraph(lines)]), name: 'doc.pdf' } }),
      headers: bearer(key),
    });
    expect(res.status, await res.clone().text()).to.equal(202);
    return ((await res.json()) as { jobId: string }).jobId;
  };
  const finished = (key: string, jobId: string) =>
    waitFor(
      async () => {
        const res = await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) });
        expect(res.status).to.equal(200);
        return (await res.json()) as Json;
      },
      (job) => job.status === 'completed' || job.status === 'failed',
      60_000,
    );

  it("fails the spinning job with a message naming its deadline, while another organization's job submitted after it completes", async () => {
    const spinnerKey = await createKey(h, await signup(h));
    const otherKey = await createKey(h, await signup(h));
    const submitted = Date.now();
    const spinning = await submit(spinnerKey, ['SPINNING TEST DOCUMENT that never finishes'], { documentType: 'spinning_test' });
    const other = await submit(otherKey, ['INVOICE', 'Invoice Number: INV-7', 'Total: 12.00']);

    const [spun, done] = await Promise.all([finished(spinnerKey, spinning), finished(otherKey, other)]);

    expect(spun.status).to.equal('failed');
    expect(spun.error).to.equal('Processing was stopped: the document took longer than its deadline of 4 s (for 1 page).');
    // 3 s base + 1 s for its page, counted from when the engine thread took it.
    expect(new Date(spun.updatedAt).getTime() - submitted).to.be.at.least(4000);
    expect(done.status, JSON.stringify(done.error ?? null)).to.equal('completed');
    expect(new Date(done.updatedAt).getTime()).to.be.greaterThan(new Date(spun.updatedAt).getTime());
  });
});

describe('host: JobDeadline (how long a job may take)', () => {
  const settings = { baseMs: 120_000, perPageMs: 10_000, maxMs: 900_000 };

  it('allows the base until the page count is known, then base plus the pages, never past the maximum', () => {
    const deadline = new JobDeadline(settings);
    expect(deadline.allowedMs).to.equal(120_000);
    deadline.setPageCount(50);
    expect(deadline.allowedMs).to.equal(620_000);
    deadline.setPageCount(500);
    expect(deadline.allowedMs).to.equal(900_000);
    expect(deadline.message).to.equal('Processing was stopped: the document took longer than its deadline of 900 s (for 500 pages).');
    deadline.clear();
  });

  it('does not run before start(): a job waiting for an engine thread is not late', async () => {
    const deadline = new JobDeadline({ baseMs: 1, perPageMs: 0, maxMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(deadline.expired).to.equal(false);
    deadline.start();
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve, { once: true }));
    expect(deadline.expired).to.equal(true);
    expect(deadline.message).to.equal('Processing was stopped: the document took longer than its deadline of 0 s (before its pages were counted).');
  });
});
