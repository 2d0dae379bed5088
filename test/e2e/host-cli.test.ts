import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { freePort, startCli, stopCli, type CliProcess } from '../support/cli-processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(root, '../shared/corpus/public');
const ACORD = path.join(CORPUS, 'acord25_xstream_cleaning_2025-01-07.pdf');
const SCANNED = path.join(CORPUS, 'acord25_sainz_construction_2024-05-09.pdf');

/** `docsift serve` from source, as `npm start` runs it from the build. */
const startServe = (env: Record<string, string>) => startCli(['serve'], { LOG_LEVEL: 'warn', ...env }, 'listening on', 60_000);

async function poll(base: string, key: string, jobId: string, until: (job: Record<string, unknown>) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let job: Record<string, unknown> = {};
  while (Date.now() < deadline) {
    job = (await (await fetch(`${base}/api/documents/extract/${jobId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
    if (until(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return job;
}

async function submit(base: string, key: string, file: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([fs.readFileSync(file)], { type: 'application/pdf' }), path.basename(file));
  const res = await fetch(`${base}/api/documents/extract`, { method: 'POST', body, headers: { 'x-api-key': key } });
  expect(res.status).to.equal(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

describe('e2e: docsift serve over a real socket', function () {
  this.timeout(300_000);
  let dataDir: string;
  let port: number;
  let base: string;
  let env: Record<string, string>;
  let server: CliProcess | null = null;
  let key: string;

  before(async function () {
    if (!fs.existsSync(ACORD)) {
      process.stderr.write(`notice: ${ACORD} is absent; e2e host tests skipped\n`);
      this.skip();
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-e2e-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DOCSIFT_DATA_DIR: dataDir, DOCSIFT_JOB_LOCK_LIFETIME_MS: '5000', DOCSIFT_JOB_RETRY_BASE_MS: '500' };
  });
  after(async () => {
    if (server) await stopCli(server, 'SIGTERM');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, prints where it listens and how to create the first account', async () => {
    server = await startServe(env);
    const printed = server.output.join('');
    expect(printed).to.include(`listening on ${base}`);
    expect(printed).to.match(/curl -s -X POST http:\/\/127\.0\.0\.1:\d+\/api\/auth\/signup/);
  });

  it('signs up, creates a key, extracts an ACORD 25 to completed insurance_cert', async () => {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'e2e@example.com', password: 'a long password', organizationName: 'E2E' }),
    });
    expect(signup.status).to.equal(201);
    const { sessionToken } = (await signup.json()) as { sessionToken: string };
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
      body: JSON.stringify({ name: 'e2e' }),
    });
    expect(created.status).to.equal(201);
    key = ((await created.json()) as { key: string }).key;
    const jobId = await submit(base, key, ACORD);
    const job = await poll(base, key, jobId, (j) => j.status === 'completed' || j.status === 'failed', 180_000);
    expect(job.status, JSON.stringify(job)).to.equal('completed');
    expect(job.progress).to.equal(100);
    expect(job.processingTime).to.be.a('number');
    expect(job.documentType).to.equal('insurance_cert');
    expect(job.extractedData).to.be.an('object');
    const legacy = (await (await fetch(`${base}/api/documents/extract/${jobId}?layout=legacy`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
    expect(legacy.documentType).to.equal('insurance_certificate');
  });

  it('completes a job after the process is killed (SIGKILL) in the middle of it and started again', async function () {
    if (!fs.existsSync(SCANNED)) this.skip();
    const jobId = await submit(base, key, SCANNED);
    const running = await poll(base, key, jobId, (j) => j.status !== 'pending', 60_000);
    const killedMidJob = running.status === 'processing';
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server!.child.kill('SIGKILL');
    await exited;
    server = await startServe(env);
    const job = await poll(base, key, jobId, (j) => j.status === 'completed' || j.status === 'failed', 240_000);
    expect(job.status, JSON.stringify(job)).to.equal('completed');
    if (!killedMidJob) process.stderr.write(`notice: the job was already ${running.status} when the process was killed\n`);
  });

  it('stops cleanly on SIGTERM', async () => {
    const code = await stopCli(server!, 'SIGTERM');
    server = null;
    expect(code).to.equal(0);
  });
});
