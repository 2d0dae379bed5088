import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { loadConfig, maskConfig } from '../../host/src/config/config.js';
import { createEnginePool } from '../../host/src/engine/index.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { insertJob, processingJob } from './support/job-rows.js';
import { createJobQueue } from '../../host/src/queue/index.js';
import { queueStores, silentLogger } from './queue/support.js';

const METRICS_TOKEN = 'metrics-token-0123456789';
const FAST_QUEUE = { DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000' };

/** The value of one sample of the text format, e.g. `docsift_jobs{state="completed"}`; null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('host: metrics and readiness', () => {
  describe('GET /metrics on the API port, behind DOCSIFT_METRICS_TOKEN', () => {
    let h: Harness;
    let key: string;
    before(async () => {
      h = await startHarness({ ...FAST_QUEUE, DOCSIFT_METRICS_TOKEN: METRICS_TOKEN }, { worker: true, enginePool: fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'C-1' })) });
      key = await createKey(h, await signup(h));
    });
    after(async () => h.close());

    const scrape = async () => {
      const res = await h.request('GET', '/metrics', { headers: bearer(METRICS_TOKEN) });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };

    it('counts requests by route template and status, and a finished job by state, stage time and pages', async () => {
      const submitted = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(key) });
      expect(submitted.status).to.equal(202);
      const { jobId } = (await submitted.json()) as { jobId: string };
      await waitFor(
        async () => ((await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string }).status,
        (status) => status === 'completed',
      );
      expect((await h.request('GET', '/api/documents/extract/00000000-0000-7000-8000-000000000000', { headers: bearer(key) })).status).to.equal(404);
      const text = await scrape();
      expect(sample(text, 'docsift_http_requests_total{method="POST",route="/api/documents/extract",status="202"}')).to.equal(1);
      expect(sample(text, 'docsift_http_requests_total{method="GET",route="/api/documents/extract/{jobId}",status="404"}')).to.equal(1);
      expect(sample(text, 'docsift_http_request_duration_seconds_count{method="POST",route="/api/documents/extract",status="202"}')).to.equal(1);
      expect(text).not.to.include(jobId);
      expect(sample(text, 'docsift_jobs_finished_total{outcome="completed"}')).to.equal(1);
      expect(sample(text, 'docsift_jobs{state="completed"}')).to.equal(1);
      expect(sample(text, 'docsift_jobs{state="pending"}')).to.equal(0);
      expect(sample(text, 'docsift_queue_depth{queue="documents"}')).to.equal(0);
      expect(sample(text, 'docsift_queue_oldest_waiting_seconds{queue="documents"}')).to.equal(0);
      expect(sample(text, 'docsift_engine_stage_duration_seconds_count{stage="extract"}')).to.equal(1);
      expect(sample(text, 'docsift_engine_stage_duration_seconds_sum{stage="extract"}')).to.equal(0.004);
      expect(sample(text, 'docsift_engine_pages_total{source="text"}')).to.equal(1);
      expect(sample(text, 'docsift_webhook_deliveries{status="pending"}')).to.equal(0);
      expect(text).to.match(/^docsift_build_info\{version="[^"]+"\} 1$/m);
      expect(text).to.include('process_cpu_seconds_total');
    });

    it('reports the age of the oldest waiting job', async () => {
      const account = await signup(h);
      const jobs = h.container.resolve<JobRepository>('jobRepository');
      const waiting = { ...processingJob(), organizationId: account.organizationId, status: 'pending' as const, createdAt: new Date(Date.now() - 120_000) };
      await insertJob(jobs, waiting);
      const text = await scrape();
      expect(sample(text, 'docsift_queue_depth{queue="documents"}')).to.be.at.least(1);
      expect(sample(text, 'docsift_queue_oldest_waiting_seconds{queue="documents"}')).to.be.within(119, 600);
      await jobs.delete(waiting.id);
    });

    it('counts rate-limit refusals by reason', async () => {
      const other = await startHarness({ DOCSIFT_METRICS_TOKEN: METRICS_TOKEN, DOCSIFT_RATE_LIMIT_PER_KEY: '1' });
      try {
        const otherKey = await createKey(other, await signup(other));
        expect((await other.request('GET', '/api/documents/types', { headers: bearer(otherKey) })).status).to.equal(200);
        expect((await other.request('GET', '/api/documents/types', { headers: bearer(otherKey) })).status).to.equal(429);
        const text = await (await other.request('GET', '/metrics', { headers: bearer(METRICS_TOKEN) })).text();
        expect(sample(text, 'docsift_rate_limit_refusals_total{reason="rate"}')).to.equal(1);
        expect(sample(text, 'docsift_http_requests_total{method="GET",route="/api/documents/types",status="429"}')).to.equal(1);
      } finally {
        await other.close();
      }
    });

    it('refuses a missing or wrong token with 401, and an API key is no metrics token', async () => {
      for (const headers of [{}, bearer('metrics-token-wrong-guess'), bearer(key)]) {
        const res = await h.request('GET', '/metrics', { headers });
        expect(res.status).to.equal(401);
        expect(await res.json()).to.deep.include({ error: 'unauthorized' });
      }
    });
  });

  it('has no /metrics on the API port without a token', async () => {
    const h = await startHarness();
    try {
      const res = await h.request('GET', '/metrics');
      expect(res.status).to.equal(404);
      expect(await res.json()).to.deep.include({ error: 'not_found' });
    } finally {
      await h.close();
    }
  });

  describe('the metrics port (DOCSIFT_METRICS_PORT) of a worker process', () => {
    let runtime: HostRuntime;
    let dataDir: string;
    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-metrics-'));
      const config = loadConfig({ DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_METRICS_PORT: '0', DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000' });
      runtime = await startHost({ config, logger: pino({ level: 'silent' }), api: false, worker: true, enginePool: fakeEngine(() => resultOf('sor', {})) });
    });
    after(async () => {
      await runtime.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('serves /metrics, /api/health and /api/ready, and nothing of the API', async () => {
      expect(runtime.url).to.equal(null);
      expect(runtime.metricsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      const metrics = await fetch(`${runtime.metricsUrl}/metrics`);
      expect(metrics.status).to.equal(200);
      expect(await metrics.text()).to.include('docsift_jobs{state="pending"} 0');
      expect((await fetch(`${runtime.metricsUrl}/api/health`)).status).to.equal(200);
      const ready = await fetch(`${runtime.metricsUrl}/api/ready`);
      expect(ready.status).to.equal(200);
      expect(await ready.json()).to.deep.equal({ status: 'ready', checks: { database: 'ready', queue: 'ready', storage: 'ready', engine: 'ready' } });
      expect((await fetch(`${runtime.metricsUrl}/api/documents/types`)).status).to.equal(404);
      const post = await fetch(`${runtime.metricsUrl}/metrics`, { method: 'POST' });
      expect(post.status).to.equal(405);
      expect(post.headers.get('allow')).to.equal('GET, HEAD');
    });
  });

  it('asks for the token on the metrics port too when one is set', async () => {
    const h = await startHarness({ DOCSIFT_METRICS_PORT: '0', DOCSIFT_METRICS_TOKEN: METRICS_TOKEN });
    try {
      const url = h.metricsUrl;
      expect(url).to.be.a('string');
      expect((await fetch(`${url}/metrics`)).status).to.equal(401);
      expect((await fetch(`${url}/metrics`, { headers: bearer(METRICS_TOKEN) })).status).to.equal(200);
      expect((await fetch(`${url}/api/ready`)).status).to.equal(200);
    } finally {
      await h.close();
    }
  });

  it('publishes no metrics by default, and masks the token in `docsift config`', () => {
    expect(loadConfig({}).metrics).to.deep.equal({ port: null, host: '127.0.0.1', token: null });
    const config = loadConfig({ HOST: '0.0.0.0', DOCSIFT_METRICS_PORT: '9464', DOCSIFT_METRICS_HOST: '10.0.0.5', DOCSIFT_METRICS_TOKEN: METRICS_TOKEN });
    expect(config.metrics).to.deep.equal({ port: 9464, host: '10.0.0.5', token: METRICS_TOKEN });
    expect(maskConfig(config).metrics.token).to.equal('••••');
    expect(loadConfig({ HOST: '0.0.0.0' }).metrics.host).to.equal('0.0.0.0');
  });

  it('refuses a metrics token shorter than 16 characters at start-up', () => {
    expect(() => loadConfig({ DOCSIFT_METRICS_TOKEN: 'short' })).to.throw(/DOCSIFT_METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe('host: GET /api/ready', () => {
  it('is 200 with every part ready; the engine is not used by an API-only process', async () => {
    const h = await startHarness();
    try {
      const res = await h.request('GET', '/api/ready');
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ status: 'ready', checks: { database: 'ready', queue: 'ready', storage: 'ready', engine: 'not_used' } });
    } finally {
      await h.close();
    }
  });

  it('is 503 naming the database when the database is closed', async () => {
    const h = await startHarness();
    try {
      expect((await h.request('GET', '/api/ready')).status).to.equal(200);
      await h.dataSource.destroy();
      const res = await h.request('GET', '/api/ready');
      expect(res.status).to.equal(503);
      const body = (await res.json()) as { error: string; details: { notReady: string[]; checks: Record<string, string> } };
      expect(body.error).to.equal('service_unavailable');
      expect(body.details.notReady).to.include('database');
      expect(body.details.checks.database).to.equal('not_ready');
      expect(body.details.checks.storage).to.equal('ready');
      expect((await h.request('GET', '/api/health')).status).to.equal(503);
      await h.dataSource.initialize();
    } finally {
      await h.close();
    }
  });

  it('is 503 naming the engine while a worker has no engine thread ready', async () => {
    const engine = { ...fakeEngine(() => resultOf('sor', {})), readyThreads: () => 0 };
    const h = await startHarness({}, { worker: true, enginePool: engine });
    try {
      const res = await h.request('GET', '/api/ready');
      expect(res.status).to.equal(503);
      expect(((await res.json()) as { details: { notReady: string[] } }).details.notReady).to.deep.equal(['engine']);
    } finally {
      await h.close();
    }
  });

  it('is 200 from a worker whose engine threads have not started yet: they start with its first job, not with the worker', async () => {
    const h = await startHarness({}, { worker: true, enginePool: 'threads' });
    try {
      const res = await h.request('GET', '/api/ready');
      expect(res.status).to.equal(200);
      expect(((await res.json()) as { checks: Record<string, string> }).checks.engine).to.equal('ready');
      expect(h.container.cache.has('enginePool'), 'the engine pool (and its threads) not built').to.equal(false);
    } finally {
      await h.close();
    }
  });
});

describe('engine pool: readyThreads (readiness of the engine)', () => {
  it('counts a thread once it has started, and none once the pool closes', async () => {
    const pool = createEnginePool({
      size: 1,
      plugins: [],
      engineOptions: {},
      logger: pino({ level: 'silent' }),
      workerFile: new URL('./engine/fixtures/fake-engine-worker.ts', import.meta.url),
    });
    try {
      expect(pool.readyThreads!()).to.equal(0);
      expect(await waitFor(async () => pool.readyThreads!(), (ready) => ready === 1)).to.equal(1);
    } finally {
      await pool.close();
    }
    expect(pool.readyThreads!()).to.equal(0);
  });
});

for (const { label, make } of queueStores()) {
  (make ? describe : describe.skip)(`job queue readiness probe on ${label}`, () => {
    it('resolves while the backend answers, and rejects once the queue stops', async () => {
      const store = make!();
      const queue = createJobQueue({ logger: silentLogger, concurrency: 1, lockLifetimeMs: 5000, maxAttempts: 1, retryBaseMs: 20, ...(await store.workerOptions()) });
      try {
        await queue.probe();
        await queue.stop({ timeoutMs: 0 });
        let refused: unknown = null;
        await queue.probe().catch((error: unknown) => (refused = error));
        expect(refused).to.be.instanceOf(Error);
      } finally {
        await queue.stop({ timeoutMs: 0 });
        await store.cleanup();
      }
    });
  });
}
