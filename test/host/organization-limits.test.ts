import { expect } from 'chai';
import type { EnginePool } from '../../host/src/engine/index.js';
import type { Account, Harness } from './support/harness.js';
import { bearer, createKey, signup, startHarness } from './support/harness.js';
import { form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

type Json = Record<string, any>;
const MB = 1_048_576;
const PART = 600_000;
const NO_RATE_LIMITS = { DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000' };

/** A PDF-looking file of `size` bytes (the host only sniffs the header). */
const pdfOf = (size: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]);

async function submit(h: Harness, key: string, bytes: Uint8Array = PDF_BYTES): Promise<Response> {
  return h.request('POST', '/api/documents/extract', { body: form({ file: { bytes, name: 'doc.pdf' } }), headers: bearer(key) });
}

async function jobIdOf(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).to.equal(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

describe('host: per-organization limits', function () {
  this.timeout(60_000);

  describe('running jobs per organization (DOCSIFT_JOB_CONCURRENCY_PER_ORG)', () => {
    let h: Harness;
    /** Each engine call holds until released; `started` lists the organization folder of each call's file, in order. */
    const started: string[] = [];
    const pending: Array<() => void> = [];
    const engine: EnginePool = {
      process: (filePath) => {
        started.push(filePath);
        return new Promise((resolve) => pending.push(() => resolve(resultOf('insurance_cert', { certificateNumber: 'C-1', coverages: [] }))));
      },
      processPacket: () => Promise.reject(new Error('no packets in this test')),
      learn: () => Promise.reject(new Error('no corrections in this test')),
      close: async () => undefined,
    };
    before(async () => {
      h = await startHarness({ ...NO_RATE_LIMITS, DOCSIFT_JOB_CONCURRENCY: '2', DOCSIFT_JOB_CONCURRENCY_PER_ORG: '1' }, { worker: true, enginePool: engine });
    });
    after(async () => {
      for (const release of pending.splice(0)) release();
      await h?.close();
    });

    it("gives the second worker to another organization's later job while the first organization's job runs, and runs the waiting job after", async () => {
      const busy: Account = await signup(h);
      const other: Account = await signup(h);
      const busyKey = await createKey(h, busy);
      const otherKey = await createKey(h, other);
      const first = await jobIdOf(await submit(h, busyKey));
      await waitFor(async () => started.length, (n) => n === 1);
      const second = await jobIdOf(await submit(h, busyKey));
      const others = await jobIdOf(await submit(h, otherKey));

      await waitFor(async () => started.length, (n) => n === 2);
      expect(started.map((file) => (file.includes(busy.organizationId) ? 'busy' : file.includes(other.organizationId) ? 'other' : file))).to.deep.equal([
        'busy',
        'other',
      ]);
      const waiting = (await (await h.request('GET', `/api/documents/extract/${second}`, { headers: bearer(busyKey) })).json()) as Json;
      expect(waiting).to.include({ status: 'pending' });

      pending.shift()!();
      await waitFor(async () => started.length, (n) => n === 3);
      expect(started[2]).to.include(busy.organizationId);
      for (const release of pending.splice(0)) release();
      for (const [key, jobId] of [[busyKey, first], [busyKey, second], [otherKey, others]] as const) {
        const job = await waitFor(
          async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Json,
          (record) => record.status === 'completed' || record.status === 'failed',
        );
        expect(job).to.include({ status: 'completed' });
      }
    });
  });

  describe('stored bytes per organization (DOCSIFT_STORAGE_QUOTA_MB)', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ ...NO_RATE_LIMITS, DOCSIFT_STORAGE_QUOTA_MB: '1' });
    });
    after(async () => h?.close());

    it('refuses a submission that would pass the quota with 403 quota_exceeded, counts per organization, and frees space when a job is deleted', async () => {
      const key = await createKey(h, await signup(h));
      const first = await jobIdOf(await submit(h, key, pdfOf(PART)));

      const refused = await submit(h, key, pdfOf(PART));
      expect(refused.status).to.equal(403);
      const body = (await refused.json()) as Json;
      expect(body).to.include({ error: 'quota_exceeded' });
      expect(body.message).to.match(/storage quota of 1048576 bytes/);
      expect(body.details).to.deep.equal({ quotaBytes: MB, usedBytes: PART, fileBytes: PART });

      const otherKey = await createKey(h, await signup(h));
      await jobIdOf(await submit(h, otherKey, pdfOf(PART)));

      expect((await h.request('DELETE', `/api/documents/extract/${first}`, { headers: bearer(key) })).status).to.equal(204);
      await jobIdOf(await submit(h, key, pdfOf(PART)));
    });
  });
});
