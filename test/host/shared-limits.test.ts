import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import { loadConfig } from '../../host/src/config/config.js';
import { RateLimitService, SYNC_INTERVAL_MS, type LimitOutcome } from '../../host/src/services/rate-limit.service.js';
import type { CounterStore } from '../../host/src/services/rate-limit/counter-store.js';
import { ConcurrencyCounter, RUNNING_TTL_MS } from '../../host/src/services/rate-limit/concurrency-counter.js';
import { LoginThrottle } from '../../host/src/services/rate-limit/login-throttle.js';
import { MysqlCounterStore } from '../../host/src/services/rate-limit/mysql-store.js';
import { RedisCounterStore } from '../../host/src/services/rate-limit/redis-store.js';
import { SqliteCounterStore } from '../../host/src/services/rate-limit/sqlite-store.js';
import { StorageReservations } from '../../host/src/services/storage-reservations.js';
import type { FileStore } from '../../host/src/storage/file-store.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';
import { freshDatabase, HOST_DATABASES } from './support/mysql-database.js';

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;
const MYSQL_URL = process.env.DOCSIFT_TEST_MYSQL_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KEY_SECRET = Buffer.alloc(32, 7);

/** Each counter store, as the environment that selects it and a way to open one directly. */
const STORES: Array<{ name: string; env: Record<string, string> | null; open: (dataDir: string) => CounterStore }> = [
  { name: 'SQLite file', env: {}, open: (dataDir) => new SqliteCounterStore(dataDir) },
  { name: 'MySQL/MariaDB (DOCSIFT_TEST_MYSQL_URL)', env: MYSQL_URL ? { DOCSIFT_DATABASE_URL: MYSQL_URL } : null, open: () => new MysqlCounterStore(MYSQL_URL!) },
  { name: 'Redis (DOCSIFT_TEST_REDIS_URL)', env: REDIS_URL ? { DOCSIFT_RATE_LIMIT_URL: REDIS_URL } : null, open: () => new RedisCounterStore(REDIS_URL!) },
];

const CONCURRENT = 4;

function subjectOf(tag: string) {
  return { kind: 'apiKey' as const, apiKeyId: `k-${tag}-${randomUUID()}`, organizationId: `o-${tag}-${randomUUID()}` };
}

/** Admitted requests are held (not released) until the test releases them. */
async function held(outcomes: Array<LimitOutcome | Promise<LimitOutcome>>): Promise<Array<LimitOutcome & { allowed: true }>> {
  const decided = await Promise.all(outcomes);
  for (const outcome of decided) if (!outcome.allowed) expect(outcome.reason).to.equal('concurrency');
  return decided.filter((outcome): outcome is LimitOutcome & { allowed: true } => outcome.allowed);
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

for (const store of STORES) {
  describe(`host: limits shared by two API processes through the counter store (${store.name})`, () => {
    let dataDir: string;
    let a: RateLimitService;
    let b: RateLimitService;
    let aClosed: boolean;

    before(function () {
      if (!store.env) {
        process.stderr.write(`notice: ${store.name} is not set; these shared-limit tests are skipped\n`);
        this.skip();
      }
    });
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-shared-limits-'));
      // Two services over one store stand for two processes: each has its own connections, memory and process id.
      const config = loadConfig({
        DOCSIFT_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DOCSIFT_RATE_LIMIT_PER_KEY: '100000',
        DOCSIFT_RATE_LIMIT_PER_ORG: '100000',
        DOCSIFT_RATE_LIMIT_CONCURRENT: String(CONCURRENT),
        ...store.env,
      });
      a = new RateLimitService({ config });
      b = new RateLimitService({ config });
      aClosed = false;
    });
    afterEach(async () => {
      if (!aClosed) await a?.close();
      await b?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("never runs more than the concurrency limit of a key together, its requests arriving at either process in turn", async () => {
      const subject = subjectOf('turns');
      const admitted: Array<LimitOutcome & { allowed: true }> = [];
      for (let i = 0; i < 12; i += 1) admitted.push(...(await held([(i % 2 === 0 ? a : b).consume(subject)])));
      expect(admitted).to.have.length(CONCURRENT);
      for (const outcome of admitted) outcome.release();
    });

    /**
     * Each process admits at once while its unpublished requests stay within a quarter of the places it
     * knows free (one of 4 here); the others are claimed in the store before they are admitted. So a
     * burst can pass the limit by at most the other process's one unpublished request, and (nothing
     * being released meanwhile) is refused only once the limit is reached.
     */
    it('runs the limit, and at most the other process’s one unpublished request more, when both receive a burst at once', async () => {
      for (let round = 0; round < 5; round += 1) {
        const subject = subjectOf('burst');
        const warmed = await held([a.consume(subject), b.consume(subject)]);
        for (const outcome of warmed) outcome.release();
        await sleep(2 * SYNC_INTERVAL_MS);
        const admitted = await held(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).consume(subject)));
        expect(admitted.length, `round ${round}`).to.be.within(CONCURRENT, CONCURRENT + 1);
        for (const outcome of admitted) outcome.release();
      }
    });

    it('gives a place freed in one process to the other at its next synchronisation', async () => {
      const subject = subjectOf('freed');
      const onA = await held(Array.from({ length: CONCURRENT }, () => a.consume(subject)));
      expect(onA).to.have.length(CONCURRENT);
      expect(await b.consume(subject), 'all places taken on A').to.include({ allowed: false, reason: 'concurrency' });
      onA[0]!.release();
      const elsewhere = await eventually(async () => {
        const outcome = await b.consume(subject);
        if (outcome.allowed) outcome.release();
        return outcome.allowed;
      }, 20 * SYNC_INTERVAL_MS);
      expect(elsewhere, 'the place freed on A is free on B').to.equal(true);
      for (const outcome of onA.slice(1)) outcome.release();
    });

    it("stops counting the running requests of a process that stopped publishing, within their lifetime", async function () {
      this.timeout(RUNNING_TTL_MS + 30_000);
      const subject = subjectOf('dead');
      // A process killed mid-request: its last publication says 4, and nothing publishes for it again.
      const killed = store.open(dataDir);
      const stoppedAt = Date.now();
      await killed.publish(randomUUID(), 1, [{ key: `conc:${subject.apiKeyId}`, value: CONCURRENT }], RUNNING_TTL_MS);
      await killed.close();
      expect(await b.consume(subject)).to.include({ allowed: false, reason: 'concurrency' });
      const admitted = await eventually(async () => {
        const outcome = await b.consume(subject);
        if (outcome.allowed) outcome.release();
        return outcome.allowed;
      }, RUNNING_TTL_MS + 5_000);
      expect(admitted).to.equal(true);
      expect(Date.now() - stoppedAt).to.be.at.least(RUNNING_TTL_MS - 1_000);
    });

    it('frees at once the places of a process that closes, without waiting for their lifetime', async () => {
      const subject = subjectOf('closed');
      const onA = await held(Array.from({ length: CONCURRENT }, () => a.consume(subject)));
      expect(onA).to.have.length(CONCURRENT);
      expect(await b.consume(subject)).to.include({ allowed: false, reason: 'concurrency' });
      // As at a graceful restart, whose requests are done once the HTTP server has closed (released or not here).
      await a.close();
      aClosed = true;
      await b.sync();
      const outcome = await b.consume(subject);
      expect(outcome.allowed, 'A published 0 as it closed').to.equal(true);
      if (outcome.allowed) outcome.release();
    });
  });

  describe(`host: the counter store's running counts and failed logins (${store.name})`, () => {
    let dataDir: string;
    let first: CounterStore;
    let second: CounterStore;

    before(function () {
      if (!store.env) this.skip();
    });
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-counter-store-'));
      first = store.open(dataDir);
      second = store.open(dataDir);
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('sums the other processes’ absolute counts: a repeated write changes nothing, a late older write is ignored', async () => {
      const key = `conc:${randomUUID()}`;
      const [p, q, r] = [randomUUID(), randomUUID(), randomUUID()];
      await first.publish(p, 5, [{ key, value: 2 }], 10_000);
      await first.publish(p, 5, [{ key, value: 2 }], 10_000);
      await first.publish(p, 5, [{ key, value: 2 }], 10_000);
      await second.publish(q, 1, [{ key, value: 1 }], 10_000);
      expect(await second.publish(r, 1, [{ key, value: 0 }], 10_000), 'p and q').to.deep.equal([3]);
      await first.publish(p, 4, [{ key, value: 9 }], 10_000);
      expect(await second.publish(r, 2, [{ key, value: 0 }], 10_000), 'the write of sequence 4 came after 5: ignored').to.deep.equal([3]);
      await first.publish(p, 6, [{ key, value: 0 }], 10_000);
      expect(await first.publish(p, 7, [{ key, value: 0 }], 10_000), "p's own count is not among the others").to.deep.equal([1]);
      expect(await second.publish(r, 3, [{ key, value: 0 }], 10_000)).to.deep.equal([1]);
    });

    it('writes a claimed value only if it fits with the others’, else its fallback, in one step', async () => {
      const key = `conc:${randomUUID()}`;
      const [p, q, r] = [randomUUID(), randomUUID(), randomUUID()];
      await first.publish(p, 1, [{ key, value: 3 }], 10_000);
      expect(await second.publish(q, 1, [{ key, value: 1, claim: { limit: 4, fallback: 0 } }], 10_000), 'fits: 1 written').to.deep.equal([3]);
      expect(await second.publish(r, 1, [{ key, value: 0 }], 10_000)).to.deep.equal([4]);
      expect(await second.publish(q, 2, [{ key, value: 2, claim: { limit: 4, fallback: 1 } }], 10_000), 'does not fit: 1 kept').to.deep.equal([3]);
      expect(await second.publish(r, 2, [{ key, value: 0 }], 10_000)).to.deep.equal([4]);
    });

    it('gives the last place to exactly one of two processes claiming it at once', async () => {
      for (let round = 0; round < 10; round += 1) {
        const key = `conc:${randomUUID()}`;
        const [p, q] = [randomUUID(), randomUUID()];
        await first.publish(p, 1, [{ key, value: 2 }], 10_000);
        await second.publish(q, 1, [{ key, value: 1 }], 10_000);
        const [onFirst, onSecond] = await Promise.all([
          first.publish(p, 2, [{ key, value: 3, claim: { limit: 4, fallback: 2 } }], 10_000),
          second.publish(q, 2, [{ key, value: 2, claim: { limit: 4, fallback: 1 } }], 10_000),
        ]);
        const granted = [3 + onFirst[0]! <= 4, 2 + onSecond[0]! <= 4];
        expect(granted.filter(Boolean), `round ${round}: ${JSON.stringify(granted)}`).to.have.length(1);
        expect(await first.publish(randomUUID(), 1, [{ key, value: 0 }], 10_000), 'the store holds what was granted').to.deep.equal([4]);
      }
    });

    it('drops the count of a process that stops publishing once its lifetime has passed', async function () {
      this.timeout(30_000);
      const key = `conc:${randomUUID()}`;
      const [gone, alive] = [randomUUID(), randomUUID()];
      await first.publish(gone, 1, [{ key, value: 3 }], 3_000);
      expect(await second.publish(alive, 1, [{ key, value: 1 }], 10_000)).to.deep.equal([3]);
      await sleep(3_500);
      expect(await second.publish(alive, 2, [{ key, value: 1 }], 10_000)).to.deep.equal([0]);
    });

    it('adds up failed logins recorded through two processes, and a success through one clears them for both', async () => {
      let now = Date.now();
      const clock = () => new Date(now);
      const options = { freeAttempts: 2, backoffBaseMs: 4_000, backoffMaxMs: 60_000, clock };
      const onA = new LoginThrottle({ ...options, store: first, keySecret: KEY_SECRET });
      const onB = new LoginThrottle({ ...options, store: second, keySecret: KEY_SECRET });
      const account = `guess-${randomUUID()}@example.com`;
      await onA.failed(account, '192.0.2.7');
      expect(await onB.retryAfter(account, '192.0.2.7'), 'one failure: free').to.equal(0);
      await onB.failed(account, '192.0.2.7');
      expect(await onA.retryAfter(account, '192.0.2.7'), 'two failures, one through each: the delay begins').to.equal(4);
      expect(await onB.retryAfter(account, '192.0.2.7')).to.equal(4);
      expect(await onB.retryAfter(account, '198.51.100.1'), 'another address').to.equal(0);
      now += 4_000;
      await onA.failed(account, '192.0.2.7');
      expect(await onB.retryAfter(account, '192.0.2.7'), 'the third doubles it').to.equal(8);
      await onB.succeeded(account, '192.0.2.7');
      expect(await onA.retryAfter(account, '192.0.2.7')).to.equal(0);
    });

    it('starts failed logins again from one when the latest is older than twice the cap', async () => {
      let now = Date.now();
      const options = { freeAttempts: 1, backoffBaseMs: 1_000, backoffMaxMs: 2_000, clock: () => new Date(now) };
      const onA = new LoginThrottle({ ...options, store: first, keySecret: KEY_SECRET });
      const onB = new LoginThrottle({ ...options, store: second, keySecret: KEY_SECRET });
      const account = `old-${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i += 1) await onA.failed(account, '192.0.2.8');
      expect(await onB.retryAfter(account, '192.0.2.8')).to.equal(2);
      now += 4_001;
      expect(await onB.retryAfter(account, '192.0.2.8'), 'forgotten').to.equal(0);
      await onB.failed(account, '192.0.2.8');
      expect(await onA.retryAfter(account, '192.0.2.8'), 'counted from one again').to.equal(1);
    });
  });
}

describe('host: failed logins while the counter store does not answer', () => {
  it('counts in the process alone', async () => {
    const failing: CounterStore = {
      add: () => Promise.reject(new Error('down')),
      publish: () => Promise.reject(new Error('down')),
      addFailure: () => Promise.reject(new Error('down')),
      readFailures: () => Promise.reject(new Error('down')),
      clearFailures: () => Promise.reject(new Error('down')),
      close: async () => undefined,
    };
    const now = Date.now();
    const throttle = new LoginThrottle({ freeAttempts: 1, backoffBaseMs: 1_000, backoffMaxMs: 8_000, clock: () => new Date(now), store: failing, keySecret: KEY_SECRET });
    await throttle.failed('a@example.com', '192.0.2.1');
    await throttle.failed('a@example.com', '192.0.2.1');
    expect(await throttle.retryAfter('a@example.com', '192.0.2.1')).to.equal(2);
    await throttle.succeeded('a@example.com', '192.0.2.1');
    expect(await throttle.retryAfter('a@example.com', '192.0.2.1')).to.equal(0);
  });
});

const MB = 1_048_576;
const PART = 600_000;
/** A PDF-looking file of `size` bytes (the host only sniffs the header). */
const pdfOf = (size: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 0x20)]);

const RESERVATION_STORES: Array<{ name: string; env: Record<string, string> | null }> = [
  { name: "the database's counter store", env: {} },
  { name: 'Redis (DOCSIFT_TEST_REDIS_URL)', env: REDIS_URL ? { DOCSIFT_RATE_LIMIT_URL: REDIS_URL } : null },
];

for (const [database, reservations] of HOST_DATABASES.flatMap((database) => RESERVATION_STORES.map((store) => [database, store] as const))) {
  describe(`host: the storage quota with submissions at once in two API processes (${database.name}, reservations in ${reservations.name})`, () => {
    let a: Harness;
    let b: HostRuntime;
    let drop: () => Promise<void> = async () => undefined;

    before(async function () {
      const opened = reservations.env && (await database.open());
      if (!opened) {
        process.stderr.write(`notice: ${reservations.env ? database.name : reservations.name} is not set; these quota tests are skipped\n`);
        this.skip();
      }
      drop = opened.drop;
      a = await startHarness({ ...opened.env, ...reservations.env, DOCSIFT_STORAGE_QUOTA_MB: '1', DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000' });
      b = await startHost({ config: a.config, logger: pino({ level: 'silent' }), api: true, worker: false });
    });
    after(async () => {
      await b?.stop();
      await a?.close();
      await drop();
    });

    const submitTo = (baseUrl: string, key: string) =>
      fetch(`${baseUrl}/api/documents/extract`, { method: 'POST', body: form({ file: { bytes: pdfOf(PART), name: 'doc.pdf' } }), headers: bearer(key) });

    /** Two that race for the last space in different processes may both be refused; none may pass it, and no reservation may outlive its submission. */
    async function race(urls: string[]): Promise<{ admitted: number; refused: Response[] }> {
      const key = await createKey(a, await signup(a));
      const responses = await Promise.all(urls.map((url) => submitTo(url, key)));
      for (const res of responses) expect([202, 403]).to.include(res.status);
      const admitted = responses.filter((res) => res.status === 202).length;
      expect(admitted, 'two of these files pass the quota').to.be.at.most(1);
      const next = await submitTo(a.baseUrl, key);
      expect(next.status, 'the space is free again when none was admitted, and taken when one was').to.equal(admitted === 0 ? 202 : 403);
      return { admitted, refused: responses.filter((res) => res.status === 403) };
    }

    it('never admits two files that fit the quota only one at a time, sent at once to A and B', async () => {
      for (let round = 0; round < 5; round += 1) await race([a.baseUrl, b.url!]);
    });

    it('admits the first of several sent at once to one process', async () => {
      for (let round = 0; round < 3; round += 1) expect((await race([a.baseUrl, a.baseUrl, a.baseUrl])).admitted, `round ${round}`).to.equal(1);
    });

    it('counts as used the bytes of a submission under way in the other process, before any is stored', async () => {
      const key = await createKey(a, await signup(a));
      const fileStore = a.container.resolve<FileStore>('fileStore');
      const put = fileStore.put.bind(fileStore);
      let reached!: () => void;
      const storing = new Promise<void>((resolve) => (reached = resolve));
      let proceed!: () => void;
      const held = new Promise<void>((resolve) => (proceed = resolve));
      const stub = sinon.stub(fileStore, 'put').callsFake(async (...args: Parameters<FileStore['put']>) => {
        reached();
        await held;
        return put(...args);
      });
      try {
        const onA = submitTo(a.baseUrl, key);
        await storing;
        const onB = await submitTo(b.url!, key);
        expect(onB.status).to.equal(403);
        const { details } = (await onB.json()) as { details: { quotaBytes: number; usedBytes: number; fileBytes: number } };
        expect(details, "nothing stored yet: A's reservation alone").to.deep.equal({ quotaBytes: MB, usedBytes: PART, fileBytes: PART });
        proceed();
        expect((await onA).status).to.equal(202);
      } finally {
        proceed();
        stub.restore();
      }
    });
  });
}

/** One process's concurrency counter over `store`, synchronised only when the test says so (as RateLimitService.sync does). */
function counterProcess(store: CounterStore, clock: () => number, limit: number) {
  const processId = randomUUID();
  let sequence = 0;
  const sync = async () => {
    const gauges = counter.collect();
    sequence += 1;
    const others = gauges.length === 0 ? [] : await store.publish(processId, sequence, gauges, RUNNING_TTL_MS).catch(() => null);
    gauges.forEach((gauge, i) => gauge.settle(others?.[i] ?? null));
  };
  const counter = new ConcurrencyCounter({ limit, clock, freshMs: 2 * SYNC_INTERVAL_MS, sync });
  return { counter, sync };
}

/** The process has seen the id (a request taken and released), so its next request is decided without a first publication. */
async function knownTo(process: ReturnType<typeof counterProcess>, id: string): Promise<void> {
  expect(await process.counter.take(id)).to.equal(true);
  process.counter.release(id);
  await process.sync();
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

for (const store of STORES) {
  describe(`host: concurrent requests per key decided across two processes, step by step (${store.name})`, () => {
    let dataDir: string;
    let first: CounterStore;
    let second: CounterStore;
    let now: number;
    const clock = () => now;

    before(function () {
      if (!store.env) this.skip();
    });
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-concurrency-'));
      first = store.open(dataDir);
      second = store.open(dataDir);
      now = Date.now();
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('leaves nothing in the store for a refused claim: the other process then takes a place freed at once', async () => {
      const a = counterProcess(first, clock, CONCURRENT);
      const b = counterProcess(second, clock, CONCURRENT);
      const id = randomUUID();
      await knownTo(b, id);
      for (let i = 0; i < CONCURRENT; i += 1) expect(await a.counter.take(id), `place ${i}`).to.equal(true);
      await a.sync();
      await b.sync();
      now += 10 * SYNC_INTERVAL_MS;
      expect(await b.counter.take(id), "B's reading is old: it claims, and the store refuses").to.equal(false);
      expect(await first.publish(randomUUID(), 1, [{ key: `conc:${id}`, value: 0 }], 1_000), "only A's requests in the store").to.deep.equal([CONCURRENT]);
      a.counter.release(id);
      await a.sync();
      expect(await a.counter.take(id), 'the place A freed').to.equal(true);
    });

    it('refuses without asking the store while a recent reading shows the key full, and claims once that reading is old', async () => {
      const a = counterProcess(first, clock, CONCURRENT);
      const b = counterProcess(second, clock, CONCURRENT);
      const id = randomUUID();
      await knownTo(b, id);
      for (let i = 0; i < CONCURRENT; i += 1) expect(await a.counter.take(id)).to.equal(true);
      await a.sync();
      await b.sync();
      const publish = sinon.spy(second, 'publish');
      try {
        expect(await b.counter.take(id)).to.equal(false);
        expect(publish.callCount, 'refused from the reading').to.equal(0);
        a.counter.release(id);
        await a.sync();
        now += 10 * SYNC_INTERVAL_MS;
        expect(await b.counter.take(id), 'claimed: the place A freed').to.equal(true);
        expect(publish.callCount).to.equal(1);
      } finally {
        publish.restore();
      }
    });

    it('gives the last place to exactly one of two processes that have not used the key for a while', async () => {
      const [a, b, c] = [counterProcess(first, clock, CONCURRENT), counterProcess(second, clock, CONCURRENT), counterProcess(first, clock, CONCURRENT)];
      const id = randomUUID();
      await knownTo(a, id);
      await knownTo(b, id);
      for (let i = 0; i < CONCURRENT - 1; i += 1) expect(await c.counter.take(id)).to.equal(true);
      await c.sync();
      // A and B last took a request longer ago than they keep an idle key, but read the others' counts since.
      now += 3_000;
      await a.sync();
      await b.sync();
      now += 2_500;
      const decided = await Promise.all([a.counter.take(id), b.counter.take(id)]);
      expect(decided.filter(Boolean), JSON.stringify(decided)).to.have.length(1);
    });

    it('gives the last place to exactly one of two processes asking at once', async () => {
      for (let round = 0; round < 10; round += 1) {
        const a = counterProcess(first, clock, CONCURRENT);
        const b = counterProcess(second, clock, CONCURRENT);
        const id = randomUUID();
        for (let i = 0; i < 2; i += 1) expect(await a.counter.take(id)).to.equal(true);
        expect(await b.counter.take(id)).to.equal(true);
        await a.sync();
        await b.sync();
        now += 10 * SYNC_INTERVAL_MS;
        const decided = await Promise.all([a.counter.take(id), b.counter.take(id)]);
        expect(decided.filter(Boolean), `round ${round}: ${JSON.stringify(decided)}`).to.have.length(1);
      }
    });

    /**
     * Requests taken and released at random in two processes, both synchronised after every change
     * (so each knows the other's count, and any count a refusal left in the store shows): never more than the limit under way, and a request is
     * refused only when the limit is really reached, whether decided from a recent reading or claimed,
     * and of two asking at once, as many are admitted as there are places.
     */
    it('under contention, admits up to the limit and refuses only when every place is taken', async () => {
      const processes = [counterProcess(first, clock, CONCURRENT), counterProcess(second, clock, CONCURRENT)];
      const held = [0, 0];
      const random = seeded(20261126);
      const id = randomUUID();
      let refusals = 0;
      let runningSum = 0;
      let syncedAt = now;
      for (let step = 0; step < 300; step += 1) {
        // Now and then the readings are old (claims), though never older than the counts' lifetime.
        now = syncedAt + (random() < 0.3 ? 10 * SYNC_INTERVAL_MS : 0);
        const p = random() < 0.5 ? 0 : 1;
        const running = held[0]! + held[1]!;
        if (held[p]! > 0 && random() < 0.4) {
          processes[p]!.counter.release(id);
          held[p]! -= 1;
        } else if (random() < 0.3) {
          const decided = await Promise.all(processes.map((process) => process.counter.take(id)));
          decided.forEach((taken, i) => (held[i]! += taken ? 1 : 0));
          refusals += decided.filter((taken) => !taken).length;
          expect(decided.filter(Boolean).length, `step ${step}: two at once`).to.equal(Math.min(2, CONCURRENT - running));
        } else if (await processes[p]!.counter.take(id)) {
          held[p]! += 1;
          expect(running + 1, `step ${step}`).to.be.at.most(CONCURRENT);
        } else {
          refusals += 1;
          expect(running, `step ${step}: refused while a place was free`).to.equal(CONCURRENT);
        }
        // After a change only (a refusal must leave nothing to publish); twice, as the first process to
        // synchronise reads the second's count of the step before.
        if (held[0]! + held[1]! !== running) {
          for (const other of [...processes, ...processes]) await other.sync();
          syncedAt = now;
        }
        runningSum += held[0]! + held[1]!;
      }
      expect(refusals, 'the scenario reaches the limit').to.be.greaterThan(10);
      expect(runningSum / 300, 'average running').to.be.greaterThan(CONCURRENT - 1);
    });
  });

  describe(`host: storage reservations of two processes in the counter store (${store.name})`, () => {
    let dataDir: string;
    let first: CounterStore;
    let second: CounterStore;

    before(function () {
      if (!store.env) this.skip();
    });
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-reservations-'));
      first = store.open(dataDir);
      second = store.open(dataDir);
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** StorageReservations over `counterStore`, with the hook RateLimitService.close would run. */
    function reservationsOn(counterStore: CounterStore) {
      const beforeClose: Array<() => Promise<void>> = [];
      const rateLimitService = { counterStore, beforeClose: (withdraw: () => Promise<void>) => beforeClose.push(withdraw) } as unknown as RateLimitService;
      const reservations = new StorageReservations({ rateLimitService });
      return { reservations, closing: () => Promise.all(beforeClose.map((withdraw) => withdraw())) };
    }

    it("counts another process's reservation until it is released", async () => {
      const x = reservationsOn(first);
      const y = reservationsOn(second);
      const org = randomUUID();
      try {
        const held = await x.reservations.reserve(org, 300);
        const elsewhere = await y.reservations.reserve(org, 50);
        expect(elsewhere.othersBytes).to.equal(300);
        await held.release();
        await elsewhere.release();
        expect((await y.reservations.reserve(org, 10)).othersBytes).to.equal(0);
      } finally {
        x.reservations.close();
        y.reservations.close();
      }
    });

    it('publishes a release again until the store has it', async function () {
      this.timeout(30_000);
      const x = reservationsOn(first);
      const y = reservationsOn(second);
      const org = randomUUID();
      try {
        const held = await x.reservations.reserve(org, 300);
        const publish = sinon.stub(first, 'publish').rejects(new Error('store not answering'));
        await held.release();
        expect((await y.reservations.reserve(org, 10)).othersBytes, 'the release is not in the store yet').to.equal(300);
        publish.restore();
        const released = await eventually(async () => (await y.reservations.reserve(org, 0)).othersBytes === 10, 10_000);
        expect(released, 'published again by the refresh').to.equal(true);
      } finally {
        sinon.restore();
        x.reservations.close();
        y.reservations.close();
      }
    });

    it('withdraws the reservations of a process that closes', async () => {
      const x = reservationsOn(first);
      const y = reservationsOn(second);
      const org = randomUUID();
      try {
        await x.reservations.reserve(org, 300);
        expect((await y.reservations.reserve(org, 10)).othersBytes).to.equal(300);
        await x.closing();
        expect((await y.reservations.reserve(org, 0)).othersBytes, "y's own 10").to.equal(10);
      } finally {
        x.reservations.close();
        y.reservations.close();
      }
    });
  });
}

describe('host: a MySQL/MariaDB counter store whose purge of expired rows fails', () => {
  let db: { url: string; drop: () => Promise<void> } | null = null;

  before(async function () {
    if (!MYSQL_URL) this.skip();
    db = await freshDatabase(MYSQL_URL);
  });
  after(async () => db?.drop());

  it('still answers the call that ran it, with what it committed', async () => {
    const store = new MysqlCounterStore(db!.url);
    const admin = new MysqlCounterStore(db!.url);
    try {
      await store.readFailures('warm', Date.now());
      await admin.readFailures('warm', Date.now());
      // The purge's last DELETE fails (the table is gone); the add before it has committed.
      const { createConnection } = await import('mysql2/promise');
      const connection = await createConnection(db!.url);
      await connection.query('RENAME TABLE login_failures TO login_failures_away');
      const key = `key:${randomUUID()}`;
      expect(await store.add([{ key, by: 1, expiresAt: Date.now() + 120_000 }])).to.deep.equal([1]);
      await sleep(100);
      expect(await admin.add([{ key, by: 0, expiresAt: Date.now() + 120_000 }]), 'counted once').to.deep.equal([1]);
      await connection.query('RENAME TABLE login_failures_away TO login_failures');
      await connection.end();
    } finally {
      await store.close();
      await admin.close();
    }
  });
});
