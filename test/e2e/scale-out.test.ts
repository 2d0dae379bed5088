import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createConnection } from 'mysql2/promise';
import { freePort, startCli, stopCli, type CliProcess } from '../support/cli-processes.js';
import { makeImagePdf, rasterizedPages } from '../support/fixtures.js';
import { certificatePdf } from '../host/support/lending-documents.js';
import { freshDatabase } from '../host/support/mysql-database.js';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '../host/support/s3-server.js';
import { startReceiver, type Receiver } from '../host/support/webhook-receiver.js';

/**
 * Issue 15's proof: two API and two worker processes on MariaDB, Redis and an S3-protocol server,
 * 200 documents with webhooks, workers killed with SIGKILL twice and an API process once while
 * they work. Every accepted job completes once with its result, every job's webhook arrives, and
 * no stored object or job row is left without the other.
 */

const DOCUMENTS = 200;
const SCANNED_EVERY = 10;
const PREFIX = 'scale-out';

async function storedKeys(s3: S3TestServer): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/`, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Job {
  jobId: string;
  status: string;
  documentType?: string;
  extractedData?: Record<string, unknown>;
}

describe('e2e: 2 API and 2 worker processes on MariaDB, Redis and S3, with processes killed mid-work', function () {
  this.timeout(900_000);
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  let s3: S3TestServer | null = null;
  let receiver: Receiver | null = null;
  const dataDirs: string[] = [];
  const processes: CliProcess[] = [];
  let roleEnv: Record<string, string> = {};

  before(async function () {
    const mysql = process.env.DOCSIFT_TEST_MYSQL_URL;
    const redis = process.env.DOCSIFT_TEST_REDIS_URL;
    if (!mysql || !redis) {
      process.stderr.write('notice: the scale-out proof needs DOCSIFT_TEST_MYSQL_URL and DOCSIFT_TEST_REDIS_URL; skipped\n');
      this.skip();
    }
    const database = await freshDatabase(mysql!);
    databaseUrl = database.url;
    dropDatabase = database.drop;
    s3 = await startS3Server();
    if (!s3) this.skip();
    receiver = await startReceiver();
    roleEnv = {
      DOCSIFT_DATABASE_URL: databaseUrl,
      DOCSIFT_QUEUE_WAKE_URL: redis!,
      DOCSIFT_RATE_LIMIT_URL: redis!,
      ...s3!.env(PREFIX),
      DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
      DOCSIFT_WEBHOOK_RETRY_BASE_MS: '200',
      DOCSIFT_ENGINE_WORKERS: '1',
      DOCSIFT_JOB_CONCURRENCY: '2',
      DOCSIFT_JOB_CONCURRENCY_PER_ORG: '4',
      DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000',
      DOCSIFT_JOB_RETRY_BASE_MS: '200',
      DOCSIFT_RATE_LIMIT_PER_KEY: '100000',
      DOCSIFT_RATE_LIMIT_PER_ORG: '100000',
      DOCSIFT_PUBLIC_URL: 'http://127.0.0.1',
    };
  });

  after(async () => {
    await Promise.all(processes.map((started) => stopCli(started, 'SIGKILL')));
    await receiver?.close();
    await s3?.close();
    await dropDatabase?.();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(role: 'api' | 'worker'): Promise<CliProcess & { base: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `docsift-scale-${role}-`));
    dataDirs.push(dataDir);
    const port = await freePort();
    const env = { ...roleEnv, LOG_LEVEL: 'warn', DOCSIFT_DATA_DIR: dataDir, PORT: String(port), DOCSIFT_METRICS_PORT: '0' };
    const started = await startCli([role], env, role === 'api' ? 'listening on' : 'worker running');
    processes.push(started);
    return Object.assign(started, { base: `http://127.0.0.1:${port}` });
  }

  it('completes every job once, delivers every webhook and leaves no orphan', async () => {
    const startedAt = Date.now();
    const apis = [await start('api'), await start('api')];
    const workers = [await start('worker'), await start('worker')];

    const signup = await fetch(`${apis[0]!.base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@example.com', password: 'a long password for scale', organizationName: 'Scale' }),
    });
    expect(signup.status).to.equal(201);
    const { sessionToken } = (await signup.json()) as { sessionToken: string };
    const created = await fetch(`${apis[1]!.base}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
      body: JSON.stringify({ name: 'scale' }),
    });
    expect(created.status).to.equal(201);
    const { key } = (await created.json()) as { key: string };
    const auth = { authorization: `Bearer ${key}` };

    const digital = await certificatePdf();
    const scanned = await makeImagePdf((await rasterizedPages(digital, 150)).map((bytes) => ({ bytes, format: 'png' as const })));

    const accepted: string[] = [];
    let apiTurn = 0;
    /** One submission, to the next API process that answers (a load balancer's retry): a refused connection is not an accepted job. */
    async function submit(index: number): Promise<void> {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const api = apis[apiTurn++ % apis.length]!;
        const body = new FormData();
        const bytes = index % SCANNED_EVERY === 0 ? scanned : digital;
        body.append('file', new Blob([bytes], { type: 'application/pdf' }), `doc-${index}.pdf`);
        body.append('webhookUrl', `${receiver!.url}/hook`);
        try {
          const res = await fetch(`${api.base}/api/documents/extract`, { method: 'POST', body, headers: auth });
          if (res.status === 202) {
            accepted.push(((await res.json()) as { jobId: string }).jobId);
            return;
          }
          expect(res.status, await res.text()).to.be.oneOf([429, 503]);
        } catch {
          // The process behind this address is down: the next one takes the request.
        }
        await sleep(50);
      }
      throw new Error(`document ${index} was never accepted`);
    }

    const countJobs = async (status: string): Promise<number> => {
      const conn = await createConnection(databaseUrl);
      try {
        const [rows] = await conn.query('SELECT COUNT(*) AS n FROM jobs WHERE status = ?', [status]);
        return Number((rows as Array<{ n: number }>)[0]!.n);
      } finally {
        await conn.end();
      }
    };
    const until = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + 300_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
        await sleep(50);
      }
    };
    const whenCompleted = (count: number) => until(`${count} jobs completed`, async () => (await countJobs('completed')) >= count);
    /** Both workers hold jobs (each takes two at most): a kill now interrupts work in progress. */
    const whenBothWorkersBusy = () => until('both workers hold jobs', async () => (await countJobs('processing')) >= 3);

    const submissions = (async () => {
      for (let index = 0; index < DOCUMENTS; index += 1) await submit(index);
    })();

    const restartWorker = async (which: number) => {
      await whenBothWorkersBusy();
      await stopCli(workers[which]!, 'SIGKILL');
      workers[which] = await start('worker');
    };
    await whenCompleted(20);
    await restartWorker(0);
    await whenCompleted(60);
    await whenBothWorkersBusy();
    await stopCli(apis[0]!, 'SIGKILL');
    apis[0] = await start('api');
    await whenCompleted(100);
    await restartWorker(1);
    await submissions;

    const deadline = Date.now() + 600_000;
    const jobs = new Map<string, Job>();
    while (Date.now() < deadline && jobs.size < accepted.length) {
      for (const jobId of accepted) {
        if (jobs.has(jobId)) continue;
        const res = await fetch(`${apis[jobs.size % 2]!.base}/api/documents/extract/${jobId}`, { headers: auth });
        const job = (await res.json()) as Job;
        if (job.status === 'completed' || job.status === 'failed') jobs.set(jobId, job);
      }
      if (jobs.size < accepted.length) await sleep(500);
    }
    expect(accepted).to.have.length(DOCUMENTS);
    expect(jobs.size, 'jobs finished').to.equal(DOCUMENTS);
    for (const job of jobs.values()) {
      expect(job.status, JSON.stringify(job)).to.equal('completed');
      expect(job.documentType).to.equal('insurance_cert');
      expect(job.extractedData).to.be.an('object');
    }

    const webhookDeadline = Date.now() + 120_000;
    const delivered = () => new Set(receiver!.on('/hook').map((request) => String(request.body.jobId)));
    while (Date.now() < webhookDeadline && delivered().size < DOCUMENTS) await sleep(250);
    expect([...delivered()], 'every accepted job has its webhook').to.include.members(accepted);
    const payloads = new Map<string, string>();
    for (const request of receiver!.on('/hook')) {
      const jobId = String(request.body.jobId);
      const seen = payloads.get(jobId);
      const completion = JSON.stringify([request.body.status, request.body.documentType, request.body.extractedData]);
      if (seen === undefined) payloads.set(jobId, completion);
      else expect(completion, `a retried delivery of ${jobId} carries the same completion`).to.equal(seen);
    }

    const conn = await createConnection(databaseUrl);
    try {
      const [rows] = await conn.query('SELECT id, file_key AS fileKey, status, attempts FROM jobs');
      const jobRows = rows as Array<{ id: string; fileKey: string | null; status: string; attempts: number }>;
      // A submission whose answer was lost with the killed API process may still have been stored:
      // the client never heard of that job, but it must be complete too, not half-made.
      expect(jobRows.map((row) => row.id)).to.include.members(accepted);
      for (const row of jobRows) expect(row.status, `job ${row.id}`).to.equal('completed');
      const rerun = jobRows.filter((row) => row.attempts > 1).length;
      expect(rerun, 'jobs the killed workers held ran again').to.be.greaterThan(0);
      const stored = await storedKeys(s3!);
      expect(stored.sort(), 'one stored object per job, no object without a job').to.deep.equal(jobRows.map((row) => `${PREFIX}/${row.fileKey}`).sort());
      process.stderr.write(
        `  scale-out: ${jobRows.length} jobs (${accepted.length} accepted) completed in ${((Date.now() - startedAt) / 1000).toFixed(0)} s; ` +
          `${rerun} ran again after a kill; ${receiver!.on('/hook').length} webhook deliveries received for them; ${stored.length} stored objects\n`,
      );
    } finally {
      await conn.end();
    }
  });
});
