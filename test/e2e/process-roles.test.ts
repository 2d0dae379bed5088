import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { freshDatabase } from '../host/support/mysql-database.js';
import { freePort, startCli, type CliProcess } from '../support/cli-processes.js';
import { startReceiver, type Receiver } from '../host/support/webhook-receiver.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(root, '../shared/corpus/public');
const DIGITAL = path.join(CORPUS, 'acord25_xstream_cleaning_2025-01-07.pdf');
/** A scanned page: OCR keeps a worker busy for a second or more. */
const SCANNED = path.join(CORPUS, 'acord25_sainz_construction_2024-05-09.pdf');
/** The lease stays at its default: a job taken up again well within it was handed back, not left to lapse. */
const LEASE_MS = 60_000;

/** `docsift <args>` from source, logging at info (the hand-back is read from its log). */
const startRole = (args: string[], env: Record<string, string>, ready: string) => startCli(args, { LOG_LEVEL: 'info', ...env }, ready, 60_000);

/** The scanned page eight times over: a job long enough to stop its worker in the middle on any machine. */
async function longScan(dir: string): Promise<string> {
  const source = await PDFDocument.load(fs.readFileSync(SCANNED));
  const long = await PDFDocument.create();
  for (let copy = 0; copy < 8; copy++) for (const page of await long.copyPages(source, source.getPageIndices())) long.addPage(page);
  const file = path.join(dir, 'long-scan.pdf');
  fs.writeFileSync(file, await long.save());
  return file;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await pause(100);
  }
}

/** Reads the shared database as an operator would: the job rows and the queue's entries. */
interface DatabaseReader {
  one<T>(sql: string, params: unknown[]): Promise<T | undefined>;
  close(): Promise<void>;
}

async function readerOf(options: DataSourceOptions): Promise<DatabaseReader> {
  const dataSource = await new DataSource(options).initialize();
  return {
    one: async <T>(sql: string, params: unknown[]) => ((await dataSource.query(sql, params)) as T[])[0],
    close: () => dataSource.destroy(),
  };
}

interface Database {
  name: string;
  open(dataDir: string): Promise<{ env: Record<string, string>; reader: () => Promise<DatabaseReader>; drop(): Promise<void> } | null>;
}

const DATABASES: Database[] = [
  {
    name: 'a SQLite file',
    open: async (dataDir) => ({ env: {}, reader: () => readerOf({ type: 'better-sqlite3', database: path.join(dataDir, 'docsift.sqlite') }), drop: async () => undefined }),
  },
  {
    name: 'MariaDB (DOCSIFT_TEST_MYSQL_URL)',
    open: async () => {
      const base = process.env.DOCSIFT_TEST_MYSQL_URL;
      if (!base) return null;
      const db = await freshDatabase(base);
      return { env: { DOCSIFT_DATABASE_URL: db.url }, reader: () => readerOf({ type: 'mysql', url: db.url }), drop: db.drop };
    },
  },
];

for (const database of DATABASES) {
  describe(`e2e: docsift api and docsift worker as separate processes on ${database.name}`, function () {
    this.timeout(240_000);
    let dataDir: string;
    let opened: NonNullable<Awaited<ReturnType<Database['open']>>>;
    let reader: DatabaseReader;
    let receiver: Receiver;
    let env: Record<string, string>;
    let api: CliProcess;
    let base: string;
    let key: string;
    /** Submitted while only the API process ran. */
    let firstJobId: string;
    let longScanFile: string;
    const workers: CliProcess[] = [];

    async function startWorker(extra: Record<string, string> = {}): Promise<CliProcess & { metricsUrl: string }> {
      const metricsPort = await freePort();
      const worker = await startRole(['worker'], { ...env, DOCSIFT_METRICS_PORT: String(metricsPort), ...extra }, 'worker running');
      workers.push(worker);
      return { ...worker, metricsUrl: `http://127.0.0.1:${metricsPort}` };
    }

    async function submit(file: string, webhookPath?: string): Promise<string> {
      const body = new FormData();
      body.append('file', new Blob([fs.readFileSync(file)], { type: 'application/pdf' }), path.basename(file));
      if (webhookPath) body.append('webhookUrl', `${receiver.url}${webhookPath}`);
      const res = await fetch(`${base}/api/documents/extract`, { method: 'POST', body, headers: { 'x-api-key': key } });
      expect(res.status).to.equal(202);
      return ((await res.json()) as { jobId: string }).jobId;
    }

    const jobOf = async (jobId: string) =>
      (await (await fetch(`${base}/api/documents/extract/${jobId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
    const attemptsOf = async (jobId: string) => Number((await reader.one<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = ?', [jobId]))?.attempts);
    /** The worker (host:pid, its queue name) whose lease holds the job's queue entry; null while none does. */
    const holderOf = async (jobId: string) => {
      const entry = await reader.one<{ holder: string | null; lockedAt: unknown }>(
        "SELECT last_modified_by AS holder, locked_at AS lockedAt FROM docsift_queue_jobs WHERE name = 'process-document' AND data LIKE ?",
        [`%${jobId}%`],
      );
      return entry?.lockedAt ? entry.holder : null;
    };
    const isWorker = (worker: CliProcess, holder: string | null) => holder === `${os.hostname()}:${worker.child.pid}`;

    before(async function () {
      if (!fs.existsSync(DIGITAL) || !fs.existsSync(SCANNED)) {
        process.stderr.write(`notice: the public corpus is absent; the process role tests are skipped\n`);
        this.skip();
      }
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-roles-'));
      const database_ = await database.open(dataDir);
      if (!database_) {
        process.stderr.write(`notice: DOCSIFT_TEST_MYSQL_URL is not set; the process role tests on MariaDB are skipped\n`);
        this.skip();
      }
      opened = database_;
      receiver = await startReceiver();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        ...opened.env,
        PORT: String(port),
        DOCSIFT_DATA_DIR: dataDir,
        DOCSIFT_JOB_LOCK_LIFETIME_MS: String(LEASE_MS),
        DOCSIFT_JOB_CONCURRENCY: '1',
        DOCSIFT_SHUTDOWN_GRACE_MS: '500',
        DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
        ...(process.env.DOCSIFT_TEST_REDIS_URL ? { DOCSIFT_QUEUE_WAKE_URL: process.env.DOCSIFT_TEST_REDIS_URL } : {}),
      };
      longScanFile = await longScan(dataDir);
      api = await startRole(['api'], env, 'listening on');
      reader = await opened.reader();
    });

    after(async () => {
      for (const started of [...workers, api]) {
        if (started && started.child.exitCode === null && started.child.signalCode === null) {
          started.child.kill('SIGKILL');
          await started.exited;
        }
      }
      await reader?.close();
      await receiver?.close();
      await opened?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('docsift api serves the API and runs no job: a submitted job stays pending, and its readiness does not use the engine', async () => {
      expect(api.output.join('')).to.include('workers off');
      const signup = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'roles@example.com', password: 'a long password', organizationName: 'Roles' }),
      });
      const { sessionToken } = (await signup.json()) as { sessionToken: string };
      const created = await fetch(`${base}/api/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
        body: JSON.stringify({ name: 'roles' }),
      });
      key = ((await created.json()) as { key: string }).key;
      const jobId = await submit(DIGITAL);
      firstJobId = jobId;
      // Two queue polls: a process that ran jobs would have taken it by then.
      await pause(2500);
      expect(await jobOf(jobId)).to.include({ status: 'pending' });
      const ready = (await (await fetch(`${base}/api/ready`)).json()) as { checks: Record<string, string> };
      expect(ready.checks.engine).to.equal('not_used');
    });

    it('docsift worker answers /api/ready and /metrics on its own port, and completes the job the API process took', async () => {
      const worker = await startWorker();
      // It takes the waiting job up at once; readiness may say `engine` not ready while that job starts the engine threads.
      const ready = await until(() => fetch(`${worker.metricsUrl}/api/ready`), (res) => res.status === 200, 30_000);
      expect(ready.status).to.equal(200);
      expect(await ready.json()).to.deep.equal({ status: 'ready', checks: { database: 'ready', queue: 'ready', storage: 'ready', engine: 'ready' } });
      const metrics = await fetch(`${worker.metricsUrl}/metrics`);
      expect(metrics.status).to.equal(200);
      expect(await metrics.text()).to.include('# TYPE');
      expect((await fetch(`${worker.metricsUrl}/api/documents/types`)).status, 'nothing of the API').to.equal(404);
      const job = await until(() => jobOf(firstJobId), (record) => record.status === 'completed' || record.status === 'failed', 120_000);
      expect(job).to.include({ status: 'completed', documentType: 'insurance_cert' });
    });

    it('SIGTERM during a long job: the worker hands it back and exits 0, and the other worker completes it exactly once, long before the lease could lapse', async () => {
      await startWorker();
      const jobId = await submit(longScanFile, '/handed-back');
      const holder = await until(() => holderOf(jobId), (value) => value !== null, 60_000);
      const stopping = workers.find((worker) => isWorker(worker, holder) && worker.child.exitCode === null);
      const survivor = workers.find((worker) => worker !== stopping && worker.child.exitCode === null);
      expect(stopping, `a worker holds the job (${holder})`).to.not.equal(undefined);
      expect(await until(() => jobOf(jobId), (record) => record.status !== 'pending', 10_000)).to.include({ status: 'processing' });
      expect(await attemptsOf(jobId)).to.equal(1);

      const signalledAt = Date.now();
      stopping!.child.kill('SIGTERM');
      expect(await stopping!.exited).to.equal(0);
      const stoppedAfterMs = Date.now() - signalledAt;
      expect(stopping!.output.join('')).to.include('handed back the jobs still running');

      const takenBy = await until(() => holderOf(jobId), (value) => value !== null && !isWorker(stopping!, value), 30_000);
      expect(isWorker(survivor!, takenBy), `taken up by the other worker (${takenBy})`).to.equal(true);
      const takenUpAfterMs = Date.now() - signalledAt;
      expect(takenUpAfterMs, 'taken up again well within the lease').to.be.below(LEASE_MS / 3);
      const job = await until(() => jobOf(jobId), (record) => record.status === 'completed' || record.status === 'failed', 180_000);
      expect(job).to.include({ status: 'completed', documentType: 'insurance_cert' });
      expect(await attemptsOf(jobId), 'the handed-back attempt is not counted').to.equal(1);
      await until(async () => receiver.on('/handed-back'), (list) => list.length > 0, 30_000);
      await pause(1500);
      const deliveries = receiver.on('/handed-back');
      expect(deliveries.map((delivery) => delivery.body.event)).to.deep.equal(['extraction.completed']);
      process.stderr.write(`notice: the stopped worker exited ${stoppedAfterMs} ms after SIGTERM; the other worker held the job ${takenUpAfterMs} ms after it\n`);
    });

    it('a second signal makes a worker exit at once instead of waiting out the grace period', async () => {
      for (const worker of workers.filter((started) => started.child.exitCode === null)) {
        worker.child.kill('SIGTERM');
        expect(await worker.exited, 'an idle worker stops cleanly').to.equal(0);
      }
      const patient = await startWorker({ DOCSIFT_SHUTDOWN_GRACE_MS: '120000' });
      const jobId = await submit(longScanFile);
      // A loaded machine may take a while to start the worker and lease the job: signalled while idle, it would exit 0 at once.
      const holder = await until(() => holderOf(jobId), (value) => isWorker(patient, value), 120_000);
      expect(isWorker(patient, holder), `the patient worker holds the job (${holder})`).to.equal(true);
      patient.child.kill('SIGTERM');
      await pause(1000);
      expect(patient.child.exitCode, 'still waiting for its running job').to.equal(null);
      const secondAt = Date.now();
      patient.child.kill('SIGTERM');
      expect(await patient.exited).to.equal(128 + os.constants.signals.SIGTERM);
      expect(Date.now() - secondAt).to.be.below(5000, 'far below the 120 s grace period');
    });

    it('docsift api stops cleanly on SIGTERM', async () => {
      api.child.kill('SIGTERM');
      expect(await api.exited).to.equal(0);
    });
  });
}
