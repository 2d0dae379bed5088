import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';

describe('host: a submission writes its job row and queue entry in one transaction (queue in the database)', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = await createKey(h, await signup(h));
    // The queue reaches its table on first use: a first submission makes it do so before the table is taken away.
    expect((await submit()).status).to.equal(202);
  });
  after(async () => h.close());

  const submit = (headers: Record<string, string> = {}) =>
    h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: { ...bearer(key), ...headers } });
  const count = async (sql: string) => Number(((await h.dataSource.query(sql)) as Array<{ n: number }>)[0].n);
  const storedFiles = () => fs.readdirSync(path.join(h.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

  it('writes neither the job, its idempotency record nor its file when the queue entry cannot be written', async () => {
    const [jobs, keys, files] = [await count('SELECT COUNT(*) AS n FROM jobs'), await count('SELECT COUNT(*) AS n FROM idempotency_keys'), storedFiles()];
    await h.dataSource.query('ALTER TABLE docsift_queue_jobs RENAME TO docsift_queue_jobs_away');
    try {
      const res = await submit({ 'idempotency-key': 'tx-1' });
      expect(res.status).to.equal(500);
      expect(await res.json()).to.deep.include({ error: 'internal_error' });
    } finally {
      await h.dataSource.query('ALTER TABLE docsift_queue_jobs_away RENAME TO docsift_queue_jobs');
    }
    expect(await count('SELECT COUNT(*) AS n FROM jobs')).to.equal(jobs);
    expect(await count('SELECT COUNT(*) AS n FROM idempotency_keys')).to.equal(keys);
    expect(storedFiles()).to.equal(files);
    const retried = await submit({ 'idempotency-key': 'tx-1' });
    expect(retried.status).to.equal(202);
    expect(retried.headers.get('idempotent-replayed')).to.equal(null);
  });
});
