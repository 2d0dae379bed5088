import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MapperRegistry } from '@docsift/core';
import pino from 'pino';
import { loadConfig } from '../host/src/config/config.js';
import type { EnginePool } from '../host/src/engine/index.js';
import { startHost, type HostRuntime } from '../host/src/main/runtime.js';
import { writeResultsSection } from './results-file.js';
import { callHost } from '../test/host/support/runtime-call.js';

// `npm run bench:webhooks`: 100 webhook deliveries to a receiver that answers after 3 s, and the
// API's latency (GET of a job record, autocannon) before and while they are pending, plus the time
// a new document job takes meanwhile.
// Host, receiver and load generator share one process (the engine is a stand-in that answers at once).
// Then: how long one organization's custom transform waits behind another's queue of slow ones.

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const RECEIVER_DELAY_MS = 3000;
const CONFIGS = 10;
const JOBS = 10;
const CONNECTIONS = 10;
const DURATION_S = 5;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const engine: EnginePool = {
  process: async () => ({
    fileType: 'pdf', pageCount: 1, documentType: 'insurance_cert', classificationConfidence: 0.9, alternativeTypes: [],
    extractedData: { certificateNumber: 'B-1' }, fieldDetails: {}, findings: [], timingsMs: { total: 1 }, pageSources: ['text'],
  }) as never,
  processPacket: () => Promise.reject(new Error('no packets in this bench')),
  learn: () => Promise.reject(new Error('no corrections in this bench')),
  close: async () => undefined,
};

function slowReceiver(): Promise<{ url: string; received: () => number; close: () => void }> {
  let count = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => {
      count += 1;
      response.end('ok');
    }, RECEIVER_DELAY_MS));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => count,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  })));
}

async function submit(host: HostRuntime, key: string): Promise<string> {
  const data = new FormData();
  data.append('file', new Blob([PDF], { type: 'application/pdf' }), 'b.pdf');
  return (await callHost(host, 'POST', '/api/documents/extract', key, data)).jobId;
}

async function untilDone(host: HostRuntime, key: string, jobId: string): Promise<void> {
  for (;;) {
    const { status } = await callHost(host, 'GET', `/api/documents/extract/${jobId}`, key);
    if (status === 'completed' || status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Submission to completion of one document job, in milliseconds. */
async function timeJob(host: HostRuntime, key: string): Promise<number> {
  const started = Date.now();
  await untilDone(host, key, await submit(host, key));
  return Date.now() - started;
}

const load = (host: HostRuntime, key: string, jobId: string) =>
  autocannon({ url: `${host.url}/api/documents/extract/${jobId}`, headers: { authorization: `Bearer ${key}` }, connections: CONNECTIONS, duration: DURATION_S });

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-bench-webhooks-'));
  const receiver = await slowReceiver();
  const config = loadConfig({
    DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
    DOCSIFT_RATE_LIMIT_PER_KEY: '100000000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000000', DOCSIFT_RATE_LIMIT_CONCURRENT: '100000',
  });
  const host = await startHost({ config, logger: pino({ level: 'silent' }), api: true, worker: true, enginePool: engine });
  try {
    const account = await callHost(host, 'POST', '/api/auth/signup', null, { email: 'bench@example.com', password: 'correct horse battery', organizationName: 'Bench' });
    const key = (await callHost(host, 'POST', '/api/api-keys', account.sessionToken, { name: 'bench' })).key as string;
    const probe = await submit(host, key);
    await untilDone(host, key, probe);
    const idleLoad = load(host, key, probe);
    const idleJobMs = await timeJob(host, key);
    const idle = await idleLoad;

    for (let i = 0; i < CONFIGS; i += 1) {
      await callHost(host, 'POST', '/api/integrations/webhooks', key, { connectionName: `slow ${i}`, webhookConfig: { url: receiver.url } });
    }
    const started = Date.now();
    const jobs = [];
    for (let i = 0; i < JOBS; i += 1) jobs.push(await submit(host, key));
    for (const jobId of jobs) await untilDone(host, key, jobId);
    const pendingAtStart = (JOBS * CONFIGS) - receiver.received();
    const pendingLoad = load(host, key, probe);
    const jobMs = await timeJob(host, key);
    const busy = await pendingLoad;
    const deliveredDuringLoad = receiver.received();
    const total = (JOBS + 1) * CONFIGS;
    while (receiver.received() < total) await new Promise((resolve) => setTimeout(resolve, 100));
    const drainedS = (Date.now() - started) / 1000;

    const row = (name: string, r: AutocannonResult) => `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
    writeResultsSection(
      'webhooks',
      'Webhook deliveries to a slow receiver (`npm run bench:webhooks`)',
      [
        `${(JOBS + 1) * CONFIGS} deliveries (${JOBS + 1} jobs × ${CONFIGS} active configurations) to a receiver that answers each after ${RECEIVER_DELAY_MS / 1000} s.`,
        `GET of a job record, autocannon, ${CONNECTIONS} connections, ${DURATION_S} s; host, receiver and load generator in one process; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`,
        '',
        '| API while | req/s | p50 ms | p99 ms | non-2xx |',
        '|---|---|---|---|---|',
        row('no delivery pending', idle),
        row(`${pendingAtStart}+ deliveries pending`, busy),
        '',
        `The second run started once the ${JOBS} jobs had completed, with ${pendingAtStart} of their deliveries still pending.`,
        `A document job submitted during each load run completed in ${idleJobMs} ms with no delivery pending and in ${jobMs} ms with theirs pending (deliveries run on a queue of their own; the queue polls every second).`,
        `${deliveredDuringLoad} of ${total} deliveries had arrived when the load run ended; all ${total} after ${drainedS.toFixed(1)} s (16 in flight per worker process).`,
      ].join('\n'),
    );
    process.stdout.write(`idle p99 ${idle.latency.p99} ms, pending p99 ${busy.latency.p99} ms, job ${idleJobMs}/${jobMs} ms, drained ${drainedS.toFixed(1)} s\n`);
  } finally {
    await host.stop();
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BUSY_RUNS = 40;
const FAIRNESS_ROUNDS = 5;
const SLOW_TRANSFORM = 'let sum = 0; for (let i = 0; i < 1.2e7; i += 1) sum += i % 7; return { sum };';
const QUICK_TRANSFORM = 'return { id: data.jobId };';

interface FairnessRun {
  /** From the quick transform's submission to its result. */
  quickMs: number;
  /** From the first submission to the busy organization's last result. */
  busyDrainMs: number;
}

/** Organization "busy" queues BUSY_RUNS slow transforms, then organization "quick" submits one. */
async function fairnessRun(isolates: number, tenants: boolean): Promise<FairnessRun> {
  const mappers = new MapperRegistry({ transformLimits: { isolates, timeoutMs: 5_000 } });
  const map = (transform: string, tenant: string) => mappers.map('custom', { jobId: 'j' }, { transform, tenant: tenants ? tenant : undefined });
  try {
    await Promise.all(Array.from({ length: isolates }, () => map(QUICK_TRANSFORM, 'warm-up')));
    const started = performance.now();
    const busy = Promise.all(Array.from({ length: BUSY_RUNS }, () => map(SLOW_TRANSFORM, 'busy'))).then(() => performance.now() - started);
    const quickStarted = performance.now();
    const quickMs = await map(QUICK_TRANSFORM, 'quick').then(() => performance.now() - quickStarted);
    return { quickMs, busyDrainMs: await busy };
  } finally {
    mappers.close();
  }
}

async function slowTransformMs(): Promise<number> {
  const mappers = new MapperRegistry({ transformLimits: { timeoutMs: 5_000 } });
  try {
    await mappers.map('custom', {}, { transform: SLOW_TRANSFORM });
    const started = performance.now();
    for (let run = 0; run < 5; run += 1) await mappers.map('custom', {}, { transform: SLOW_TRANSFORM });
    return (performance.now() - started) / 5;
  } finally {
    mappers.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function transformFairness(): Promise<void> {
  const setups: Array<{ name: string; isolates: number; tenants: boolean }> = [
    { name: 'one isolate, first come first served (before issue 12)', isolates: 1, tenants: false },
    { name: 'one isolate, organizations take turns', isolates: 1, tenants: true },
    { name: 'two isolates, organizations take turns (default)', isolates: 2, tenants: true },
  ];
  const slowMs = await slowTransformMs();
  const rows: string[] = [];
  for (const setup of setups) {
    const runs: FairnessRun[] = [];
    for (let round = 0; round < FAIRNESS_ROUNDS; round += 1) runs.push(await fairnessRun(setup.isolates, setup.tenants));
    const quick = runs.map((run) => run.quickMs);
    rows.push(`| ${setup.name} | ${median(quick).toFixed(1)} | ${Math.max(...quick).toFixed(1)} | ${median(runs.map((run) => run.busyDrainMs)).toFixed(0)} |`);
  }
  writeResultsSection(
    'webhook-transforms',
    'Custom transforms of two organizations (`npm run bench:webhooks`)',
    [
      `Organization A queues ${BUSY_RUNS} custom transforms of about ${slowMs.toFixed(0)} ms each (a loop), then organization B submits one quick transform; ${FAIRNESS_ROUNDS} rounds per setup, MapperRegistry in one process; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      '| sandbox | B waits, median ms | B waits, worst ms | A drains its queue, median ms |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  process.stdout.write(`${rows.join('\n')}\n`);
}

await transformFairness();
if (!process.argv.includes('--transforms-only')) await main();
