import { expect } from 'chai';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../../host/src/queue/index.js';
import { queueStores, silentLogger, sleep, waitFor, type QueueStore } from './support.js';

const BASE = { logger: silentLogger, concurrency: 3, lockLifetimeMs: 5000, maxAttempts: 3, retryBaseMs: 20, processEveryMs: 100 };

for (const { label, envVar, make } of queueStores()) {
  const suite = make ? describe : describe.skip;
  suite(make ? `job queue on ${label}` : `job queue on ${label} (skipped: ${envVar} is not set)`, function () {
    let store: QueueStore;
    let queues: JobQueue[];

    async function newQueue(overrides: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
      const queue = createJobQueue({ ...BASE, ...(await store.workerOptions()), ...overrides });
      queues.push(queue);
      return queue;
    }

    beforeEach(() => {
      store = make!();
      queues = [];
    });
    afterEach(async () => {
      await Promise.all(queues.map((queue) => queue.stop({ timeoutMs: 0 })));
      await store.cleanup();
    });

    it('two workers racing on many jobs never run the same job at the same time', async () => {
      const active = new Set<number>();
      const runs = new Map<number, number>();
      const overlaps: number[] = [];
      const workerOf: string[] = [];
      const handler = (worker: string) => async ({ n }: { n: number }): Promise<void> => {
        if (active.has(n)) overlaps.push(n);
        active.add(n);
        workerOf.push(worker);
        // Long enough that one worker alone needs several of the other's polls: both must take part in the race.
        await sleep(80 + (n % 4) * 10);
        active.delete(n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
      };
      const a = await newQueue();
      const b = await newQueue();
      a.define('race', handler('a'));
      b.define('race', handler('b'));
      const count = 30;
      await Promise.all(Array.from({ length: count }, (_, n) => (n % 2 ? a : b).enqueue('race', { n }, { jobKey: `race-${n}` })));
      await Promise.all([a.start(), b.start()]);
      await waitFor(() => runs.size === count, 20_000, 'every job to run');
      await sleep(300);
      expect(overlaps).to.deep.equal([]);
      expect([...runs.values()].every((times) => times === 1)).to.equal(true);
      expect(new Set(workerOf).size, 'both workers took jobs').to.equal(2);
    });

    it('keeps one entry per jobKey and reports whether it is still pending', async () => {
      const queue = await newQueue();
      const seen: string[] = [];
      queue.define<{ id: string }>('keyed', async ({ id }) => {
        seen.push(id);
      });
      await Promise.all([1, 2, 3].map(() => queue.enqueue('keyed', { id: 'doc-1' }, { jobKey: 'doc-1' })));
      await queue.enqueue('keyed', { id: 'doc-1' }, { jobKey: 'doc-1' });
      expect(await queue.hasPendingEntry('keyed', 'doc-1')).to.equal(true);
      expect(await queue.hasPendingEntry('keyed', 'doc-2')).to.equal(false);
      await queue.start();
      await waitFor(() => seen.length > 0, 10_000, 'the keyed job to run');
      await waitFor(async () => !(await queue.hasPendingEntry('keyed', 'doc-1')), 5_000, 'the entry to be gone');
      await sleep(300);
      expect(seen).to.deep.equal(['doc-1']);
    });

    it('runs a deferred entry again at its new time, as the same attempt and still pending meanwhile', async () => {
      const queue = await newQueue();
      const runs: Array<{ attempt: number; at: number }> = [];
      queue.define<{ id: string }>('deferred', async (_data, context) => {
        runs.push({ attempt: context.attempt, at: Date.now() });
        if (runs.length === 1) context.deferUntil(new Date(Date.now() + 400));
      });
      await queue.start();
      await queue.enqueue('deferred', { id: 'd' }, { jobKey: 'deferred-d' });
      await waitFor(() => runs.length === 1, 5000, 'the first run');
      await sleep(100);
      expect(await queue.hasPendingEntry('deferred', 'deferred-d')).to.equal(true);
      await waitFor(() => runs.length === 2, 5000, 'the deferred run');
      expect(runs.map((run) => run.attempt)).to.deep.equal([1, 1]);
      expect(runs[1]!.at - runs[0]!.at).to.be.at.least(400);
      await waitFor(async () => !(await queue.hasPendingEntry('deferred', 'deferred-d')), 5000, 'the entry to finish');
    });

    it('retries with backoff and fails for good only after the last attempt', async () => {
      const queue = await newQueue();
      const attempts: number[] = [];
      const finalFailures: { data: unknown; message: string; after: number[] }[] = [];
      queue.define<{ id: string }>(
        'flaky',
        async (_data, { attempt }) => {
          attempts.push(attempt);
          throw new Error(`attempt ${attempt} broke`);
        },
        {
          onFinalFailure: (data, error) => {
            finalFailures.push({ data, message: error.message, after: [...attempts] });
          },
        },
      );
      const recovering: number[] = [];
      queue.define('recovers', async (_data, { attempt }) => {
        recovering.push(attempt);
        if (attempt < 2) throw new Error('transient');
      }, { onFinalFailure: () => { throw new Error('must not be called'); } });
      await queue.start();
      await queue.enqueue('flaky', { id: 'j1' }, { jobKey: 'j1' });
      await queue.enqueue('recovers', {}, { jobKey: 'r1' });
      await waitFor(() => finalFailures.length === 1 && recovering.length === 2, 10_000, 'the final failure');
      await sleep(300);
      expect(attempts).to.deep.equal([1, 2, 3]);
      expect(finalFailures).to.deep.equal([{ data: { id: 'j1' }, message: 'attempt 3 broke', after: [1, 2, 3] }]);
      expect(recovering).to.deep.equal([1, 2]);
      expect(await queue.hasPendingEntry('flaky', 'j1')).to.equal(false);
    });

    it('runs a key again when enqueued after its entry failed for good', async () => {
      const queue = await newQueue({ maxAttempts: 1 });
      let runs = 0;
      queue.define(
        'doomed',
        async () => {
          runs += 1;
          throw new Error('always');
        },
        { onFinalFailure: () => { throw new Error('the job row could not be written'); } },
      );
      await queue.start();
      await queue.enqueue('doomed', {}, { jobKey: 'd' });
      await waitFor(() => runs === 1, 10_000, 'the first run');
      await waitFor(async () => !(await queue.hasPendingEntry('doomed', 'd')), 5_000, 'the entry to finish');
      await queue.enqueue('doomed', {}, { jobKey: 'd' });
      await waitFor(() => runs === 2, 10_000, 'the re-enqueued run');
    });

    it('a stopping worker lets a running job finish within the grace period, and it is not run again', async () => {
      const queue = await newQueue();
      let runs = 0;
      let finished = 0;
      queue.define('short', async () => {
        runs += 1;
        await sleep(300);
        finished += 1;
      });
      await queue.start();
      await queue.enqueue('short', {}, { jobKey: 'short' });
      await waitFor(() => runs === 1, 10_000, 'the job to start');
      await queue.stop({ timeoutMs: 5000 });
      expect(finished).to.equal(1);
      const survivor = await newQueue();
      survivor.define('short', async () => {
        runs += 1;
      });
      await survivor.start();
      await sleep(400);
      expect(runs).to.equal(1);
      expect(await survivor.hasPendingEntry('short', 'short')).to.equal(false);
    });

    it('a stopping worker hands back a job still running after the grace period: another runs it at once as the same attempt, and the stopped run writes nothing more', async () => {
      // A lease far longer than the test: only a hand-back lets another worker run the job soon.
      const lockLifetimeMs = 60_000;
      const stopping = await newQueue({ lockLifetimeMs });
      let started = false;
      let abortedAsHandBack: boolean | null = null;
      let releaseStoppedRun!: () => void;
      const stoppedRunMayEnd = new Promise<void>((resolve) => (releaseStoppedRun = resolve));
      stopping.define('long', async (_data, context) => {
        started = true;
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
        abortedAsHandBack = context.handedBack();
        // Ends (as a failure, to Agenda) only once another worker runs the job: its writes must not reach the entry.
        await stoppedRunMayEnd;
        throw new Error('stopped');
      });
      await stopping.start();
      await stopping.enqueue('long', {}, { jobKey: 'long' });
      await waitFor(() => started, 10_000, 'the first worker to take the job');

      const survivor = await newQueue({ lockLifetimeMs });
      const attempts: number[] = [];
      let releaseSurvivor!: () => void;
      const survivorMayEnd = new Promise<void>((resolve) => (releaseSurvivor = resolve));
      survivor.define('long', async (_data, context) => {
        attempts.push(context.attempt);
        await survivorMayEnd;
      });
      await survivor.start();
      const stopAsked = Date.now();
      await stopping.stop({ timeoutMs: 100 });
      expect(abortedAsHandBack).to.equal(true);
      await waitFor(() => attempts.length === 1, 10_000, 'the survivor to take the job');
      expect(Date.now() - stopAsked, 'taken long before the lease could lapse').to.be.below(lockLifetimeMs / 10);
      releaseStoppedRun();
      await sleep(300);
      expect(await survivor.hasPendingEntry('long', 'long'), 'the stopped run removed nothing').to.equal(true);
      releaseSurvivor();
      await waitFor(async () => !(await survivor.hasPendingEntry('long', 'long')), 10_000, 'the job to finish');
      await sleep(300);
      expect(attempts).to.deep.equal([1]);
    });

    it('runs a job again once the lease of a worker that died has expired', async () => {
      const lockLifetimeMs = 600;
      const dying = await newQueue({ lockLifetimeMs });
      let startedOnDying = 0;
      dying.define('fragile', async () => {
        startedOnDying = Date.now();
        await new Promise(() => undefined);
      });
      await dying.start();
      await dying.enqueue('fragile', { id: 'x' }, { jobKey: 'x' });
      await waitFor(() => startedOnDying > 0, 10_000, 'the first worker to take the job');
      await dying.stop({ timeoutMs: 0, leftRunning: 'lapse' });
      const stoppedAt = Date.now();

      const survivor = await newQueue({ lockLifetimeMs });
      let completedAt = 0;
      survivor.define('fragile', async () => {
        completedAt = Date.now();
      });
      await survivor.start();
      expect(await survivor.hasPendingEntry('fragile', 'x'), 'the lease still holds the entry').to.equal(true);
      await waitFor(() => completedAt > 0, 10_000, 'the second worker to run the job');
      expect(completedAt - stoppedAt).to.be.at.least(lockLifetimeMs * 0.8);
    });

    it('renews the lease of a long job so no other worker takes it', async () => {
      const lockLifetimeMs = 600;
      const a = await newQueue({ lockLifetimeMs });
      const b = await newQueue({ lockLifetimeMs });
      let runs = 0;
      const progress: number[] = [];
      const slow = async (_data: unknown, { touch }: { touch(p?: number): Promise<void> }): Promise<void> => {
        runs += 1;
        await sleep(lockLifetimeMs * 1.5);
        await touch(50);
        progress.push(50);
        await sleep(lockLifetimeMs * 1.5);
      };
      a.define('slow', slow);
      b.define('slow', slow);
      await a.start();
      await a.enqueue('slow', {}, { jobKey: 's' });
      await waitFor(() => runs === 1, 10_000, 'the slow job to start');
      await b.start();
      await waitFor(async () => !(await a.hasPendingEntry('slow', 's')), 10_000, 'the slow job to finish');
      expect(runs).to.equal(1);
      expect(progress).to.deep.equal([50]);
    });

    it('runs a scheduled job repeatedly from one entry', async () => {
      const queue = await newQueue();
      let ticks = 0;
      queue.define('tick', async () => {
        ticks += 1;
      });
      await queue.every('tick', 200);
      await queue.every('tick', 200);
      await queue.start();
      await waitFor(() => ticks >= 2, 10_000, 'two ticks');
    });
  });
}
