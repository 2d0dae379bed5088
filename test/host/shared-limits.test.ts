import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { loadConfig } from '../../host/src/config/config.js';
import { RateLimitService, SYNC_INTERVAL_MS, type LimitOutcome } from '../../host/src/services/rate-limit.service.js';
import type { CounterStore } from '../../host/src/services/rate-limit/counter-store.js';
import { RUNNING_TTL_MS } from '../../host/src/services/rate-limit/concurrency-counter.js';
import { LoginThrottle } from '../../host/src/services/rate-limit/login-throttle.js';
import { MysqlCounterStore } from '../../host/src/services/rate-limit/mysql-store.js';
import { RedisCounterStore } from '../../host/src/services/rate-limit/redis-store.js';
import { SqliteCounterStore } from '../../host/src/services/rate-limit/sqlite-store.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';
import { HOST_DATABASES } from './support/mysql-database.js';

const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL;
const MYSQL_URL = process.env.DOCSIFT_TEST_MYSQL_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
     * knows free (one of 4 here); the others are published before they are admitted. So a burst can
     * pass the limit by at most the other process's one unpublished request.
     */
    it('runs at most the limit plus the other process’s one unpublished request when both receive a burst at once', async () => {
      for (let round = 0; round < 5; round += 1) {
        const subject = subjectOf('burst');
        const warmed = await held([a.consume(subject), b.consume(subject)]);
        for (const outcome of warmed) outcome.release();
        await sleep(2 * SYNC_INTERVAL_MS);
        const admitted = await held(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).consume(subject)));
        expect(admitted.length, `round ${round}`).to.be.within(1, CONCURRENT + 1);
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
      const onA = await held(Array.from({ length: CONCURRENT }, () => a.consume(subject)));
      expect(onA).to.have.length(CONCURRENT);
      // A stops with its requests still counted (its last publication says 4), as a process killed mid-request.
      await a.close();
      aClosed = true;
      expect(await b.consume(subject)).to.include({ allowed: false, reason: 'concurrency' });
      const stoppedAt = Date.now();
      const admitted = await eventually(async () => {
        const outcome = await b.consume(subject);
        if (outcome.allowed) outcome.release();
        return outcome.allowed;
      }, RUNNING_TTL_MS + 5_000);
      expect(admitted).to.equal(true);
      expect(Date.now() - stoppedAt).to.be.at.least(RUNNING_TTL_MS - 1_000);
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

    it('drops the count of a process that stops publishing once its lifetime has passed', async () => {
      const key = `conc:${randomUUID()}`;
      const [gone, alive] = [randomUUID(), randomUUID()];
      await first.publish(gone, 1, [{ key, value: 3 }], 600);
      expect(await second.publish(alive, 1, [{ key, value: 1 }], 10_000)).to.deep.equal([3]);
      await sleep(900);
      expect(await second.publish(alive, 2, [{ key, value: 1 }], 10_000)).to.deep.equal([0]);
    });

    it('adds up failed logins recorded through two processes, and a success through one clears them for both', async () => {
      let now = Date.now();
      const clock = () => new Date(now);
      const options = { freeAttempts: 2, backoffBaseMs: 4_000, backoffMaxMs: 60_000, clock };
      const onA = new LoginThrottle({ ...options, store: first });
      const onB = new LoginThrottle({ ...options, store: second });
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
      const onA = new LoginThrottle({ ...options, store: first });
      const onB = new LoginThrottle({ ...options, store: second });
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
    const throttle = new LoginThrottle({ freeAttempts: 1, backoffBaseMs: 1_000, backoffMaxMs: 8_000, clock: () => new Date(now), store: failing });
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

    it('reports the bytes reserved by submissions under way as used', async () => {
      const { refused } = await race([a.baseUrl, a.baseUrl, b.url!, b.url!]);
      for (const res of refused) {
        const { details } = (await res.json()) as { details: { quotaBytes: number; usedBytes: number; fileBytes: number } };
        expect(details.quotaBytes).to.equal(MB);
        expect(details.fileBytes).to.equal(PART);
        expect(details.usedBytes, 'stored or reserved by the others').to.be.at.least(PART);
      }
    });
  });
}
