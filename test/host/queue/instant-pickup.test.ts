import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import { loadConfig } from '../../../host/src/config/config.js';
import { startHost, type HostRuntime } from '../../../host/src/main/runtime.js';
import type { WakeSignal } from '../../../host/src/queue/index.js';
import { bearer, createKey, signup, startHarness, type Harness } from '../support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from '../support/fake-engine.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

/** Far longer than any test waits: a job done within WAIT_MS was not found by a poll. */
const LONG_POLL_MS = '30000';
const WAIT_MS = 8000;

async function submit(api: Harness, key: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await api.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'doc.pdf' }, ...fields }), headers: bearer(key) });
  expect(res.status).to.equal(202);
  return ((await res.json()) as { jobId: string }).jobId;
}

async function completed(api: Harness, key: string, jobId: string, timeoutMs = WAIT_MS): Promise<Record<string, unknown>> {
  return waitFor(
    async () => (await (await api.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>,
    (record) => record.status === 'completed',
    timeoutMs,
  );
}

describe('queue: wake settings', () => {
  it('wakes in the process by default, with no relay, polling every second', () => {
    expect(loadConfig({}).queue).to.deep.equal({ pollMs: 1000, wake: true, wakeUrl: null });
  });

  it('relays through DOCSIFT_QUEUE_WAKE_URL, else the queue\'s Redis or PostgreSQL, else the rate-limit Redis', () => {
    const wakeUrl = (env: Record<string, string>) => loadConfig(env).queue.wakeUrl;
    expect(wakeUrl({ DOCSIFT_QUEUE_WAKE_URL: 'postgres://db/q', DOCSIFT_RATE_LIMIT_URL: 'redis://r:6379' })).to.equal('postgres://db/q');
    expect(wakeUrl({ DOCSIFT_QUEUE_URL: 'postgres://db/q', DOCSIFT_RATE_LIMIT_URL: 'redis://r:6379' })).to.equal('postgres://db/q');
    expect(wakeUrl({ DOCSIFT_QUEUE_URL: 'mongodb://m/q', DOCSIFT_RATE_LIMIT_URL: 'redis://r:6379' })).to.equal('redis://r:6379');
    expect(wakeUrl({ DOCSIFT_QUEUE_WAKE: 'off', DOCSIFT_QUEUE_WAKE_URL: 'redis://r:6379' })).to.equal(null);
  });

  it('refuses a relay that is neither Redis nor PostgreSQL', () => {
    expect(() => loadConfig({ DOCSIFT_QUEUE_WAKE_URL: 'mysql://db/q' })).to.throw(/DOCSIFT_QUEUE_WAKE_URL/);
  });
});

describe('queue: instant pickup in one process', () => {
  let h: Harness;
  let receiver: Receiver;
  let key: string;
  const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'P-1' }));
  before(async () => {
    receiver = await startReceiver();
    h = await startHarness({ DOCSIFT_QUEUE_POLL_MS: LONG_POLL_MS, DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' }, { worker: true, enginePool: engine });
    key = await createKey(h, await signup(h));
  });
  after(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('a webhook goes out long before the delivery queue polls: the outbox enqueue wakes it too', async () => {
    const jobId = await submit(h, key, { webhookUrl: `${receiver.url}/instant` });
    expect(await completed(h, key, jobId)).to.include({ status: 'completed' });
    const requests = await waitFor(async () => receiver.on('/instant'), (received) => received.length === 1, WAIT_MS);
    expect(requests, 'the delivery arrived before the delivery queue polled').to.have.length(1);
  });

  it('a submitted job completes long before the next poll: the enqueue wakes the local worker', async () => {
    const jobId = await submit(h, key);
    expect(await completed(h, key, jobId)).to.include({ status: 'completed', documentType: 'insurance_cert' });
  });
});

describe('queue: a lost wake is covered by polling', () => {
  let h: Harness;
  let key: string;
  const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'P-2' }));
  afterEach(async () => {
    sinon.restore();
    await h?.close();
  });

  it('with the signal off (DOCSIFT_QUEUE_WAKE=off) a job still completes, at the poll', async () => {
    h = await startHarness({ DOCSIFT_QUEUE_POLL_MS: '300', DOCSIFT_QUEUE_WAKE: 'off' }, { worker: true, enginePool: engine });
    expect(h.container.resolve<WakeSignal | null>('queueWakeSignal')).to.equal(null);
    key = await createKey(h, await signup(h));
    expect(await completed(h, key, await submit(h, key))).to.include({ status: 'completed' });
  });

  it('with every wake dropped a job still completes, at the poll', async () => {
    h = await startHarness({ DOCSIFT_QUEUE_POLL_MS: '300' }, { worker: true, enginePool: engine });
    const wake = sinon.stub(h.container.resolve<WakeSignal>('queueWakeSignal'), 'wake');
    key = await createKey(h, await signup(h));
    expect(await completed(h, key, await submit(h, key))).to.include({ status: 'completed' });
    expect(wake.called, 'the submission did try to wake the worker').to.equal(true);
  });
});

/** A fresh PostgreSQL database for the queue, so no other suite's entries share its table. */
async function freshPostgresDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `docsift_wake_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

const relays = [
  {
    label: 'Redis pub/sub (DOCSIFT_QUEUE_WAKE_URL), queue in the shared SQLite file',
    envVar: 'DOCSIFT_TEST_REDIS_URL',
    env: async (url: string) => ({ env: { DOCSIFT_QUEUE_WAKE_URL: url }, drop: async () => undefined }),
  },
  {
    label: 'PostgreSQL LISTEN/NOTIFY, queue on PostgreSQL (DOCSIFT_QUEUE_URL)',
    envVar: 'DOCSIFT_TEST_POSTGRES_URL',
    env: async (url: string) => {
      const database = await freshPostgresDatabase(url);
      return { env: { DOCSIFT_QUEUE_URL: database.url }, drop: database.drop };
    },
  },
];

for (const { label, envVar, env } of relays) {
  const url = process.env[envVar];
  const suite = url ? describe : describe.skip;
  suite(url ? `queue: instant pickup across processes through ${label}` : `queue: instant pickup across processes through ${label} (skipped: ${envVar} is not set)`, () => {
    let api: Harness;
    let worker: HostRuntime;
    let drop: () => Promise<void>;
    const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'X-1' }));
    before(async () => {
      const relay = await env(url!);
      drop = relay.drop;
      api = await startHarness({ DOCSIFT_QUEUE_POLL_MS: LONG_POLL_MS, ...relay.env });
      worker = await startHost({ config: api.config, logger: pino({ level: 'silent' }), api: false, worker: true, enginePool: engine });
    });
    after(async () => {
      await worker?.stop();
      await api?.close();
      await drop?.();
    });

    it('a job submitted to the API-only runtime starts at once on the worker runtime', async () => {
      const key = await createKey(api, await signup(api));
      const jobId = await submit(api, key);
      expect(await completed(api, key, jobId)).to.include({ status: 'completed', documentType: 'insurance_cert' });
      expect(engine.calls).to.have.length(1);
    });
  });
}
