import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusAvailable, corpusPath } from '../test/support/corpus.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:cli`: the built command line as a user runs it. (1) `docsift extract` on one
// digital certificate page, whole process wall time and CPU time, RUNS rounds, each round running
// side by side the `docsift` bin (which starts extract's one-file build), the compiled modules one by
// one (`node host/dist/main/cli.js`, as before the bundle) and `node -e 0` (the floor: Node's own
// start-up); (2) the public corpus (every PDF, PNG and JPEG) read by one batch process against one
// process per file, one after the other in the same run, files per second. Needs `npm run build` first.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'host/bin/docsift.js');
const cli = path.join(root, 'host/dist/main/cli.js');
const bundle = path.join(root, 'host/dist/main/extract-bundle.js');
const DIGITAL_PAGE = 'acord25_xstream_cleaning_2025-01-07.pdf';
const RUNS = 11;
const DOCUMENT = /\.(pdf|png|jpe?g)$/i;

interface Run {
  code: number;
  stdout: string;
  wallMs: number;
  /** User + system CPU time of the child, from /proc (null elsewhere). */
  cpuMs: number | null;
}

/** Children's CPU time so far (cutime + cstime of /proc/self/stat, in clock ticks of 10 ms). */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** Runs a process to its end; its stdout, wall time, and CPU time from /proc. */
function measure(command: string, args: string[]): Promise<Run> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const cpuAfter = childrenCpuMs();
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(chunks).toString('utf8'),
        wallMs: performance.now() - started,
        cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      });
    });
  });
}

/** `docsift ARGS` as a user runs it: the bin, with the Node options of its first line. */
const docsift = (args: string[]) => measure(bin, args);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function benchOnePage(lines: string[]): Promise<void> {
  const file = corpusPath('public', DIGITAL_PAGE);
  const setups: Array<{ label: string; run: () => Promise<Run>; runs: Run[] }> = [
    { label: '`docsift extract FILE --json` (the bin: the one-file build)', run: () => docsift(['extract', file, '--json']), runs: [] },
    { label: '`node --no-node-snapshot host/dist/main/cli.js extract FILE --json` (the modules one by one)', run: () => measure(process.execPath, ['--no-node-snapshot', cli, 'extract', file, '--json']), runs: [] },
    { label: '`node -e 0` (the floor)', run: () => measure(process.execPath, ['-e', '0']), runs: [] },
  ];
  for (let round = 0; round < RUNS; round++) {
    const order = round % 2 === 0 ? setups : [...setups].reverse();
    for (const setup of order) setup.runs.push(await setup.run());
  }
  if (setups.some(({ runs }) => runs.some((run) => run.code !== 0))) throw new Error(`docsift extract ${DIGITAL_PAGE} failed`);
  const engineMs = setups[0].runs.map((run) => (JSON.parse(run.stdout) as { timingsMs: { total: number } }).timingsMs.total);
  const cpu = (runs: Run[]) => (runs.every((run) => run.cpuMs !== null) ? `${seconds(median(runs.map((run) => run.cpuMs as number)))} s` : 'n/a');
  const [bundled, modules] = setups.map(({ runs }) => median(runs.map((run) => run.wallMs)));
  const cpuShare = setups[0].runs.every((run) => run.cpuMs !== null)
    ? ` and ${((median(setups[0].runs.map((run) => run.cpuMs as number)) / median(setups[1].runs.map((run) => run.cpuMs as number))) * 100).toFixed(0)}% of the CPU time`
    : '';
  lines.push(
    `**\`docsift extract\` on one digital page** (\`${DIGITAL_PAGE}\`, \`--json\`): ${RUNS} rounds, each running the three side by side (order alternating); target ≤ 0.35 s wall for the bin.`,
    '',
    '| process | wall time, median | fastest | CPU time (user + system), median |',
    '|---|---|---|---|',
    ...setups.map(({ label, runs }) => {
      const wall = runs.map((run) => run.wallMs);
      return `| ${label} | ${seconds(median(wall))} s | ${seconds(Math.min(...wall))} s | ${cpu(runs)} |`;
    }),
    '',
    `The bin took **${seconds(bundled)} s** (${((bundled / modules) * 100).toFixed(0)}% of the wall time${cpuShare} of the modules one by one), of which the engine's own \`timingsMs.total\` median ${seconds(median(engineMs))} s. Load average ${os.loadavg()[0].toFixed(1)} at the end of these rounds.`,
    '',
  );
}

async function benchCorpus(lines: string[]): Promise<void> {
  const dir = path.dirname(corpusPath('public', DIGITAL_PAGE));
  const files = readdirSync(dir)
    .filter((name) => DOCUMENT.test(name))
    .sort()
    .map((name) => path.join(dir, name));
  const perFile: Run[] = [];
  for (const file of files) perFile.push(await docsift(['extract', file, '--json']));
  const batch = await docsift(['extract', dir, '--jsonl']);
  const perFileMs = perFile.reduce((sum, run) => sum + run.wallMs, 0);
  const batchLines = batch.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string; documentType?: string; error?: unknown });
  const sameTypes = files.every((file, index) => {
    const single = perFile[index].code === 0 ? (JSON.parse(perFile[index].stdout) as { documentType: string }).documentType : 'error';
    return batchLines[index]?.file === file && (batchLines[index].documentType ?? 'error') === single;
  });
  const rate = (ms: number) => (files.length / (ms / 1000)).toFixed(2);
  const cpu = (runs: Run[]) => (runs.every((run) => run.cpuMs !== null) ? `${seconds(runs.reduce((sum, run) => sum + (run.cpuMs as number), 0))} s` : 'n/a');
  lines.push(
    `**Public corpus, ${files.length} files** (PDF, PNG, JPEG; digital and scanned), one run each, one after the other:`,
    '',
    '| | wall time | files/s | CPU time |',
    '|---|---|---|---|',
    `| one \`docsift extract FILE --json\` process per file | ${seconds(perFileMs)} s | ${rate(perFileMs)} | ${cpu(perFile)} |`,
    `| one \`docsift extract DIR --jsonl\` process | ${seconds(batch.wallMs)} s | ${rate(batch.wallMs)} | ${cpu([batch])} |`,
    '',
    `Batch against one process per file: **${(perFileMs / batch.wallMs).toFixed(2)}×** the files per second. Same document type for every file both ways: ${sameTypes ? 'yes' : '**no**'}.`,
  );
}

async function main(): Promise<void> {
  if (!corpusAvailable) {
    process.stdout.write('bench:cli: ../shared/corpus is absent; nothing measured.\n');
    return;
  }
  if (!existsSync(cli) || !existsSync(bundle)) {
    process.stdout.write('bench:cli: host/dist/main/cli.js or extract-bundle.js is absent; run `npm run build` first.\n');
    process.exitCode = 1;
    return;
  }
  const lines = [
    `Measured by \`npm run bench:cli\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the start (shared machine: compare figures within one run).`,
    '',
  ];
  await benchOnePage(lines);
  await benchCorpus(lines);
  writeResultsSection('cli', 'Command line (`npm run bench:cli`)', lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
