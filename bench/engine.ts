import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDocsift, type Docsift, type DocumentModel } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { BUNDLED_PLUGINS } from '../host/src/config/config.js';
import { loadPlugins } from '../host/src/plugins/module-loader.js';
import { corpusAvailable, corpusPath } from '../test/support/corpus.js';
import { writeResultsSection } from './results-file.js';

// `npm run bench:engine`: per-page engine time on digital and scanned pages, OCR throughput and
// memory, side by side with poppler's pdftotext and the native tesseract command when installed.
const run = promisify(execFile);
const workDir = path.join(os.tmpdir(), 'docsift-bench');
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const DIGITAL_ITERATIONS = 30;
const SCAN_ITERATIONS = 3;

const DIGITAL_PAGES: Array<['public' | 'synthetic', string]> = [
  ['public', 'acord25_xstream_cleaning_2025-01-07.pdf'],
  ['synthetic', 'acord25_flattened_a.pdf'],
  ['synthetic', 'sor_f1_digital_b.pdf'],
  ['public', 'invoice_aws.pdf'],
];
const SCAN_SOURCES: Array<['public' | 'synthetic', string]> = [
  ['synthetic', 'sor_f1_digital_b.pdf'],
  ['synthetic', 'acord25_flattened_a.pdf'],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => value.toFixed(1);

async function hasCommand(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

async function timeCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  const { stdout } = await run(command, args, { env, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - started, stdout };
}

function tokens(text: string): string[] {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}%]+$/gu, '').toLowerCase())
    .filter(Boolean);
}

/** Share of the truth's tokens found in the output (multiset recall). */
function wordRecall(truth: string[], output: string[]): number {
  const bag = new Map<string, number>();
  for (const token of output) bag.set(token, (bag.get(token) ?? 0) + 1);
  let found = 0;
  for (const token of truth) {
    const count = bag.get(token) ?? 0;
    if (count > 0) {
      found++;
      bag.set(token, count - 1);
    }
  }
  return truth.length ? found / truth.length : 1;
}

const documentWords = (document: DocumentModel) => document.pages.flatMap((page) => page.words.map((word) => word.text)).join(' ');

async function benchDigital(docsift: Docsift, lines: string[]): Promise<void> {
  const poppler = await hasCommand('pdftotext');
  lines.push('### Digital pages (in-process, warm, all stages)', '');
  lines.push(`${DIGITAL_ITERATIONS} runs per file after one warm-up. pdftotext -bbox-layout is a separate process per run (its time includes process start).`, '');
  lines.push('| file | docsift p50 ms | docsift p95 ms | pdftotext p50 ms | ratio |', '|---|---|---|---|---|');
  const all: number[] = [];
  for (const [set, file] of DIGITAL_PAGES) {
    const bytes = new Uint8Array(readFileSync(corpusPath(set, file)));
    await docsift.process(bytes);
    const times: number[] = [];
    for (let index = 0; index < DIGITAL_ITERATIONS; index++) {
      const started = performance.now();
      const result = await docsift.process(bytes);
      times.push((performance.now() - started) / result.pageCount);
    }
    all.push(...times);
    let reference = '-';
    let ratio = '-';
    if (poppler) {
      const runs: number[] = [];
      for (let index = 0; index < 10; index++) runs.push((await timeCommand('pdftotext', ['-bbox-layout', corpusPath(set, file), '-'])).ms);
      reference = ms(percentile(runs, 50));
      ratio = (percentile(times, 50) / percentile(runs, 50)).toFixed(2);
    }
    lines.push(`| ${file} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${reference} | ${ratio} |`);
  }
  lines.push('', `All digital pages: p50 **${ms(percentile(all, 50))} ms**, p95 **${ms(percentile(all, 95))} ms** per page (target: p50 ≤ 50 ms).`);
  if (!poppler) lines.push('', 'NOTICE: pdftotext is not installed (apt poppler-utils); the reference column is empty.');
}

/** Makes the scanned page in a child process (bench/scan-fixture.ts), outside the memory measured here. */
async function makeScan(file: string, set: 'public' | 'synthetic', target: string): Promise<void> {
  await run(process.execPath, [...process.execArgv, path.join(benchDir, 'scan-fixture.ts'), set, file, target]);
}

async function benchScans(docsift: Docsift, lines: string[]): Promise<void> {
  const tesseract = await hasCommand('tesseract');
  mkdirSync(workDir, { recursive: true });
  lines.push('', '### Scanned pages (300 dpi JPEG, 1.2° skew)', '');
  lines.push(`Each page is a digital corpus page rendered at 300 dpi, tilted and JPEG-compressed, so its text layer is the ground truth. ${SCAN_ITERATIONS} runs each after one warm-up; docsift runs all stages (orientation, deskew, OCR in worker threads at its OCR resolution of 240 dpi, classify, extract) with tesseract's fast English model; native tesseract 5 runs as \`OMP_THREAD_LIMIT=1 tesseract page.jpg - tsv\` with the same model, one process, on the 300-dpi file.`, '');
  lines.push('| page | docsift s | docsift word recall | tesseract s | tesseract word recall | time ratio |', '|---|---|---|---|---|---|');
  const scans: Uint8Array[] = [];
  for (const [set, file] of SCAN_SOURCES) {
    const target = path.join(workDir, `${file}.jpg`);
    await makeScan(file, set, target);
    const truth = tokens(documentWords(await docsift.read(new Uint8Array(readFileSync(corpusPath(set, file))))));
    const bytes = new Uint8Array(readFileSync(target));
    scans.push(bytes);
    await docsift.process(bytes);
    const times: number[] = [];
    let recall = 0;
    for (let index = 0; index < SCAN_ITERATIONS; index++) {
      const started = performance.now();
      await docsift.process(bytes);
      times.push((performance.now() - started) / 1000);
    }
    recall = wordRecall(truth, tokens(documentWords(await docsift.read(bytes))));
    let native = '-';
    let nativeRecall = '-';
    let ratio = '-';
    if (tesseract) {
      const runs: number[] = [];
      let stdout = '';
      for (let index = 0; index < SCAN_ITERATIONS; index++) {
        const result = await timeCommand('tesseract', [target, '-', 'tsv'], { ...process.env, OMP_THREAD_LIMIT: '1' });
        runs.push(result.ms / 1000);
        stdout = result.stdout;
      }
      const words = stdout.split('\n').slice(1).map((row) => row.split('\t')[11] ?? '').join(' ');
      native = percentile(runs, 50).toFixed(2);
      nativeRecall = `${(wordRecall(truth, tokens(words)) * 100).toFixed(1)}%`;
      ratio = (percentile(times, 50) / percentile(runs, 50)).toFixed(2);
    }
    lines.push(`| ${file} | ${percentile(times, 50).toFixed(2)} | ${(recall * 100).toFixed(1)}% | ${native} | ${nativeRecall} | ${ratio} |`);
  }
  if (!tesseract) lines.push('', 'NOTICE: the tesseract command is not installed (apt tesseract-ocr); the reference columns are empty.');
  const batch = [...scans, ...scans];
  const started = performance.now();
  await Promise.all(batch.map((bytes) => docsift.process(bytes)));
  const seconds = (performance.now() - started) / 1000;
  lines.push('', `Throughput with the worker pool (2 OCR workers, ${batch.length} scanned pages submitted at once): **${(batch.length / seconds).toFixed(2)} pages/s** (${(seconds / batch.length).toFixed(2)} s/page).`);
}

async function main(): Promise<void> {
  if (!corpusAvailable) {
    process.stdout.write('bench:engine: ../shared/corpus is absent; nothing measured.\n');
    return;
  }
  const docsift = createDocsift({ plugins: await loadPlugins(BUNDLED_PLUGINS), logger: silentLogger, ocr: { workers: 2 } });
  const lines: string[] = [
    `Measured by \`npm run bench:engine\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs (shared machine: compare ratios within one run).`,
    '',
  ];
  try {
    await benchDigital(docsift, lines);
    await benchScans(docsift, lines);
  } finally {
    await docsift.close();
  }
  lines.push(
    '',
    `Peak memory of the bench process (engine, 2 OCR worker threads): **${Math.round(process.resourceUsage().maxRSS / 1024)} MB** RSS (target ≤ 500 MB). The scanned pages are made in a child process (bench/scan-fixture.ts), so the figure leaves out their 300-dpi render and JPEG encoding, which is not engine work (until 2026-11-21 the figure included them: with the same engine, 519 MB with the fixtures made in the bench process, 448 MB without).`,
  );
  writeResultsSection('engine', 'Engine', lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
