import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(root, '../shared/corpus/public');
const ACORD = path.join(CORPUS, 'acord25_xstream_cleaning_2025-01-07.pdf');
const SCANNED = path.join(CORPUS, 'acord25_sainz_construction_2024-05-09.pdf');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  stdout: string[];
}

/** Starts the CLI from source (`docsift serve`), as `npm start` does from the build. */
function startServe(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--conditions=docsift-source', '--import', 'tsx', 'host/src/main/cli.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stdout.join('')}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout.push(chunk.toString());
      if (stdout.join('').includes('listening on')) {
        clearTimeout(timer);
        resolve({ child, stdout });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${stdout.join('')}`));
    });
  });
}

async function stopGracefully(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

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
  let server: Started | null = null;
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
    if (server) await stopGracefully(server.child);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, prints where it listens and how to create the first account', async () => {
    server = await startServe(env);
    const printed = server.stdout.join('');
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
    const code = await stopGracefully(server!.child);
    server = null;
    expect(code).to.equal(0);
  });
});
