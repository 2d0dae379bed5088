import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../host/src/config/config.js';
import { startHost } from '../host/src/main/runtime.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:login-flood`: upload latency while a flood of logins runs, side by side for
// password hashes unbounded (as many at once as logins arrive) and bounded to
// DOCSIFT_PASSWORD_HASH_CONCURRENCY's default. argon2 runs on libuv's thread pool (4 threads), where
// the uploads' disk writes run too. Each login names a new email, so the per-account throttle never
// spares a hash; the per-address limit is lifted. Writes a section of bench/RESULTS.md.

const UPLOADS = 60;
const FLOODERS = 32;
const UPLOAD_BYTES = 2 * 1_048_576;
const UNBOUNDED = 64;

const pdf = Buffer.alloc(UPLOAD_BYTES, 0x20);
pdf.write('%PDF-1.4\n');

interface Run {
  label: string;
  idle: number[];
  flooded: number[];
  logins: number;
  floodSeconds: number;
}

async function measure(label: string, hashConcurrency: number): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-bench-login-'));
  const config = loadConfig({
    DOCSIFT_DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DOCSIFT_RATE_LIMIT_PER_ADDRESS: '1000000',
    DOCSIFT_RATE_LIMIT_PER_KEY: '1000000',
    DOCSIFT_RATE_LIMIT_PER_ORG: '1000000',
    DOCSIFT_PASSWORD_HASH_CONCURRENCY: String(hashConcurrency),
  });
  const runtime = await startHost({
    config,
    logger: pino({ level: 'silent' }),
    api: true,
    worker: false,
    enginePool: {
      process: () => Promise.reject(new Error('no engine in this bench')),
      processPacket: () => Promise.reject(new Error('no engine in this bench')),
      learn: () => Promise.reject(new Error('no engine in this bench')),
      close: async () => undefined,
    },
  });
  const base = runtime.url!;
  try {
    const post = (url: string, json: unknown, headers: Record<string, string> = {}) =>
      fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) });
    const grant = (await (await post('/api/auth/signup', { email: 'bench@example.com', password: 'correct horse battery', organizationName: 'Bench' })).json()) as { sessionToken: string };
    const { key } = (await (await post('/api/api-keys', { name: 'bench' }, { authorization: `Bearer ${grant.sessionToken}` })).json()) as { key: string };
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
      const started = performance.now();
      const res = await fetch(`${base}/api/documents/extract`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
      await res.arrayBuffer();
      if (res.status !== 202) throw new Error(`upload answered ${res.status}`);
      return performance.now() - started;
    };
    const uploads = async () => {
      const times: number[] = [];
      for (let i = 0; i < UPLOADS; i += 1) times.push(await upload());
      return times;
    };
    await uploads();
    const idle = await uploads();
    let flooding = true;
    let logins = 0;
    const flooder = async (n: number) => {
      for (let i = 0; flooding; i += 1) {
        const res = await post('/api/auth/login', { email: `guess-${n}-${i}@example.com`, password: 'hunter22' });
        await res.arrayBuffer();
        logins += 1;
      }
    };
    const floodStarted = performance.now();
    const flood = Promise.all(Array.from({ length: FLOODERS }, (_, n) => flooder(n)));
    const flooded = await uploads();
    flooding = false;
    await flood;
    return { label, idle, flooded, logins, floodSeconds: (performance.now() - floodStarted) / 1000 };
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const bounded = loadConfig({}).login.hashConcurrency;
const runs = [await measure(`unbounded (${UNBOUNDED})`, UNBOUNDED), await measure(`bounded (${bounded}, the default)`, bounded)];
const ms = (value: number) => value.toFixed(1);
const rows = runs.map(
  (run) =>
    `| ${run.label} | ${ms(percentile(run.idle, 50))} / ${ms(percentile(run.idle, 95))} | ${ms(percentile(run.flooded, 50))} / ${ms(percentile(run.flooded, 95))} | ${(run.logins / run.floodSeconds).toFixed(0)} |`,
);
const table = [
  `${UPLOADS} sequential uploads of a ${UPLOAD_BYTES / 1_048_576} MB PDF, idle and during ${FLOODERS} concurrent login loops (unknown emails), ${os.cpus().length} CPUs, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}.`,
  '',
  '| password hashes at once | upload p50 / p95 idle (ms) | upload p50 / p95 during the flood (ms) | logins answered per second |',
  '|---|---|---|---|',
  ...rows,
].join('\n');
process.stdout.write(`${table}\n`);
writeResultsSection('login-flood', 'Upload latency during a login flood (`npm run bench:login-flood`)', table);
