import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import type { EnginePool } from '../../host/src/engine/index.js';
import type { HostRuntime } from '../../host/src/main/runtime.js';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import type { JobQueue } from '../../host/src/queue/index.js';
import { die, hangingEngine, startOn as startCrashableHost } from './support/crash-harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { callHost } from './support/runtime-call.js';

// A short lease, so a dead worker's job is claimable again within seconds (and Agenda's pending
// liveness timers, half a lease each, do not hold the test process).
const LEASE_MS = 1500;
const ENV = { DOCSIFT_JOB_LOCK_LIFETIME_MS: String(LEASE_MS), DOCSIFT_JOB_ATTEMPTS: '2', DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' };

const startOn = (dataDir: string, engine: EnginePool, env: Record<string, string> = {}, logger?: Parameters<typeof startCrashableHost>[3]) =>
  startCrashableHost(dataDir, engine, { ...ENV, ...env }, logger);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * From now on the queue refuses to renew the lease of a running document entry (as a queue store
 * that stopped answering the worker would), while taking one up, starting a run and the job
 * database keep working.
 */
const REFUSE_LEASE_RENEWALS = `CREATE TRIGGER refuse_lease_renewals BEFORE UPDATE OF progress ON docsift_queue_jobs
  WHEN OLD.name = 'process-document' AND OLD.locked_at IS NOT NULL AND NEW.locked_at IS NOT NULL AND NEW.last_run_at IS OLD.last_run_at
  BEGIN SELECT RAISE(ABORT, 'lease renewal refused'); END`;

describe('host: attempts whose worker died count', () => {
  let receiver: Receiver;
  let dataDir: string;
  beforeEach(async () => {
    receiver = await startReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-crash-'));
  });
  afterEach(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts a process, signs up and submits one document; returns the process, the job id and a key. */
  async function submitOn(runtime: HostRuntime): Promise<{ jobId: string; key: string }> {
    const account = await callHost(runtime, 'POST', '/api/auth/signup', null, { email: `c-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'C' });
    const key = (await callHost(runtime, 'POST', '/api/api-keys', account.sessionToken, { name: 'k' })).key as string;
    const created = await callHost(runtime, 'POST', '/api/documents/extract', key, form({ file: { bytes: PDF_BYTES, name: 'poison.pdf' }, webhookUrl: `${receiver.url}/crash` }));
    return { jobId: created.jobId as string, key };
  }

  const attemptsOf = async (runtime: HostRuntime, jobId: string) => (await runtime.container.resolve<JobRepository>('jobRepository').find(jobId))!.attempts;

  it('a document that kills its worker on every attempt fails after the last allowed attempt, and is not run again', async () => {
    const first = hangingEngine();
    const a = await startOn(dataDir, first);
    let submitted: { jobId: string; key: string };
    try {
      submitted = await submitOn(a);
      await waitFor(async () => first.calls.length, (n) => n === 1);
      expect(await attemptsOf(a, submitted.jobId)).to.equal(1);
    } finally {
      await die(a);
    }

    const second = hangingEngine();
    const b = await startOn(dataDir, second);
    try {
      await waitFor(async () => second.calls.length, (n) => n === 1);
      expect(await attemptsOf(b, submitted.jobId)).to.equal(2);
    } finally {
      await die(b);
    }
    // The dead attempt's row is then untouched for more than a lease when the next worker takes the job up.
    await pause(LEASE_MS);

    const third = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'never' }));
    const c = await startOn(dataDir, third);
    try {
      const job = await waitFor(() => callHost(c, 'GET', `/api/documents/extract/${submitted.jobId}`, submitted.key), (record) => record.status === 'failed');
      expect(job).to.include({ status: 'failed', error: 'The document could not be processed.' });
      expect(third.calls).to.have.length(0);
      expect(await attemptsOf(c, submitted.jobId)).to.equal(2);
      const [delivery] = await waitFor(async () => receiver.on('/crash'), (list) => list.length === 1);
      expect(delivery!.body).to.deep.include({ jobId: submitted.jobId, event: 'extraction.failed', error: 'The document could not be processed.' });
    } finally {
      await c.stop();
    }
  });

  it('a job whose worker died once completes on its next attempt, which is counted as the second', async () => {
    const first = hangingEngine();
    const a = await startOn(dataDir, first);
    let submitted: { jobId: string; key: string };
    try {
      submitted = await submitOn(a);
      await waitFor(async () => first.calls.length, (n) => n === 1);
    } finally {
      await die(a);
    }
    const second = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'C-2' }));
    const b = await startOn(dataDir, second);
    try {
      const job = await waitFor(() => callHost(b, 'GET', `/api/documents/extract/${submitted.jobId}`, submitted.key), (record) => record.status === 'completed');
      expect(job.extractedData).to.deep.equal({ certificateNumber: 'C-2' });
      expect(second.calls).to.have.length(1);
      expect(await attemptsOf(b, submitted.jobId)).to.equal(2);
    } finally {
      await b.stop();
    }
  });

  it('a job taken up while its last attempt still runs elsewhere (its lease lapsed) is left to that attempt, whose result is kept', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = fakeEngine(async () => {
      await gate;
      return resultOf('insurance_cert', { certificateNumber: 'LIVE-1' });
    });
    const a = await startOn(dataDir, first, { DOCSIFT_JOB_ATTEMPTS: '1' });
    const second = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'never' }));
    let b: HostRuntime | undefined;
    try {
      const submitted = await submitOn(a);
      await waitFor(async () => first.calls.length, (n) => n === 1);
      await a.dataSource.query(REFUSE_LEASE_RENEWALS);
      b = await startOn(dataDir, second, { DOCSIFT_JOB_ATTEMPTS: '1' });
      const bQueue = b.container.resolve<JobQueue>('jobQueue');
      expect(await waitFor(() => bQueue.hasPendingEntry('process-document', submitted.jobId), (pending) => !pending, 10_000)).to.equal(false);
      const jobs = a.container.resolve<JobRepository>('jobRepository');
      expect((await jobs.find(submitted.jobId))!).to.include({ status: 'processing', attempts: 1 });

      release();
      const job = await waitFor(() => callHost(a, 'GET', `/api/documents/extract/${submitted.jobId}`, submitted.key), (record) => record.status !== 'processing');
      expect(job).to.include({ status: 'completed' });
      expect(job.extractedData).to.deep.equal({ certificateNumber: 'LIVE-1' });
      expect(second.calls).to.have.length(0);
      const deliveries = await waitFor(async () => receiver.on('/crash'), (list) => list.length === 1);
      await pause(300);
      expect(receiver.on('/crash')).to.have.length(1);
      expect(deliveries[0]!.body).to.deep.include({ jobId: submitted.jobId, event: 'extraction.completed' });
    } finally {
      release();
      await b?.stop();
      await a.stop();
    }
  });

  it('an attempt whose job was deleted meanwhile logs "result discarded", not "job completed"', async () => {
    const lines: Array<{ msg: string; jobId?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const engine = fakeEngine(async () => {
      await gate;
      return resultOf('insurance_cert', { certificateNumber: 'GONE-1' });
    });
    const a = await startOn(dataDir, engine, {}, logger);
    try {
      const submitted = await submitOn(a);
      await waitFor(async () => engine.calls.length, (n) => n === 1);
      const deleted = await fetch(`${a.url}/api/documents/extract/${submitted.jobId}`, { method: 'DELETE', headers: { authorization: `Bearer ${submitted.key}` } });
      expect(deleted.status).to.equal(204);
      release();
      const ofJob = () => lines.filter((line) => line.jobId === submitted.jobId).map((line) => line.msg);
      const messages = await waitFor(async () => ofJob(), (list) => list.some((msg) => msg.startsWith('result discarded')));
      expect(messages.filter((msg) => msg.startsWith('result discarded'))).to.have.length(1);
      expect(messages).not.to.include('job completed');
    } finally {
      release();
      await a.stop();
    }
  });
});
