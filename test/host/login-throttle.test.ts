import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sinon from 'sinon';
import { LoginThrottle } from '../../host/src/services/rate-limit/login-throttle.js';
import { SqliteCounterStore } from '../../host/src/services/rate-limit/sqlite-store.js';
import { signup, startHarness, type Harness } from './support/harness.js';

const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('host: login throttling per account and address', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({
      DOCSIFT_TRUST_PROXY: '1',
      DOCSIFT_LOGIN_FREE_ATTEMPTS: '2',
      DOCSIFT_LOGIN_BACKOFF_BASE_MS: '1000',
      DOCSIFT_LOGIN_BACKOFF_MAX_MS: '60000',
    });
  });
  after(async () => h.close());

  const login = (email: string, password: string, address = '203.0.113.1') =>
    h.request('POST', '/api/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': address } });

  it('after the free failures, refuses the next attempt (429, Retry-After) even with the right password, and doubles the delay', async () => {
    const { email } = await signup(h);
    expect((await login(email, 'wrong one')).status).to.equal(401);
    expect((await login(email, 'wrong two')).status).to.equal(401);
    const refused = await login(email, PASSWORD);
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.equal('1');
    expect(await refused.json()).to.deep.include({ error: 'rate_limit_exceeded', retryAfter: 1, details: { reason: 'login_backoff', retryAfter: 1 } });
    await sleep(1_050);
    expect((await login(email, 'wrong three')).status).to.equal(401);
    const doubled = await login(email, PASSWORD);
    expect(doubled.status).to.equal(429);
    expect(doubled.headers.get('retry-after')).to.equal('2');
  });

  it('does not keep the owner out: another address logs in meanwhile, and a success forgets the failures', async () => {
    const { email } = await signup(h);
    for (const attempt of ['a', 'b']) expect((await login(email, `wrong ${attempt}`)).status).to.equal(401);
    expect((await login(email, PASSWORD)).status).to.equal(429);
    expect((await login(email, PASSWORD, '198.51.100.20')).status, 'the owner, elsewhere').to.equal(200);
    await sleep(1_050);
    expect((await login(email, PASSWORD)).status).to.equal(200);
    expect((await login(email, 'wrong c')).status, 'free attempts again').to.equal(401);
    expect((await login(email, 'wrong d')).status).to.equal(401);
  });

  it('throttles an unknown email exactly like a known one', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    expect((await login(email, 'x1')).status).to.equal(401);
    expect((await login(email, 'x2')).status).to.equal(401);
    expect((await login(email, 'x3')).status).to.equal(429);
  });

  it('names its records in the store by a keyed hash: neither the email nor a plain hash of it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-login-'));
    const store = new SqliteCounterStore(dir);
    try {
      const addFailure = sinon.spy(store, 'addFailure');
      const options = { freeAttempts: 1, backoffBaseMs: 1000, backoffMaxMs: 8000, clock: () => new Date(), store };
      await new LoginThrottle({ ...options, keySecret: Buffer.alloc(32, 1) }).failed('a@example.com', '192.0.2.1');
      await new LoginThrottle({ ...options, keySecret: Buffer.alloc(32, 2) }).failed('a@example.com', '192.0.2.1');
      const plain = createHash('sha256').update('a@example.com\n192.0.2.1').digest('hex');
      const keys = addFailure.args.map(([key]) => key);
      expect(keys).to.have.length(2);
      expect(keys[0]).to.not.equal(keys[1]);
      for (const key of keys) expect(key).to.not.include('example').and.not.equal(plain);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caps the delay, and forgets failures long past the cap', async () => {
    // Near the real time: the store purges records by the real clock.
    let now = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-login-'));
    const store = new SqliteCounterStore(dir);
    try {
      const throttle = new LoginThrottle({ freeAttempts: 1, backoffBaseMs: 1000, backoffMaxMs: 8000, clock: () => new Date(now), store, keySecret: Buffer.alloc(32, 1) });
      for (let i = 0; i < 3; i += 1) await throttle.failed('a@example.com', '192.0.2.1');
      expect(await throttle.retryAfter('a@example.com', '192.0.2.1'), 'three failures kept in the store').to.equal(4);
      for (let i = 0; i < 27; i += 1) await throttle.failed('a@example.com', '192.0.2.1');
      expect(await throttle.retryAfter('a@example.com', '192.0.2.1')).to.equal(8);
      now += 8000;
      expect(await throttle.retryAfter('a@example.com', '192.0.2.1')).to.equal(0);
      await throttle.failed('a@example.com', '192.0.2.1');
      expect(await throttle.retryAfter('a@example.com', '192.0.2.1')).to.equal(8);
      now += 16_001;
      await throttle.failed('a@example.com', '192.0.2.1');
      expect(await throttle.retryAfter('a@example.com', '192.0.2.1'), 'counted from one again').to.equal(1);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
