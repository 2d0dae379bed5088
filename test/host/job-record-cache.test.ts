import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import sinon from 'sinon';
import { JobRepository } from '../../host/src/persistence/job.repository.js';
import { RawLookup } from '../../host/src/persistence/raw-lookup.js';
import type { MaintenanceService } from '../../host/src/services/maintenance.service.js';
import { JobRecordCache } from '../../host/src/services/job-record-cache.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { insertJob, processingJob } from './support/job-rows.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';

const CERT = { certificateNumber: 'C-1', coverages: [] };
const ORG = '00000000-0000-4000-8000-000000000001';
const JOB = '00000000-0000-4000-8000-0000000000aa';

/** Holds the job repository's deletes: `inFlight` settles when one has started, `release` lets it run. */
function holdJobDeletes(h: Harness): { inFlight: Promise<void>; release: () => void; restore: () => void } {
  const jobRepository = h.container.resolve<JobRepository>('jobRepository');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let deleting!: () => void;
  const inFlight = new Promise<void>((resolve) => (deleting = resolve));
  const realDelete = jobRepository.delete.bind(jobRepository);
  const slowDelete = sinon.stub(jobRepository, 'delete').callsFake(async (id: string) => {
    deleting();
    await released;
    await realDelete(id);
  });
  return { inFlight, release, restore: () => slowDelete.restore() };
}

describe('host: records of completed jobs cached in memory', () => {
  describe('over HTTP', () => {
    let h: Harness;
    let account: Awaited<ReturnType<typeof signup>>;
    let key: string;
    before(async () => {
      h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_KEY: '100000' }, { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', CERT)) });
      account = await signup(h);
      key = await createKey(h, account);
    });
    after(async () => h.close());

    async function completedJob(): Promise<string> {
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(key) });
      const { jobId } = (await res.json()) as { jobId: string };
      await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string },
        (job) => job.status === 'completed',
      );
      return jobId;
    }

    const get = (jobId: string, token: string, query = '') => h.request('GET', `/api/documents/extract/${jobId}${query}`, { headers: bearer(token) });

    it('answers the same JSON record from the cache, with the rate-limit headers of each request', async () => {
      const jobId = await completedJob();
      const first = await get(jobId, key);
      await h.dataSource.query("UPDATE jobs SET file_name = 'changed elsewhere.pdf' WHERE id = ?", [jobId]);
      const second = await get(jobId, key);
      expect(second.status).to.equal(200);
      expect(second.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(await second.json()).to.deep.equal(await first.json());
      expect(Number(second.headers.get('x-ratelimit-remaining'))).to.equal(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    });

    it('answers 404 right after a DELETE in this process, though the record was just cached', async () => {
      const jobId = await completedJob();
      expect((await get(jobId, key)).status).to.equal(200);
      expect((await get(jobId, key, '?layout=legacy')).status).to.equal(200);
      await h.dataSource.query('UPDATE jobs SET file_name = ? WHERE id = ?', ['changed elsewhere.pdf', jobId]);
      expect(((await (await get(jobId, key)).json()) as { fileName: string }).fileName, 'served from the cache').to.equal('c.pdf');
      expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
      expect((await get(jobId, key)).status).to.equal(404);
      expect((await get(jobId, key, '?layout=legacy')).status).to.equal(404);
    });

    it('answers 404 after a DELETE though a GET read and cached the record while the delete was committing', async () => {
      const jobId = await completedJob();
      const { inFlight, release, restore } = holdJobDeletes(h);
      try {
        const deletion = h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) });
        await inFlight;
        expect((await get(jobId, key)).status, 'read while the delete is in flight').to.equal(200);
        release();
        expect((await deletion).status).to.equal(204);
      } finally {
        restore();
      }
      expect((await get(jobId, key)).status).to.equal(404);
    });

    it('answers 404 after the retention purge though a GET cached the record while the purge was deleting it', async () => {
      const jobId = await completedJob();
      await h.dataSource.query('UPDATE jobs SET created_at = ? WHERE id = ?', [new Date(Date.now() - 400 * 86_400_000).toISOString().replace('T', ' ').replace('Z', ''), jobId]);
      const { inFlight, release, restore } = holdJobDeletes(h);
      try {
        const purge = h.container.resolve<MaintenanceService>('maintenanceService').purge();
        await inFlight;
        expect((await get(jobId, key)).status, 'read while the purge is deleting').to.equal(200);
        release();
        expect((await purge).jobs).to.be.at.least(1);
      } finally {
        restore();
      }
      expect((await get(jobId, key)).status).to.equal(404);
    });

    it("answers 404 to another organization for a job cached for its own", async () => {
      const jobId = await completedJob();
      expect((await get(jobId, key)).status).to.equal(200);
      const other = await createKey(h, await signup(h));
      const res = await get(jobId, other);
      expect(res.status).to.equal(404);
      expect(await res.json()).to.deep.include({ error: 'not_found' });
    });

    it('still authenticates every request: a revoked key gets 401 for a cached record', async () => {
      const owner = await signup(h);
      const own = await createKey(h, owner);
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(own) });
      const { jobId } = (await res.json()) as { jobId: string };
      await waitFor(async () => (await (await get(jobId, own)).json()) as { status: string }, (job) => job.status === 'completed');
      expect((await get(jobId, own)).status).to.equal(200);
      const list = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
      expect((await h.request('DELETE', `/api/api-keys/${list.apiKeys[0].id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
      expect((await get(jobId, own)).status).to.equal(401);
    });

    it('answers a cached record only to keys with documents:read (403 naming the scope otherwise)', async () => {
      const jobId = await completedJob();
      expect((await get(jobId, key)).status).to.equal(200);
      const writeOnly = await createKey(h, account, { name: 'write only', scopes: ['documents:write'] });
      const refused = await get(jobId, writeOnly);
      expect(refused.status).to.equal(403);
      expect(await refused.json()).to.deep.include({ error: 'forbidden', details: { requiredScope: 'documents:read' } });
      expect(refused.headers.get('x-ratelimit-remaining'), 'counted like any request').to.match(/^\d+$/);
    });

    it('answers an invalid query or path on a cached record as the route does (400, 404)', async () => {
      const jobId = await completedJob();
      expect((await get(jobId, key)).status).to.equal(200);
      const badLayout = await get(jobId, key, '?layout=sideways');
      expect(badLayout.status).to.equal(400);
      expect(await badLayout.json()).to.deep.include({ error: 'invalid_request' });
      expect((await get(`${jobId}%ZZ`, key)).status).to.equal(404);
    });

    it('answers HEAD of a cached record with its headers and no body', async () => {
      const jobId = await completedJob();
      const full = await get(jobId, key);
      const head = await h.request('HEAD', `/api/documents/extract/${jobId}`, { headers: bearer(key) });
      expect(head.status).to.equal(200);
      expect(head.headers.get('content-length')).to.equal(full.headers.get('content-length'));
      expect(head.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(await head.text()).to.equal('');
    });
  });

  describe('the cache itself', () => {
    const json = Buffer.from('{"jobId":"x"}');

    it('keys by organization and layout', () => {
      const cache = new JobRecordCache();
      cache.set(ORG, JOB, 'primary', json);
      expect(cache.get(ORG, JOB, 'primary')).to.equal(json);
      expect(cache.get('00000000-0000-4000-8000-000000000002', JOB, 'primary')).to.equal(null);
      expect(cache.get(ORG, JOB, 'legacy')).to.equal(null);
    });

    it('evicts every layout of a job', () => {
      const cache = new JobRecordCache();
      cache.set(ORG, JOB, 'primary', json);
      cache.set(ORG, JOB, 'legacy', json);
      cache.evict(JOB);
      expect([cache.get(ORG, JOB, 'primary'), cache.get(ORG, JOB, 'legacy')]).to.deep.equal([null, null]);
    });
  });
});

for (const database of TEST_DATABASES) {
  describe(`persistence: the check before a cached record is served, on ${database.name}`, () => {
    let opened: OpenedDatabase | null;
    let jobs: JobRepository;
    before(async function () {
      opened = await database.open();
      if (!opened) this.skip();
      jobs = new JobRepository({ dataSource: opened.dataSource });
    });
    after(async () => opened?.close());
    afterEach(() => sinon.restore());

    async function job(organizationId: string, change: Partial<ReturnType<typeof processingJob>> = {}): Promise<string> {
      const row = { ...processingJob(), organizationId, status: 'completed' as const, ...change };
      await insertJob(jobs, row);
      return row.id;
    }

    it('answers the checks asked in one turn together (one IN list per 512 jobs), each as its own lookup would: there, uncorrected and of that organization', async () => {
      const organizationId = randomUUID();
      const [kept, corrected, others, deleted] = [
        await job(organizationId),
        await job(organizationId, { correctedData: { certificateNumber: 'B' }, correctedAt: new Date(), correctedBy: { kind: 'user', id: randomUUID() } }),
        await job(randomUUID()),
        await job(organizationId),
      ];
      await jobs.delete(deleted);
      // More than one IN list's worth of jobs that do not exist, then the real ones after them.
      const absent = Array.from({ length: 600 }, () => randomUUID());
      const queries = sinon.spy(RawLookup.prototype, 'columnsWhereIn');
      const answers = await Promise.all([...absent, kept, corrected, others, deleted, kept].map((id) => jobs.existsUncorrectedForOrganization(organizationId, id)));
      expect(answers.slice(0, absent.length).every((answer) => answer === false)).to.equal(true);
      expect(answers.slice(absent.length)).to.deep.equal([true, false, false, false, true]);
      expect(queries.callCount).to.equal(1);
    });

    it('sees a delete or a correction made before the check was asked', async () => {
      const organizationId = randomUUID();
      const [deleted, corrected] = [await job(organizationId), await job(organizationId)];
      expect(await Promise.all([deleted, corrected].map((id) => jobs.existsUncorrectedForOrganization(organizationId, id)))).to.deep.equal([true, true]);
      await jobs.delete(deleted);
      expect(await jobs.correct(corrected, { correctedData: { certificateNumber: 'B' }, correctedAt: new Date(), correctedBy: { kind: 'user', id: randomUUID() } }, [])).to.equal(true);
      expect(await Promise.all([deleted, corrected].map((id) => jobs.existsUncorrectedForOrganization(organizationId, id)))).to.deep.equal([false, false]);
    });
  });
}
