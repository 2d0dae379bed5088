import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../host/src/config/config.js';
import type { EnginePool } from '../host/src/engine/index.js';
import { startHost, type HostRuntime } from '../host/src/main/runtime.js';
import { resultOf } from '../test/host/support/fake-engine.js';
import { callHost } from '../test/host/support/runtime-call.js';
import { freshDatabase } from '../test/host/support/mysql-database.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:pickup`: submission → completion of one document job at a time on an idle host, as
// a client sees it (POST, then GET every 5 ms until completed), 20 jobs per setup: polling only
// against the wake on enqueue, in one process (`docsift serve` on SQLite) and across an API and a
// worker runtime (one bench process, two hosts sharing the SQLite file, or MariaDB when
// BENCH_MYSQL_URL is set) through Redis pub/sub (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
// The engine is a stand-in that takes ENGINE_MS, like a digital certificate (0.015-0.07 s).
// BENCH_LOG_LEVEL=warn shows the hosts' logs.

const JOBS = 20;
const ENGINE_MS = 30;
const GET_EVERY_MS = 5;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? null;

const engine: EnginePool = {
  process: async () => {
    await new Promise((resolve) => setTimeout(resolve, ENGINE_MS));
    return resultOf('insurance_cert', { certificateNumber: 'P-1' });
  },
  processPacket: () => Promise.reject(new Error('no packets in this bench')),
  learn: () => Promise.reject(new Error('no corrections in this bench')),
  close: async () => undefined,
};

interface Setup {
  name: string;
  env: Record<string, string>;
  /** Run the workers in a second runtime (API-only first runtime). */
  split: boolean;
  /** A MariaDB database of its own instead of the SQLite file. */
  mysql?: boolean;
}

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function untilDone(host: HostRuntime, key: string, jobId: string): Promise<void> {
  for (;;) {
    const record = await callHost(host, 'GET', `/api/documents/extract/${jobId}`, key);
    const { status } = record;
    if (status === 'completed') return;
    if (status === 'failed') throw new Error(`job ${jobId} failed: ${JSON.stringify(record.error)}`);
    await new Promise((resolve) => setTimeout(resolve, GET_EVERY_MS));
  }
}

async function timeJob(host: HostRuntime, key: string): Promise<number> {
  const data = new FormData();
  data.append('file', new Blob([PDF], { type: 'application/pdf' }), 'p.pdf');
  const started = performance.now();
  const { jobId } = await callHost(host, 'POST', '/api/documents/extract', key, data);
  await untilDone(host, key, jobId as string);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Measured {
  p50: number;
  p95: number;
  min: number;
}

async function measure(setup: Setup): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-bench-pickup-'));
  const database = setup.mysql ? await freshDatabase(MYSQL_URL!) : null;
  const config = loadConfig({
    DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent',
    DOCSIFT_RATE_LIMIT_PER_KEY: '100000000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000000', DOCSIFT_RATE_LIMIT_CONCURRENT: '100000',
    ...(database ? { DOCSIFT_DATABASE_URL: database.url } : {}),
    ...setup.env,
  });
  const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const api = await startHost({ config, logger, api: true, worker: !setup.split, enginePool: engine });
  const worker = setup.split ? await startHost({ config, logger, api: false, worker: true, enginePool: engine }) : null;
  try {
    const account = await callHost(api, 'POST', '/api/auth/signup', null, { email: 'bench@example.com', password: 'correct horse battery', organizationName: 'Bench' });
    const key = (await callHost(api, 'POST', '/api/api-keys', account.sessionToken, { name: 'bench' })).key as string;
    await timeJob(api, key);
    const times: number[] = [];
    for (let job = 0; job < JOBS; job += 1) {
      // A random pause within one poll interval before each job, so submissions do not fall in step with the poll.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * config.queue.pollMs));
      times.push(await timeJob(api, key));
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), min: times[0]! };
  } finally {
    await worker?.stop();
    await api.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const redis = await redisAnswers(REDIS_URL);
  const setups: Setup[] = [
    { name: '`serve`, SQLite: polling only (`DOCSIFT_QUEUE_WAKE=off`)', env: { DOCSIFT_QUEUE_WAKE: 'off' }, split: false },
    { name: '`serve`, SQLite: wake in the process (default)', env: {}, split: false },
    { name: 'API + worker runtimes, SQLite file: polling only', env: { DOCSIFT_QUEUE_WAKE: 'off' }, split: true },
  ];
  if (redis) setups.push({ name: 'API + worker runtimes, SQLite file: Redis pub/sub wake', env: { DOCSIFT_QUEUE_WAKE_URL: REDIS_URL }, split: true });
  if (MYSQL_URL) setups.push({ name: 'API + worker runtimes, MariaDB: polling only', env: { DOCSIFT_QUEUE_WAKE: 'off' }, split: true, mysql: true });
  if (MYSQL_URL && redis) setups.push({ name: 'API + worker runtimes, MariaDB: Redis pub/sub wake', env: { DOCSIFT_QUEUE_WAKE_URL: REDIS_URL }, split: true, mysql: true });

  const rows: string[] = [];
  let pollingP50 = 0;
  for (const setup of setups) {
    const result = await measure(setup);
    if (setup.env.DOCSIFT_QUEUE_WAKE === 'off') pollingP50 = result.p50;
    const ratio = setup.env.DOCSIFT_QUEUE_WAKE === 'off' ? '1' : (result.p50 / pollingP50).toFixed(2);
    rows.push(`| ${setup.name} | ${Math.round(result.p50)} | ${Math.round(result.p95)} | ${Math.round(result.min)} | ${ratio} |`);
    process.stdout.write(`${setup.name}: p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms\n`);
  }
  const skipped = [
    ...(redis ? [] : [`Redis at ${REDIS_URL} did not answer: no Redis rows.`]),
    ...(MYSQL_URL ? [] : ['BENCH_MYSQL_URL not set: no MariaDB rows.']),
  ];
  writeResultsSection(
    'pickup',
    'Job pickup: submission to completion on an idle host (`npm run bench:pickup`)',
    [
      `${JOBS} jobs one at a time per setup, each after a random pause within one poll interval; the client POSTs, then GETs the job every ${GET_EVERY_MS} ms until it is completed. The engine is a stand-in taking ${ENGINE_MS} ms. Queue poll ${loadConfig({}).queue.pollMs} ms (the default). Both runtimes of a split setup run in the bench process. ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      '| setup | p50 ms | p95 ms | fastest ms | p50 vs polling above |',
      '|---|---|---|---|---|',
      ...rows,
      ...(skipped.length > 0 ? ['', ...skipped] : []),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
