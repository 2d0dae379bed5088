import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startCli, stopCli, type CliProcess } from '../test/support/cli-processes.js';
import { makeImagePdf, rasterizedPages } from '../test/support/fixtures.js';
import { certificatePdf } from '../test/host/support/lending-documents.js';
import { freshDatabase } from '../test/host/support/mysql-database.js';
import { cpuSeconds, machineCpu } from './processes.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:workers`: scanned pages per second through `docsift serve` alone, `docsift api` + 1
// `docsift worker` and `docsift api` + 2 `docsift worker`, each a real process started from source
// on one shared data folder and SQLite file (a fresh MariaDB database when DOCSIFT_TEST_MYSQL_URL
// is set; the Redis wake relay when DOCSIFT_TEST_REDIS_URL is set). BENCH_PAGES one-page scanned
// certificates (200 dpi) are submitted at once with one key; the clock runs from the first
// submission to the last completion. CPU seconds per process come from /proc/<pid>/stat, engine
// and OCR threads included. Setups run interleaved, BENCH_ROUNDS times each; the table gives medians.

const PAGES = Number(process.env.BENCH_PAGES ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DPI = 200;
const GET_EVERY_MS = 100;
const MYSQL_URL = process.env.DOCSIFT_TEST_MYSQL_URL ?? null;
const REDIS_URL = process.env.DOCSIFT_TEST_REDIS_URL ?? null;

type Role = 'serve' | 'api' | 'worker';

interface EngineSettings {
  engineWorkers: number;
  ocrWorkers: number;
  jobConcurrency: number;
}

interface Setup {
  name: string;
  /** The processes that run jobs: `serve` alone, or workers beside one `api`. */
  workers: EngineSettings[];
  serve: boolean;
}

const DEFAULTS: EngineSettings = { engineWorkers: 1, ocrWorkers: 2, jobConcurrency: 2 };
const HALF_OCR: EngineSettings = { ...DEFAULTS, ocrWorkers: 1 };

const SETUPS: Setup[] = [
  { name: '`serve`', serve: true, workers: [DEFAULTS] },
  { name: '`api` + 1 `worker`', serve: false, workers: [DEFAULTS] },
  { name: '`api` + 2 `worker`, 1 OCR thread each (same total)', serve: false, workers: [HALF_OCR, HALF_OCR] },
  { name: '`api` + 2 `worker`, defaults each (twice the threads)', serve: false, workers: [DEFAULTS, DEFAULTS] },
  // One engine thread runs one document at a time: the same threads as two half-OCR workers, in one process.
  { name: '`serve`, 2 engine threads of 1 OCR thread', serve: true, workers: [{ ...DEFAULTS, engineWorkers: 2, ocrWorkers: 1 }] },
];

const describeSettings = (s: EngineSettings) => `${s.engineWorkers}/${s.ocrWorkers}/${s.jobConcurrency}`;

function startRole(role: Role, env: Record<string, string>): Promise<CliProcess> {
  return startCli([role], { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env }, role === 'worker' ? 'worker running' : 'listening on');
}

async function stop(started: CliProcess): Promise<void> {
  const killed = setTimeout(() => started.child.kill('SIGKILL'), 15_000);
  await stopCli(started, 'SIGTERM');
  clearTimeout(killed);
}


const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

interface Run {
  seconds: number;
  pagesPerSecond: number;
  /** CPU seconds per process, in start order (api or serve first). */
  cpu: number[];
  /** CPU seconds the whole machine was busy during the run, ours and everyone else's. */
  machineBusy: number;
  loadBefore: number;
  loadAfter: number;
}

async function runOnce(setup: Setup, documents: Uint8Array[]): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-bench-workers-'));
  const database = MYSQL_URL ? await freshDatabase(MYSQL_URL) : null;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shared: Record<string, string> = {
    DOCSIFT_DATA_DIR: dataDir,
    DOCSIFT_DATABASE_URL: database?.url ?? `sqlite://${path.join(dataDir, 'docsift.sqlite')}`,
    ...(REDIS_URL ? { DOCSIFT_QUEUE_WAKE_URL: REDIS_URL } : {}),
    DOCSIFT_RATE_LIMIT_PER_KEY: '1000000',
    DOCSIFT_RATE_LIMIT_PER_ORG: '1000000',
    DOCSIFT_RATE_LIMIT_CONCURRENT: '100000',
    DOCSIFT_JOB_CONCURRENCY_PER_ORG: '0',
  };
  const engineEnv = (s: EngineSettings) => ({
    DOCSIFT_ENGINE_WORKERS: String(s.engineWorkers),
    DOCSIFT_OCR_WORKERS: String(s.ocrWorkers),
    DOCSIFT_JOB_CONCURRENCY: String(s.jobConcurrency),
  });
  const processes: CliProcess[] = [];
  try {
    if (setup.serve) {
      processes.push(await startRole('serve', { ...shared, ...engineEnv(setup.workers[0]!), PORT: String(port) }));
    } else {
      processes.push(await startRole('api', { ...shared, PORT: String(port) }));
      for (const settings of setup.workers) processes.push(await startRole('worker', { ...shared, ...engineEnv(settings), DOCSIFT_METRICS_PORT: '0' }));
    }
    const account = await json(
      await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password: 'a long bench password', organizationName: 'Bench' }),
      }),
    );
    const created = await json(
      await fetch(`${base}/api/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${String(account.sessionToken)}` },
        body: JSON.stringify({ name: 'bench' }),
      }),
    );
    const auth = { authorization: `Bearer ${String(created.key)}` };
    await pause(2000);

    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = processes.map((started) => cpuSeconds(started.child.pid!));
    const machineBefore = machineCpu();
    const started = performance.now();
    const jobIds = await Promise.all(
      documents.map(async (bytes, index) => {
        const body = new FormData();
        body.append('file', new Blob([bytes], { type: 'application/pdf' }), `scan-${index}.pdf`);
        return String((await json(await fetch(`${base}/api/documents/extract`, { method: 'POST', body, headers: auth }))).jobId);
      }),
    );
    const pending = new Set(jobIds);
    while (pending.size > 0) {
      for (const jobId of [...pending]) {
        const job = await json(await fetch(`${base}/api/documents/extract/${jobId}`, { headers: auth }));
        if (job.status === 'failed') throw new Error(`job ${jobId} failed: ${JSON.stringify(job.error)}`);
        if (job.status === 'completed') pending.delete(jobId);
      }
      if (pending.size > 0) await pause(GET_EVERY_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = processes.map((role, index) => cpuSeconds(role.child.pid!) - cpuBefore[index]!);
    const machineAfter = machineCpu();
    return {
      seconds,
      pagesPerSecond: documents.length / seconds,
      cpu,
      machineBusy: machineAfter.busy - machineBefore.busy,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
    };
  } finally {
    for (const started of processes.reverse()) await stop(started);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function scannedCertificates(): Promise<Uint8Array[]> {
  const documents: Uint8Array[] = [];
  for (let index = 0; index < PAGES; index += 1) {
    // A different expiry date on each, so no two uploads are the same file.
    const [page] = await rasterizedPages(await certificatePdf({ glExpiresInDays: 365 + index }), DPI);
    documents.push(await makeImagePdf([{ bytes: page!, format: 'png' }]));
  }
  return documents;
}

async function main(): Promise<void> {
  const documents = await scannedCertificates();
  const runs = new Map<Setup, Run[]>(SETUPS.map((setup) => [setup, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const setup of SETUPS) {
      const run = await runOnce(setup, documents);
      runs.get(setup)!.push(run);
      process.stdout.write(
        `${setup.name}, round ${round + 1}: ${run.seconds.toFixed(1)} s, ${run.pagesPerSecond.toFixed(2)} pages/s, CPU s ${run.cpu.map((s) => s.toFixed(1)).join(' + ')}, machine busy ${run.machineBusy.toFixed(1)} CPU s, load ${run.loadBefore.toFixed(1)} → ${run.loadAfter.toFixed(1)}\n`,
      );
    }
  }

  const cores = os.cpus().length;
  const summaries = SETUPS.map((setup) => {
    const measured = runs.get(setup)!;
    const processCount = setup.serve ? 1 : setup.workers.length + 1;
    const ours = median(measured.map((run) => run.cpu.reduce((sum, value) => sum + value, 0)));
    return {
      setup,
      pagesPerSecond: median(measured.map((run) => run.pagesPerSecond)),
      seconds: median(measured.map((run) => run.seconds)),
      cpu: Array.from({ length: processCount }, (_, index) => median(measured.map((run) => run.cpu[index]!))),
      cpuPerPage: ours / PAGES,
      ours,
      busy: median(measured.map((run) => run.machineBusy)),
      load: median(measured.map((run) => run.loadAfter)),
    };
  });
  const rows = summaries.map(({ setup, pagesPerSecond, seconds, cpu, cpuPerPage, ours, busy, load }) => {
    const cpuCells = setup.serve ? `serve ${cpu[0]!.toFixed(1)}` : `api ${cpu[0]!.toFixed(1)}; ${cpu.slice(1).map((value, index) => `worker ${index + 1}: ${value.toFixed(1)}`).join('; ')}`;
    const settings = setup.workers.map(describeSettings).join(' + ');
    return `| ${setup.name} | ${settings} | ${seconds.toFixed(1)} | ${pagesPerSecond.toFixed(2)} | ${cpuCells} | ${cpuPerPage.toFixed(2)} | ${(ours / seconds).toFixed(2)} | ${((busy - ours) / seconds).toFixed(2)} | ${load.toFixed(1)} |`;
  });
  const cpuPerPage = summaries.map((summary) => summary.cpuPerPage).sort((a, b) => a - b);
  const typical = median(cpuPerPage);
  const fastest = summaries.reduce((best, summary) => (summary.pagesPerSecond > best.pagesPerSecond ? summary : best));
  const serve = summaries[0]!;
  const others = (summary: (typeof summaries)[number]) => (summary.busy - summary.ours) / summary.seconds;
  const sizing =
    `Sizing: a scanned page cost ${cpuPerPage[0]!.toFixed(1)}–${cpuPerPage.at(-1)!.toFixed(1)} CPU s in the docsift processes (median ${typical.toFixed(1)}), ` +
    `about ${(1 / typical).toFixed(2)} scanned pages/s (${Math.round(3600 / typical)} an hour) per core given to them; ` +
    `the fastest setup here, ${fastest.setup.name}, did ${fastest.pagesPerSecond.toFixed(2)} pages/s on ${cores} cores against ${serve.pagesPerSecond.toFixed(2)} for ${serve.setup.name} alone, ` +
    `while other programs kept ${others(fastest).toFixed(1)} and ${others(serve).toFixed(1)} of the cores busy: compare setups by CPU s per page, which other programs barely change, more than by pages/s.`;
  const backends = [
    ...(MYSQL_URL ? ['Database: a fresh MariaDB database (DOCSIFT_TEST_MYSQL_URL).'] : ['Database: one SQLite file in the shared data folder (DOCSIFT_TEST_MYSQL_URL not set).']),
    ...(REDIS_URL ? ['Queue wake across processes: Redis pub/sub (DOCSIFT_TEST_REDIS_URL).'] : ['Queue wake across processes: none, workers poll (DOCSIFT_TEST_REDIS_URL not set).']),
  ];
  writeResultsSection(
    'workers',
    'Scanned pages per second by worker processes (`npm run bench:workers`)',
    [
      `${PAGES} one-page scanned certificates (ACORD 25 rendered at ${DPI} dpi, a PNG in a PDF), submitted at once through one API process with one key; time from the first submission to the last completion (the client GETs each pending job every ${GET_EVERY_MS} ms). Every process is \`docsift serve|api|worker\` started from source; \`DOCSIFT_JOB_CONCURRENCY_PER_ORG=0\`. Medians of ${ROUNDS} runs per setup, setups interleaved. Engine settings per job-running process as DOCSIFT_ENGINE_WORKERS/DOCSIFT_OCR_WORKERS/DOCSIFT_JOB_CONCURRENCY. CPU s: user + system seconds of each process during the run (engine and OCR threads included). "Ours" is their sum per second of wall time; "others" is what the rest of the machine used in the same time (/proc/stat), this bench's client included. ${cores} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}; load is the 1-minute average at the end of the run.`,
      '',
      ...backends,
      '',
      '| setup | engine/OCR/jobs per process | seconds | pages/s | CPU s per process | CPU s per page | ours, cores busy | others, cores busy | load |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      sizing,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
