import { expect } from 'chai';
import { loadConfig } from '../../host/src/config/config.js';
import { RateLimitService, SYNC_INTERVAL_MS } from '../../host/src/services/rate-limit.service.js';
import { DeferredCounterStore, StoreTimeoutError, TimedCounterStore, type CounterStore } from '../../host/src/services/rate-limit/counter-store.js';
import { WindowCounter } from '../../host/src/services/rate-limit/window-counter.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;
const MYSQL_URL = process.env.DOCSIFT_TEST_MYSQL_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The windows are fixed minutes: start a counting test with at least 10 s of its window left. */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await sleep(left + 50);
}

function subjectOf(tag: string) {
  return { kind: 'apiKey' as const, apiKeyId: `k-${tag}-${process.pid}-${Date.now()}`, organizationId: `o-${tag}-${Date.now()}` };
}

/**
 * Two services over one store stand for two processes: each has its own connection. Requests
 * one synchronisation apart are counted exactly across them.
 */
async function sharedCounting(env: Record<string, string>): Promise<boolean[]> {
  const config = loadConfig({ DOCSIFT_RATE_LIMIT_PER_KEY: '3', LOG_LEVEL: 'silent', ...env });
  const a = new RateLimitService({ config });
  const b = new RateLimitService({ config });
  await sleep(300);
  await awayFromWindowEdge();
  const subject = subjectOf('shared');
  const allowed: boolean[] = [];
  for (const service of [a, b, a, b]) {
    const outcome = await service.consume(subject);
    allowed.push(outcome.allowed);
    if (outcome.allowed) await outcome.release();
    await sleep(2 * SYNC_INTERVAL_MS);
  }
  await a.close();
  await b.close();
  return allowed;
}

async function admitted(service: RateLimitService, subject: ReturnType<typeof subjectOf>, requests: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < requests; i += 1) {
    const outcome = await service.consume(subject);
    if (outcome.allowed) {
      count += 1;
      await outcome.release();
    }
  }
  return count;
}

describe('host: rate limits counted in memory and synchronised', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-rl-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses the 101st request of a window in one process, with exact remaining counts', async () => {
    const service = new RateLimitService({ config: loadConfig({ DOCSIFT_DATA_DIR: dir, LOG_LEVEL: 'silent' }) });
    try {
      await awayFromWindowEdge();
      const subject = subjectOf('exact');
      const remaining: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const outcome = await service.consume(subject);
        expect(outcome.allowed, `request ${i + 1}`).to.equal(true);
        remaining.push(outcome.tightest.remaining);
        if (outcome.allowed) await outcome.release();
      }
      expect(remaining.slice(0, 3)).to.deep.equal([99, 98, 97]);
      expect(remaining.at(-1)).to.equal(0);
      const refused = await service.consume(subject);
      expect(refused).to.include({ allowed: false, reason: 'rate', limit: 100 });
    } finally {
      await service.close();
    }
  });

  it('admits at most the limit plus what the other process admits before one synchronisation, when two share a burst', async () => {
    const config = loadConfig({ DOCSIFT_DATA_DIR: dir, DOCSIFT_RATE_LIMIT_PER_KEY: '40', LOG_LEVEL: 'silent' });
    const a = new RateLimitService({ config });
    const b = new RateLimitService({ config });
    try {
      await awayFromWindowEdge();
      const subject = subjectOf('burst');
      const [fromA, fromB] = await Promise.all([admitted(a, subject, 60), admitted(b, subject, 60)]);
      expect(fromA).to.be.at.most(40);
      expect(fromB).to.be.at.most(40);
      // Each process admits at most a quarter of what it believes is left before it synchronises.
      expect(fromA + fromB).to.be.within(40, 40 + 10);
      await sleep(2 * SYNC_INTERVAL_MS);
      expect(await admitted(a, subject, 1)).to.equal(0);
      expect(await admitted(b, subject, 1)).to.equal(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts concurrent requests per key across processes (shared-limits.test.ts for every store)', async () => {
    const config = loadConfig({ DOCSIFT_DATA_DIR: dir, DOCSIFT_RATE_LIMIT_PER_KEY: '5', DOCSIFT_RATE_LIMIT_CONCURRENT: '1', LOG_LEVEL: 'silent' });
    const service = new RateLimitService({ config });
    const other = new RateLimitService({ config });
    try {
      const subject = subjectOf('conc');
      const held = await service.consume(subject);
      expect(held.allowed).to.equal(true);
      expect(await service.consume(subject)).to.include({ allowed: false, reason: 'concurrency' });
      expect(await other.consume(subject), 'the one place is taken in the other process').to.include({ allowed: false, reason: 'concurrency' });
      if (held.allowed) held.release();
    } finally {
      await service.close();
      await other.close();
    }
  });
});

describe('host: rate-limit stores shared across processes', () => {

  it('SQLite file in the data directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-rl-'));
    try {
      expect(await sharedCounting({ DOCSIFT_DATA_DIR: dir })).to.deep.equal([true, true, true, false]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)', async function () {
    if (!MYSQL_URL) {
      process.stderr.write('notice: DOCSIFT_TEST_MYSQL_URL is not set; MySQL rate-limit store test skipped\n');
      this.skip();
    }
    expect(await sharedCounting({ DOCSIFT_DATABASE_URL: MYSQL_URL! })).to.deep.equal([true, true, true, false]);
  });

  it('Redis (DOCSIFT_TEST_REDIS_URL as DOCSIFT_RATE_LIMIT_URL)', async function () {
    if (!REDIS_URL) {
      process.stderr.write('notice: DOCSIFT_TEST_REDIS_URL is not set; Redis rate-limit store test skipped\n');
      this.skip();
    }
    expect(await sharedCounting({ DOCSIFT_RATE_LIMIT_URL: REDIS_URL! })).to.deep.equal([true, true, true, false]);
  });
});

describe('host: a shared counter store opened on first use', () => {
  it('tries to open again on the next use after an opening that failed', async () => {
    const totals = new Map<string, number>();
    let attempts = 0;
    const store = new DeferredCounterStore(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('server not answering yet');
      const unused = () => Promise.reject(new Error('not used here'));
      return {
        add: async (increments) => increments.map(({ key, by }) => totals.set(key, (totals.get(key) ?? 0) + by).get(key)!),
        publish: unused,
        addFailure: unused,
        readFailures: unused,
        clearFailures: unused,
        close: async () => undefined,
      };
    });
    const increment = { key: 'k', by: 2, expiresAt: Date.now() + 60_000 };
    await store.add([increment]).then(
      () => expect.fail('the first opening fails'),
      (error: Error) => expect(error.message).to.equal('server not answering yet'),
    );
    expect(await store.add([increment])).to.deep.equal([2]);
    expect(await store.add([increment])).to.deep.equal([4]);
    expect(attempts).to.equal(2);
    await store.close();
  });
});

describe('host: a counter store that does not answer', () => {
  it('is given up on after a while, so that no request waits for it forever', async () => {
    const hung = () => new Promise<never>(() => undefined);
    const never: CounterStore = { add: hung, publish: hung, addFailure: hung, readFailures: hung, clearFailures: hung, close: async () => undefined };
    const store = new TimedCounterStore(never);
    const outcomes = await Promise.allSettled([store.add([{ key: 'k', by: 1, expiresAt: Date.now() + 60_000 }]), store.publish('p', 1, [{ key: 'g', value: 1 }], 5_000)]);
    for (const outcome of outcomes) expect(outcome.status === 'rejected' && outcome.reason).to.be.instanceOf(StoreTimeoutError);
  });

  it('keeps counted the requests of a batch given up on (perhaps added), and adds again those of a batch that failed', () => {
    const now = Date.now();
    const counter = new WindowCounter({ name: 'key', limit: 100, windowMs: 60_000, clock: () => now, read: async () => 0, sync: async () => undefined });
    const first = counter.take('k');
    expect(first).to.be.instanceOf(Promise);
    return (first as Promise<unknown>).then(() => {
      counter.take('k');
      const [givenUp] = counter.collect();
      expect(givenUp).to.include({ by: 2 });
      givenUp!.settle('unknown');
      expect(counter.collect().map((increment) => increment.by), 'not added again').to.deep.equal([0]);
      counter.take('k');
      const [failed] = counter.collect();
      expect(failed).to.include({ by: 1 });
      failed!.settle(null);
      expect(counter.collect().map((increment) => increment.by), 'added again').to.deep.equal([1]);
    });
  });
});
