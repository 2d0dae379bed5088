import { expect } from 'chai';
import { loadConfig } from '../../host/src/config/config.js';
import { openDatabase } from '../../host/src/main/runtime.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { freshDatabase } from './support/mysql-database.js';

const BASE_URL = process.env.DOCSIFT_TEST_MYSQL_URL;

describe('host on MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)', function () {
  let db: { url: string; drop: () => Promise<void> };
  before(async function () {
    if (!BASE_URL) {
      process.stderr.write('notice: DOCSIFT_TEST_MYSQL_URL is not set; host MySQL tests skipped\n');
      this.skip();
    }
    db = await freshDatabase(BASE_URL!);
  });
  after(async () => db?.drop());

  it('applies migrations once when two processes start at once (GET_LOCK)', async () => {
    const config = loadConfig({ DOCSIFT_DATABASE_URL: db.url, LOG_LEVEL: 'silent', DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000' });
    const [a, b] = await Promise.all([openDatabase(config), openDatabase(config)]);
    const rows = (await a.query('SELECT name FROM migrations ORDER BY id')) as Array<{ name: string }>;
    expect(rows.map((r) => r.name)).to.have.length(new Set(rows.map((r) => r.name)).size);
    expect(rows.map((r) => r.name)).to.include('CreateCoreTables1763700000000');
    await Promise.all([a.destroy(), b.destroy()]);
  });

  describe('the API and workers over MySQL', () => {
    let h: Harness;
    let key: string;
    let owner: Awaited<ReturnType<typeof signup>>;
    before(async () => {
      h = await startHarness(
        { DOCSIFT_DATABASE_URL: db.url, DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_RATE_LIMIT_PER_KEY: '50' },
        { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'M-1' })) },
      );
      owner = await signup(h);
      key = await createKey(h, owner, { name: 'mysql', expiresIn: '2h' });
    });
    after(async () => h?.close());

    it('signs up, logs in, keeps key expiry to the millisecond', async () => {
      const login = await h.request('POST', '/api/auth/login', { json: { email: owner.email, password: 'correct horse battery' } });
      expect(login.status).to.equal(200);
      const list = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ expiresAt: string }> };
      expect(Date.parse(list.apiKeys[0].expiresAt) - Date.now()).to.be.within(2 * 3_600_000 - 60_000, 2 * 3_600_000);
    });

    it('runs a job to completion and serves it with rate-limit headers from the MySQL store', async () => {
      const res = await h.request('POST', '/api/documents/extract', {
        body: form({ file: { bytes: PDF_BYTES, name: 'm.pdf' }, metadata: '{"a":1}' }),
        headers: { ...bearer(key), 'idempotency-key': 'mysql-1' },
      });
      expect(res.status).to.equal(202);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('50');
      const { jobId } = (await res.json()) as { jobId: string };
      const replay = await h.request('POST', '/api/documents/extract', {
        body: form({ file: { bytes: PDF_BYTES, name: 'm.pdf' } }),
        headers: { ...bearer(key), 'idempotency-key': 'mysql-1' },
      });
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      const job = await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>,
        (record) => record.status === 'completed',
      );
      expect(job).to.include({ status: 'completed', progress: 100, documentType: 'insurance_cert' });
      expect(job.extractedData).to.deep.equal({ certificateNumber: 'M-1' });
      expect(job.metadata).to.deep.equal({ a: 1 });
      expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
    });

    it('keeps organization types per organization', async () => {
      const type = { typeCode: 'memo', displayName: 'Memo', description: 'A memo', confidenceThreshold: 0.5, fields: [{ name: 'to', type: 'string', description: 'To' }] };
      expect((await h.request('POST', '/api/documents/types', { json: type, headers: bearer(owner.sessionToken) })).status).to.equal(201);
      expect((await h.request('POST', '/api/documents/types', { json: type, headers: bearer(owner.sessionToken) })).status).to.equal(409);
    });
  });
});
