import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { DocsiftError } from '@docsift/core';
import { LEFTOVER_AGE_MS, type MaintenanceService } from '../../host/src/services/maintenance.service.js';
import { bearer, createKey, maintenanceAt, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

const CERT = { certificateNumber: 'C-1', coverages: [] };
// These tests poll every 50 ms with one key: the per-key limit must not refuse the polls of a slow run.
const FAST_QUEUE = { DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_JOB_ATTEMPTS: '2', DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000' };

async function submitAndWait(h: Harness, key: string, done = (job: Record<string, unknown>) => job.status === 'completed' || job.status === 'failed') {
  const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(key) });
  expect(res.status).to.equal(202);
  const { jobId } = (await res.json()) as { jobId: string };
  const seen: number[] = [];
  const job = await waitFor(
    async () => {
      const record = (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>;
      seen.push(record.progress as number);
      return record;
    },
    done,
  );
  return { jobId, job, seen };
}

describe('host: jobs run by the workers', () => {
  describe('a job that completes', () => {
    let h: Harness;
    let key: string;
    const engine = fakeEngine(() => resultOf('insurance_cert', CERT));
    before(async () => {
      h = await startHarness(FAST_QUEUE, { worker: true, enginePool: engine });
      key = await createKey(h, await signup(h));
    });
    after(async () => h.close());

    it('moves progress up to 100 and writes the result, processingTime (s), completedAt', async () => {
      const { job, seen } = await submitAndWait(h, key);
      expect(job.status).to.equal('completed');
      expect(job.progress).to.equal(100);
      expect(job.documentType).to.equal('insurance_cert');
      expect(job.classificationConfidence).to.equal(0.93);
      expect(job.extractedData).to.deep.equal(CERT);
      expect(job.fieldDetails).to.have.property('certificateNumber');
      expect(job.processingTime).to.be.a('number').within(0, 30);
      expect(Date.parse(job.completedAt as string)).to.be.at.least(Date.parse(job.createdAt as string));
      expect(job).not.to.have.property('error');
      for (let i = 1; i < seen.length; i += 1) expect(seen[i]).to.be.at.least(seen[i - 1]);
      expect(engine.calls.at(-1)!.bytes).to.equal(PDF_BYTES.length);
    });

    it('passes the organization\'s own types to the engine as extra entries', async () => {
      const owner = await signup(h);
      const ownKey = await createKey(h, owner);
      await h.request('POST', '/api/documents/types', {
        json: { typeCode: 'lease', displayName: 'Lease', description: 'A lease', confidenceThreshold: 0.5, fields: [{ name: 'rent', type: 'currency', description: 'Rent' }] },
        headers: bearer(owner.sessionToken),
      });
      await submitAndWait(h, ownKey);
      const entries = engine.calls.at(-1)!.options.extraEntries as Array<{ typeCode: string }>;
      expect(entries.map((e) => e.typeCode)).to.deep.equal(['lease']);
    });
  });

  describe('jobs that fail', () => {
    let h: Harness;
    let key: string;
    let attempts = 0;
    let mode: 'refuse' | 'crash' | 'flaky' = 'refuse';
    const engine = fakeEngine(() => {
      attempts += 1;
      if (mode === 'refuse') return new DocsiftError('corrupt_file', 'The PDF is damaged and cannot be read.');
      if (mode === 'crash' || attempts === 1) return new Error('worker thread died at /secret/path.js');
      return resultOf('sor', { recapSummary: { grandTotal: 1 } });
    });
    before(async () => {
      h = await startHarness(FAST_QUEUE, { worker: true, enginePool: engine });
      key = await createKey(h, await signup(h));
    });
    after(async () => h.close());

    it('a document the engine refuses fails at once with its message', async () => {
      mode = 'refuse';
      attempts = 0;
      const { job } = await submitAndWait(h, key);
      expect(job).to.include({ status: 'failed', error: 'The PDF is damaged and cannot be read.' });
      expect(job).not.to.have.property('extractedData');
      expect(attempts).to.equal(1);
    });

    it('an unexpected error is retried and the job fails only after the last attempt, with a safe message', async () => {
      mode = 'crash';
      attempts = 0;
      const { job, jobId } = await submitAndWait(h, key);
      expect(job.status).to.equal('failed');
      expect(attempts).to.equal(2);
      expect(job.error).to.be.a('string').and.not.match(/secret|path|\.js/);
      const [row] = (await h.dataSource.query('SELECT attempts FROM jobs WHERE id = ?', [jobId])) as Array<{ attempts: number }>;
      expect(Number(row.attempts)).to.equal(2);
    });

    it('a failed first attempt followed by a good one completes', async () => {
      mode = 'flaky';
      attempts = 0;
      const { job } = await submitAndWait(h, key);
      expect(job.status).to.equal('completed');
      expect(attempts).to.equal(2);
    });
  });

  describe('sweeper and retention', () => {
    let h: Harness;
    let key: string;
    const engine = fakeEngine(() => resultOf('insurance_cert', CERT));
    before(async () => {
      h = await startHarness({ ...FAST_QUEUE, DOCSIFT_RETENTION_DAYS: '1' }, { worker: true, enginePool: engine });
      key = await createKey(h, await signup(h));
    });
    after(async () => h.close());

    it('re-enqueues a pending job that lost its queue entry, and it completes', async () => {
      const { job, jobId } = await submitAndWait(h, key);
      expect(job.status).to.equal('completed');
      await h.dataSource.query("UPDATE jobs SET status = 'pending', progress = 0, completed_at = NULL, updated_at = ? WHERE id = ?", ['2000-01-01 00:00:00.000', jobId]);
      const queued = await h.container.resolve<MaintenanceService>('maintenanceService').sweep();
      expect(queued).to.equal(1);
      const again = await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>,
        (record) => record.status === 'completed',
      );
      expect(again.status).to.equal('completed');
    });

    it('purges jobs and files older than DOCSIFT_RETENTION_DAYS, keeps newer ones', async () => {
      const old = await submitAndWait(h, key);
      const fresh = await submitAndWait(h, key);
      const [row] = (await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [old.jobId])) as Array<{ file_key: string }>;
      const file = path.join(h.config.storage.root, row.file_key);
      await h.dataSource.query('UPDATE jobs SET created_at = ? WHERE id = ?', [new Date(Date.now() - 2 * 86_400_000).toISOString().replace('T', ' ').replace('Z', ''), old.jobId]);
      const purged = await h.container.resolve<MaintenanceService>('maintenanceService').purge();
      expect(purged.jobs).to.equal(1);
      expect(fs.existsSync(file)).to.equal(false);
      expect((await h.request('GET', `/api/documents/extract/${old.jobId}`, { headers: bearer(key) })).status).to.equal(404);
      expect((await h.request('GET', `/api/documents/extract/${fresh.jobId}`, { headers: bearer(key) })).status).to.equal(200);
    });

    it('removes, after LEFTOVER_AGE_MS, stored files no job holds and temporary files a dead process left; keeps the files of jobs', async () => {
      const held = await submitAndWait(h, key);
      const [row] = (await h.dataSource.query('SELECT file_key, organization_id FROM jobs WHERE id = ?', [held.jobId])) as Array<{ file_key: string; organization_id: string }>;
      const heldFile = path.join(h.config.storage.root, row!.file_key);
      const unheldFile = path.join(h.config.storage.root, row!.organization_id, randomUUID());
      const upload = path.join(h.dataDir, 'tmp', 'uploads', randomUUID());
      const engineCopy = path.join(h.dataDir, 'tmp', 'storage', randomUUID());
      for (const file of [unheldFile, upload, engineCopy]) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'left over');
      }

      const soon = await maintenanceAt(h, new Date(Date.now() + LEFTOVER_AGE_MS - 60_000)).purge();
      expect(soon.leftoverFiles).to.equal(0);
      expect([unheldFile, upload, engineCopy].every((file) => fs.existsSync(file))).to.equal(true);

      const later = await maintenanceAt(h, new Date(Date.now() + LEFTOVER_AGE_MS + 60_000)).purge();
      expect(later.leftoverFiles).to.equal(3);
      expect([unheldFile, upload, engineCopy].some((file) => fs.existsSync(file))).to.equal(false);
      expect(fs.existsSync(heldFile)).to.equal(true);
      expect((await h.request('GET', `/api/documents/extract/${held.jobId}`, { headers: bearer(key) })).status).to.equal(200);
    });
  });
});
