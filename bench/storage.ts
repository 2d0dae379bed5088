import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, freePort, rssMb, startProcess, stopProcess } from './processes.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:storage`: submission throughput of one API process (`docsift serve --no-worker`,
// SQLite) storing uploads in the local folder and one storing them in an S3-compatible bucket
// (s3rver, started by the bench on loopback), side by side: autocannon, 100 KB PDFs. Both hosts run
// at once and each round loads one right after the other. Afterwards every accepted upload of the
// S3 host must be an object in the bucket. Writes its section of bench/RESULTS.md.

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 50;
const DURATION_S = 10;
const ROUNDS = 3;
const WARM_UP_S = 3;
const PDF_SIZE = 100 * 1024;
const BUCKET = 'docsift-bench';
const SAMPLE = path.resolve(root, '../shared/corpus/public/acord25_xstream_cleaning_2025-01-07.pdf');
/** As in bench/api.ts: tmpfs where there is one, for the local store, the uploads and s3rver's files alike. */
const SCRATCH = process.env.BENCH_SCRATCH ?? (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const work = fs.mkdtempSync(path.join(SCRATCH, 'docsift-bench-storage-'));

const S3_SERVER = `
import S3rver from 's3rver';
const server = new S3rver({ address: '127.0.0.1', port: Number(process.env.PORT), silent: true, directory: process.env.S3_DIR, configureBuckets: [{ name: '${BUCKET}' }] });
await server.run();
process.stdout.write('ready\\n');
`;

function hostCommand(): string[] {
  const built = path.join(root, 'host/dist/main/cli.js');
  return fs.existsSync(built) ? [built, 'serve', '--no-worker'] : ['--conditions=docsift-source', '--import', 'tsx', 'host/src/main/cli.ts', 'serve', '--no-worker'];
}

/** A 100 KB PDF (a real ACORD 25 padded with a trailing comment) as a multipart body. */
function upload(): { body: Buffer; contentType: string } {
  const sample = fs.existsSync(SAMPLE) ? fs.readFileSync(SAMPLE) : Buffer.from('%PDF-1.4\n%%EOF\n');
  const pdf = Buffer.concat([sample, Buffer.from(`\n%${'x'.repeat(Math.max(0, PDF_SIZE - sample.length - 2))}`)]).subarray(0, PDF_SIZE);
  const boundary = '----docsiftbench7d9';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function apiKey(base: string): Promise<string> {
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
    (await (await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as Record<string, string>;
  const grant = await post('/api/auth/signup', { email: 'bench@example.com', password: 'bench password', organizationName: 'Bench' });
  return (await post('/api/api-keys', { name: 'bench' }, { authorization: `Bearer ${grant.sessionToken}` })).key!;
}

/** Objects s3rver holds, counted on its disk (its listing of a few thousand objects fails with an internal error). */
function objectCount(directory: string): number {
  return fs.readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('._S3rver_object')).length;
}

type Run = AutocannonResult & { name: string };

async function load(name: string, options: Record<string, unknown>, duration = DURATION_S): Promise<Run> {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  process.stdout.write(`${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}\n`);
  return { ...result, name };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Every process the bench started, stopped at its end whatever happened. */
const started: ChildProcess[] = [];

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0].toFixed(2);
  const [s3Port, localPort, s3HostPort] = [await freePort(), await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${s3Port}`;
  fs.mkdirSync(path.join(work, 's3rver'));
  const s3rver = await startProcess(['--input-type=module', '-e', S3_SERVER], { PORT: String(s3Port), S3_DIR: path.join(work, 's3rver') }, 'ready');
  started.push(s3rver);
  const common = {
    LOG_LEVEL: 'warn',
    DOCSIFT_RATE_LIMIT_PER_KEY: '100000000',
    DOCSIFT_RATE_LIMIT_PER_ORG: '100000000',
    DOCSIFT_RATE_LIMIT_CONCURRENT: '100000',
    DOCSIFT_RATE_LIMIT_PER_ADDRESS: '100000000',
  };
  const s3Settings = {
    DOCSIFT_STORAGE_URL: `s3://${BUCKET}/bench`,
    DOCSIFT_S3_ENDPOINT: endpoint,
    DOCSIFT_S3_FORCE_PATH_STYLE: 'true',
    DOCSIFT_S3_ACCESS_KEY_ID: 'S3RVER',
    DOCSIFT_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const hosts = [
    await startProcess(hostCommand(), { ...common, PORT: String(localPort), DOCSIFT_DATA_DIR: path.join(work, 'local') }, 'listening on'),
    await startProcess(hostCommand(), { ...common, ...s3Settings, PORT: String(s3HostPort), DOCSIFT_DATA_DIR: path.join(work, 's3') }, 'listening on'),
  ];
  started.push(...hosts);
  const body = upload();
  const targets = await Promise.all(
    [
      ['local folder', localPort],
      ['S3 (s3rver)', s3HostPort],
    ].map(async ([name, port]) => {
      const base = `http://127.0.0.1:${port}`;
      const key = await apiKey(base);
      return {
        name: name as string,
        options: { url: `${base}/api/documents/extract`, method: 'POST', headers: { 'content-type': body.contentType, authorization: `Bearer ${key}` }, body: body.body },
      };
    }),
  );
  let accepted = 0;
  process.stdout.write('warm-up\n');
  for (const target of targets) {
    const run = await load(`warm-up: ${target.name}`, target.options, WARM_UP_S);
    if (target.name.startsWith('S3')) accepted += run['2xx'];
  }
  const rounds: Run[][] = [];
  const cpuBefore = [...hosts, s3rver].map((child) => cpuSeconds(child.pid!));
  for (let round = 1; round <= ROUNDS; round += 1) {
    process.stdout.write(`round ${round} of ${ROUNDS}\n`);
    const runs: Run[] = [];
    for (const target of targets) runs.push(await load(target.name, target.options));
    accepted += runs[1]!['2xx'];
    rounds.push(runs);
  }
  const rss = hosts.map((host) => rssMb(host.pid!));
  const cpu = [...hosts, s3rver].map((child, i) => cpuSeconds(child.pid!) - cpuBefore[i]!);
  await Promise.all([...hosts, s3rver].map(stopProcess));
  const objects = objectCount(path.join(work, 's3rver', BUCKET));
  fs.rmSync(work, { recursive: true, force: true });

  const [local, s3] = [0, 1].map((i) => rounds.map((runs) => runs[i]!));
  const rate = (r: Run) => r.requests.average;
  const ratio = median(s3!.map((run, i) => rate(run) / Math.max(1, rate(local![i]!))));
  const handled = (runs: Run[]) => runs.reduce((n, r) => n + r['2xx'], 0);
  const perThousand = (seconds: number, requests: number) => ((seconds * 1000) / Math.max(1, requests)).toFixed(1);
  const row = (runs: Run[], memory: number, cpuText: string) =>
    `| ${runs[0]!.name} | ${Math.round(median(runs.map(rate)))} | ${runs.map((r) => Math.round(rate(r))).join(' / ')} | ${median(runs.map((r) => r.latency.p50))} | ${median(runs.map((r) => r.latency.p99))} | ${runs.reduce((n, r) => n + r.non2xx, 0)} | ${runs.reduce((n, r) => n + r.errors + r.timeouts, 0)} | ${cpuText} | ${memory.toFixed(0)} |`;
  const report = [
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}, shared with other work), Node ${process.version}; one run of the bench. Two API processes (\`docsift serve --no-worker\`, SQLite, LOG_LEVEL=warn, rate limits raised), one storing uploads in its local folder, one in a bucket of s3rver (an S3-protocol server in Node, on loopback, on the same machine: it competes with the host and with autocannon for the same cores, and writes each object to its own folder). autocannon, ${CONNECTIONS} connections, POST of a 100 KB PDF, ${DURATION_S} s per run after a ${WARM_UP_S} s warm-up, ${ROUNDS} rounds, each loading both hosts one right after the other; medians over the rounds. Files on ${SCRATCH === '/dev/shm' ? 'tmpfs (/dev/shm)' : SCRATCH}. 1-minute load average ${loadBefore} when the bench started.`,
    '',
    '| storage | requests/s (median) | each round | p50 ms | p99 ms | non-2xx | errors | CPU s per 1000 accepted, over the rounds | RSS after, MB |',
    '|---|---|---|---|---|---|---|---|---|',
    row(local!, rss[0]!, `host ${perThousand(cpu[0]!, handled(local!))}`),
    row(s3!, rss[1]!, `host ${perThousand(cpu[1]!, handled(s3!))}, s3rver ${perThousand(cpu[2]!, handled(s3!))}`),
    '',
    `The S3 host ran at ${Math.round(ratio * 100)}% of the local folder's submission rate (median of the rounds' ratios). Objects in the bucket afterwards: ${objects}, for ${accepted} submissions autocannon saw accepted (202)${objects >= accepted ? '' : ' (**fewer objects than accepted submissions**)'}; submissions still in flight when a run ends are stored without being counted.`,
  ].join('\n');
  writeResultsSection('storage', 'Submission throughput, local folder vs S3 (`npm run bench:storage`)', report);
  process.stdout.write(`${report}\n`);
}

main().catch(async (error: unknown) => {
  process.stderr.write(`bench:storage failed: ${(error as Error).stack ?? String(error)}\n`);
  await Promise.all(started.map(stopProcess));
  fs.rmSync(work, { recursive: true, force: true });
  process.exitCode = 1;
});
