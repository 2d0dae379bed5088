import http from 'node:http';
import { expect } from 'chai';
import pino from 'pino';
import { JobEntity } from '../../host/src/persistence/entities/job.entities.js';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import { insertJob, processingJob } from './support/job-rows.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import type { MaintenanceService } from '../../host/src/services/maintenance.service.js';
import { SYNC_INTERVAL_MS } from '../../host/src/services/rate-limit.service.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { HOST_DATABASES } from './support/mysql-database.js';
import { MysqlCounterStore } from '../../host/src/services/rate-limit/mysql-store.js';
import { SqliteCounterStore } from '../../host/src/services/rate-limit/sqlite-store.js';

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Without a relay between the processes, and with Redis pub/sub as the queue's wake relay when a Redis server is given. */
const RELAYS: Array<{ name: string; env: Record<string, string> | null }> = [
  { name: 'no relay between them', env: {} },
  { name: 'Redis wake relay (DOCSIFT_TEST_REDIS_URL)', env: REDIS_URL ? { DOCSIFT_QUEUE_WAKE_URL: REDIS_URL } : null },
];

/** The windows are fixed minutes: start a counting test with at least 10 s of its window left. */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await sleep(left + 50);
}

/** An upload to `baseUrl` whose body is still being sent, so its request holds a place until `finish`. */
function uploadHeldOpen(baseUrl: string, token: string): { finish: () => Promise<number> } {
  const boundary = 'held-open-boundary';
  const request = http.request(`${baseUrl}/api/documents/extract`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  const status = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  request.write(PDF_BYTES);
  return {
    finish: () => {
      request.end(`\r\n--${boundary}--\r\n`);
      return status;
    },
  };
}

for (const database of HOST_DATABASES) {
  for (const relay of RELAYS) {
    describe(`host: two API processes on one database (${database.name}, ${relay.name})`, () => {
      let a: Harness;
      let b: HostRuntime;
      let drop: () => Promise<void> = async () => undefined;
      let key: string;

      before(async function () {
        const opened = await database.open();
        if (!opened || !relay.env) {
          process.stderr.write(`notice: ${!opened ? database.name : relay.name} is not set; these two-process tests are skipped\n`);
          this.skip();
        }
        drop = opened.drop;
        // A: API and workers; B: a second API process with its own connections and memory, as another machine would have.
        a = await startHarness(
          // A login delay of a minute: the failed-login test's later attempts fall within it however slow the machine.
          { ...opened.env, ...relay.env, DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_CONCURRENT: '2', DOCSIFT_LOGIN_BACKOFF_BASE_MS: '60000' },
          { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'P-1', coverages: [] })) },
        );
        b = await startHost({ config: a.config, logger: pino({ level: 'silent' }), api: true, worker: false });
        key = await createKey(a, await signup(a));
      });
      after(async () => {
        await b?.stop();
        await a?.close();
        await drop();
      });

      const onB = (method: string, path: string, token: string) => fetch(`${b.url!}${path}`, { method, headers: bearer(token) });

      async function completedJob(): Promise<string> {
        const res = await a.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'p.pdf' } }), headers: bearer(key) });
        const { jobId } = (await res.json()) as { jobId: string };
        await waitFor(
          async () => (await (await a.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string },
          (job) => job.status === 'completed',
        );
        return jobId;
      }

      /** Both processes have read the completed record, so both hold it in their record caches. */
      async function cachedOnBoth(jobId: string): Promise<void> {
        for (const layout of ['', '?layout=legacy']) {
          expect((await a.request('GET', `/api/documents/extract/${jobId}${layout}`, { headers: bearer(key) })).status).to.equal(200);
          expect((await onB('GET', `/api/documents/extract/${jobId}${layout}`, key)).status).to.equal(200);
        }
        await a.dataSource.query('UPDATE jobs SET file_name = ? WHERE id = ?', ['changed.pdf', jobId]);
        const served = (await (await onB('GET', `/api/documents/extract/${jobId}`, key)).json()) as { fileName: string };
        expect(served.fileName, 'B answers from its record cache').to.equal('p.pdf');
      }

      it('a job deleted through A answers 404 on B at once, though B had its record cached', async () => {
        const jobId = await completedJob();
        await cachedOnBoth(jobId);
        expect((await a.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
        expect((await onB('GET', `/api/documents/extract/${jobId}`, key)).status).to.equal(404);
        expect((await onB('GET', `/api/documents/extract/${jobId}?layout=legacy`, key)).status).to.equal(404);
        expect((await onB('HEAD', `/api/documents/extract/${jobId}`, key)).status).to.equal(404);
      });

      it('a job deleted through B answers 404 on A at once', async () => {
        const jobId = await completedJob();
        await cachedOnBoth(jobId);
        expect((await onB('DELETE', `/api/documents/extract/${jobId}`, key)).status).to.equal(204);
        expect((await a.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(404);
      });

      it("a job removed by A's retention purge answers 404 on B at once", async () => {
        const jobId = await completedJob();
        await cachedOnBoth(jobId);
        await a.dataSource.getRepository(JobEntity).update({ id: jobId }, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
        expect((await a.container.resolve<MaintenanceService>('maintenanceService').purge()).jobs).to.be.at.least(1);
        expect((await onB('GET', `/api/documents/extract/${jobId}`, key)).status).to.equal(404);
      });

      it("counts a key's concurrent requests across both processes (DOCSIFT_RATE_LIMIT_CONCURRENT=2 here)", async () => {
        const owner = await signup(a);
        const fresh = await createKey(a, owner);
        const { apiKeys } = (await (await a.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
        const held = [uploadHeldOpen(a.baseUrl, fresh), uploadHeldOpen(b.url!, fresh)];
        // Both uploads are admitted once the store shows them (at this limit a request is claimed in the store before it is admitted):
        // another request of the key sent sooner could take a place first.
        const { database: db, dataDir } = a.config;
        const probe = db.kind === 'mysql' ? new MysqlCounterStore(db.url) : new SqliteCounterStore(dataDir);
        let sequence = 0;
        const published = await waitFor(
          () => probe.publish('test-probe', (sequence += 1), [{ key: `conc:${apiKeys[0]!.id}`, value: 0 }], 1_000),
          ([running]) => running === 2,
          15_000,
        );
        await probe.close();
        expect(published, 'both uploads under way, one in each process').to.deep.equal([2]);
        const refused = await a.request('GET', '/api/documents/extract', { headers: bearer(fresh) });
        expect(refused.status, 'A knows of the upload under way on B').to.equal(429);
        expect(await refused.json()).to.deep.include({ error: 'rate_limit_exceeded' });
        expect((await onB('GET', '/api/documents/extract', fresh)).status, 'B refuses too').to.equal(429);
        expect(await Promise.all(held.map((upload) => upload.finish()))).to.deep.equal([202, 202]);
        const admitted = await waitFor(() => onB('GET', '/api/documents/extract', fresh), (res) => res.status === 200, 15_000);
        expect(admitted.status, 'the places freed are free again').to.equal(200);
      });

      it('refuses on B at once a key revoked through A, though B had just verified it', async () => {
        const owner = await signup(a);
        const revoked = await createKey(a, owner);
        for (let i = 0; i < 3; i += 1) expect((await onB('GET', '/api/documents/types', revoked)).status).to.equal(200);
        const { apiKeys } = (await (await a.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
        expect((await a.request('DELETE', `/api/api-keys/${apiKeys[0]!.id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
        expect((await onB('GET', '/api/documents/types', revoked)).status).to.equal(401);
      });

      it('adds up failed logins made through A and B: the sixth attempt is delayed wherever it arrives', async () => {
        const { email } = await signup(a);
        const login = (base: string, password: string) =>
          fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
        for (const base of [a.baseUrl, b.url!, a.baseUrl, b.url!, a.baseUrl]) expect((await login(base, 'not the password')).status).to.equal(401);
        const onA = await login(a.baseUrl, 'not the password either');
        const onBoth = [onA.status, (await login(b.url!, 'still not it')).status];
        expect(onBoth, 'five failures in all, three on A and two on B').to.deep.equal([429, 429]);
      });

      it("never lets two processes both take an organization's last running place (DOCSIFT_JOB_CONCURRENCY_PER_ORG)", async () => {
        const repositories = [a.container.resolve<JobRepository>('jobRepository'), b.container.resolve<JobRepository>('jobRepository')];
        const liveSince = new Date(Date.now() - 60_000);
        for (let round = 0; round < 10; round += 1) {
          const organizationId = processingJob().organizationId;
          const jobs = [0, 1].map(() => ({ ...processingJob(), organizationId, status: 'pending' as const, attempts: 0 }));
          for (const job of jobs) await insertJob(repositories[0]!, job);
          const outcomes = await Promise.all(
            jobs.map((job, i) => repositories[i]!.startAttemptWithinCap(job.id, 0, { updatedAt: new Date() }, { organizationId, cap: 1, liveSince })),
          );
          expect([...outcomes].sort(), `round ${round}`).to.deep.equal(['busy', 'started']);
        }
      });

      it("counts an organization's requests across both processes (X-RateLimit-Remaining goes down by one per request on either)", async () => {
        const fresh = await createKey(a, await signup(a));
        await awayFromWindowEdge();
        const remaining: number[] = [];
        const onA = () => a.request('GET', '/api/documents/extract', { headers: bearer(fresh) });
        for (const send of [onA, () => onB('GET', '/api/documents/extract', fresh), onA, () => onB('GET', '/api/documents/extract', fresh)]) {
          const res = await send();
          expect(res.status).to.equal(200);
          remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
          await sleep(2 * SYNC_INTERVAL_MS);
        }
        // The per-key limit is raised here; the organization's 1,000 a minute is the tightest.
        expect(remaining).to.deep.equal([999, 998, 997, 996]);
      });
    });
  }
}
