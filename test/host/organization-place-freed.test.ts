import { expect } from 'chai';
import pino from 'pino';
import type { EnginePool } from '../../host/src/engine/index.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { HOST_DATABASES } from './support/mysql-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each engine call holds until released; `started` counts the calls. */
function heldEngine(): EnginePool & { started: number; releaseAll: () => void } {
  const pending: Array<() => void> = [];
  const engine = {
    started: 0,
    releaseAll: () => {
      for (const release of pending.splice(0)) release();
    },
    process: () => {
      engine.started += 1;
      return new Promise<ReturnType<typeof resultOf>>((resolve) => pending.push(() => resolve(resultOf('insurance_cert', { certificateNumber: 'C-1', coverages: [] }))));
    },
    processPacket: () => Promise.reject(new Error('no packets in this test')),
    learn: () => Promise.reject(new Error('no corrections in this test')),
    close: async () => undefined,
  };
  return engine;
}

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;

/** Across processes the freed place reaches an idle worker through the wake relay (without one, at that worker's next poll). */
const SETUPS: Array<{ name: string; secondWorkerProcess: boolean; env: Record<string, string> | null }> = [
  { name: 'one process with two workers', secondWorkerProcess: false, env: {} },
  {
    name: 'two processes with one worker each, with the Redis wake relay (DOCSIFT_TEST_REDIS_URL)',
    secondWorkerProcess: true,
    env: REDIS_URL ? { DOCSIFT_QUEUE_WAKE_URL: REDIS_URL } : null,
  },
];

for (const database of HOST_DATABASES) {
  for (const setup of SETUPS) {
    describe(`host: a job held back by its organization's cap starts when the place frees (${database.name}, ${setup.name})`, () => {
      let h: Harness;
      let worker: HostRuntime | null = null;
      let drop: () => Promise<void> = async () => undefined;
      const engine = heldEngine();
      before(async function () {
        const opened = await database.open();
        if (!opened || !setup.env) {
          process.stderr.write(`notice: ${!opened ? database.name : 'DOCSIFT_TEST_REDIS_URL'} is not set; "${setup.name}" skipped\n`);
          this.skip();
        }
        drop = opened.drop;
        const env = { ...opened.env, ...setup.env, DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_JOB_CONCURRENCY: setup.secondWorkerProcess ? '1' : '2', DOCSIFT_JOB_CONCURRENCY_PER_ORG: '1' };
        h = await startHarness(env, { worker: true, enginePool: engine });
        if (setup.secondWorkerProcess) worker = await startHost({ config: h.config, logger: pino({ level: 'silent' }), api: false, worker: true, enginePool: engine });
      });
      after(async () => {
        engine.releaseAll();
        await worker?.stop();
        await h?.close();
        await drop();
      });

      it('well within the wait between its own looks (two polls: 2 s here)', async () => {
        const key = await createKey(h, await signup(h));
        const submit = async () =>
          ((await (await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(key) })).json()) as { jobId: string })
            .jobId;
        const first = await submit();
        await waitFor(async () => engine.started, (n) => n === 1);
        const second = await submit();
        // The second job's entry looks once, finds the organization busy, and waits two polls for its next look.
        await sleep(150);
        expect(engine.started, 'held back').to.equal(1);
        const freedAt = Date.now();
        engine.releaseAll();
        await waitFor(async () => engine.started, (n) => n === 2);
        expect(Date.now() - freedAt, 'ms from the freed place to the start (its own next look: about 1850)').to.be.below(1000);
        // The second job's own entry looks again while the job runs: it finds the job running and ends.
        await sleep(2500);
        expect(engine.started, 'no second attempt').to.equal(2);
        engine.releaseAll();
        for (const jobId of [first, second]) {
          const job = await waitFor(
            async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string },
            (record) => record.status === 'completed',
          );
          expect(job.status).to.equal('completed');
        }
        expect(engine.started, 'each job ran once').to.equal(2);
      });
    });
  }
}
