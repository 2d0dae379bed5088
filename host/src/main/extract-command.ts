import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createDocsift, isDocsiftError, type Docsift, type Logger, type PacketResult, type ProcessResult } from '@docsift/core';
import { createLogger } from '../common/logger.js';
import { loadExtractConfig } from '../config/config.js';
import { loadPlugins } from '../plugins/module-loader.js';
import { isDirectory, listDocuments, progressOn, runInOrder } from './extract-batch.js';

const USAGE = 'usage: docsift extract FILE… | DIR [--json | --jsonl] [--type-hint TYPE] [--split [--pages 1-2,3-5]]';

interface ExtractOptions {
  typeHint: string | undefined;
  split: boolean;
  ranges: Array<[number, number]> | undefined;
}

interface CommandLine extends ExtractOptions {
  files: string[];
  json: boolean;
  jsonl: boolean;
}

/** One file's outcome in a batch: its result, or the error that is its line. */
type Outcome = { result: ProcessResult | PacketResult } | { error: { code: string; message: string } };

/**
 * `docsift extract FILE [--json] [--type-hint TYPE] [--split [--pages RANGES]]`: runs the engine
 * in-process and prints the result; with `--split`, the documents found in the file (or in the
 * given page ranges) and each one's result. Several files, a folder or `--jsonl` make it a batch
 * (runBatch). Exit codes: 0 all read, 1 a file failed, 2 bad arguments.
 */
export async function runExtractCommand(args: string[]): Promise<number> {
  let command: CommandLine;
  try {
    command = parseCommandLine(args);
  } catch (error) {
    process.stderr.write(`docsift extract: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const batch = command.jsonl || command.files.length > 1 || (await isDirectory(command.files[0]));
  if (batch && command.json) {
    process.stderr.write(`docsift extract: --json prints one file's result; use --jsonl for several files or a folder\n${USAGE}\n`);
    return 2;
  }
  return batch ? runBatch(command) : runOne(command);
}

function parseCommandLine(args: string[]): CommandLine {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      jsonl: { type: 'boolean', default: false },
      'type-hint': { type: 'string' },
      split: { type: 'boolean', default: false },
      pages: { type: 'string' },
    },
  });
  if (values.pages !== undefined && !values.split) throw new Error('--pages goes with --split');
  if (values.json && values.jsonl) throw new Error('--json and --jsonl exclude each other');
  if (positionals.length === 0) throw new Error('no file given');
  return {
    files: positionals,
    json: values.json,
    jsonl: values.jsonl,
    typeHint: values['type-hint'],
    split: values.split,
    ranges: values.pages === undefined ? undefined : parsePageRanges(values.pages),
  };
}

/** One engine for the whole run: plugins load once, and the OCR pool is shared by every file. */
async function openEngine(): Promise<{ docsift: Docsift; logger: Logger; concurrency: number }> {
  const config = loadExtractConfig();
  const logger = createLogger({ name: 'docsift', level: 'warn' }, pino.destination(2)) as unknown as Logger;
  const docsift = createDocsift({
    plugins: await loadPlugins(config.plugins),
    logger,
    limits: { maxPages: config.maxPages, maxPixels: config.maxPixels },
    ocr: { workers: config.ocrWorkers },
  });
  return { docsift, logger, concurrency: config.ocrWorkers };
}

function extract(docsift: Docsift, bytes: Uint8Array, options: ExtractOptions): Promise<ProcessResult | PacketResult> {
  if (options.split) return docsift.processPacket(bytes, { typeHint: options.typeHint, splitStrategy: options.ranges ? 'manual' : 'auto', ranges: options.ranges });
  return docsift.process(bytes, { typeHint: options.typeHint });
}

/** The engine's error as a code and a message safe to show; anything else is logged and stays internal. */
function describeError(error: unknown, logger: Logger): { code: string; message: string } {
  if (isDocsiftError(error)) return { code: error.code, message: error.message };
  logger.error({ err: error }, 'extract failed');
  return { code: 'internal_error', message: 'internal error while processing the file' };
}

async function runOne(command: CommandLine): Promise<number> {
  const [file] = command.files;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    process.stderr.write(`docsift extract: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return 1;
  }
  const { docsift, logger } = await openEngine();
  try {
    const result = await extract(docsift, bytes, command);
    process.stdout.write(command.json ? `${JSON.stringify(resultView(result), null, 2)}\n` : humanResultView(file, result));
    return 0;
  } catch (error) {
    const { code, message } = describeError(error, logger);
    process.stderr.write(`docsift extract: ${code}: ${message}\n`);
    return 1;
  } finally {
    await docsift.close();
  }
}

/**
 * Several files in one process: as many in flight as there are OCR workers, printed in the order
 * listed (`--jsonl`: one JSON object per line with its `file`; a file that fails is a line with
 * `error: {code, message}`, and the run goes on). Progress goes to stderr on a terminal. Exit code
 * 1 when any file failed.
 */
async function runBatch(command: CommandLine): Promise<number> {
  let files: string[];
  try {
    files = await listDocuments(command.files);
  } catch (error) {
    process.stderr.write(`docsift extract: cannot list the files: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return 1;
  }
  if (files.length === 0) {
    process.stderr.write(`docsift extract: no PDF, PNG or JPEG file in ${command.files.join(', ')}\n`);
    return 1;
  }
  const { docsift, logger, concurrency } = await openEngine();
  const progress = progressOn(process.stderr);
  let failed = 0;
  const work = async (file: string): Promise<Outcome> => {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      return { error: { code: 'file_not_readable', message: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})` } };
    }
    try {
      return { result: await extract(docsift, bytes, command) };
    } catch (error) {
      return { error: describeError(error, logger) };
    }
  };
  const emit = (file: string, outcome: Outcome, index: number): void => {
    progress.clear();
    if ('error' in outcome) failed += 1;
    if (command.jsonl) process.stdout.write(`${JSON.stringify({ file, ...('error' in outcome ? { error: outcome.error } : resultView(outcome.result)) })}\n`);
    else if ('error' in outcome) process.stderr.write(`docsift extract: ${file}: ${outcome.error.code}: ${outcome.error.message}\n`);
    else process.stdout.write(humanResultView(file, outcome.result));
    progress.update(index + 1, files.length, file);
  };
  try {
    await runInOrder(files, concurrency, work, emit);
  } finally {
    progress.clear();
    await docsift.close();
  }
  return failed > 0 ? 1 : 0;
}

function isPacket(result: ProcessResult | PacketResult): result is PacketResult {
  return 'documents' in result;
}

function resultView(result: ProcessResult | PacketResult) {
  return isPacket(result) ? packetView(result) : jobRecordView(result);
}

function humanResultView(file: string, result: ProcessResult | PacketResult): string {
  return isPacket(result) ? packetHumanView(file, result) : humanView(file, result);
}

/** The job record's names, so scripts written against the API read CLI output the same way. */
function jobRecordView(result: ProcessResult) {
  return {
    documentType: result.documentType,
    classificationConfidence: result.classificationConfidence,
    alternativeTypes: result.alternativeTypes,
    extractedData: result.extractedData,
    fieldDetails: result.fieldDetails,
    fileType: result.fileType,
    pageCount: result.pageCount,
    findings: result.findings,
    timingsMs: result.timingsMs,
  };
}

/** `1-2,3,4-6` → [[1,2],[3,3],[4,6]]; the engine checks the ranges against the file. */
function parsePageRanges(text: string): Array<[number, number]> {
  return text.split(',').map((range) => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(range);
    if (!match) throw new Error(`--pages: "${range}" is not a page or a range like 2-4`);
    return [Number(match[1]), Number(match[2] ?? match[1])];
  });
}

function packetView(packet: PacketResult) {
  return {
    fileType: packet.fileType,
    pageCount: packet.pageCount,
    documents: packet.documents.map(({ result, ...part }) => ({ ...part, ...jobRecordView(result) })),
    unextractedParts: packet.unextractedParts,
    timingsMs: packet.timingsMs,
  };
}

function packetHumanView(file: string, packet: PacketResult): string {
  const parts = packet.documents.map((document) => {
    const pages = document.pages[0] === document.pages[1] ? `page ${document.pages[0]}` : `pages ${document.pages[0]}-${document.pages[1]}`;
    return `--- ${pages}: split confidence ${document.confidence.toFixed(2)}, starts by ${document.boundary.replace('_', ' ')}\n${humanView(file, document.result, pages)}`;
  });
  return `${file}: ${packet.documents.length} document(s) in ${packet.pageCount} page(s), ${packet.fileType}, ${packet.timingsMs.total} ms\n${parts.join('')}`;
}

function humanView(file: string, result: ProcessResult, pages?: string): string {
  const lines = [
    `${pages ?? file}: ${result.documentType} (confidence ${result.classificationConfidence.toFixed(2)}), ${result.pageCount} page(s), ${result.fileType}`,
  ];
  for (const alternative of result.alternativeTypes) {
    lines.push(`  also possible: ${alternative.typeCode} (${alternative.confidence.toFixed(2)})`);
  }
  if (result.extractedData) lines.push(JSON.stringify(result.extractedData, null, 2));
  for (const finding of result.findings) {
    lines.push(`  ${finding.severity}: ${finding.code}: ${finding.message}`);
  }
  lines.push(`  time: ${result.timingsMs.total} ms`);
  return `${lines.join('\n')}\n`;
}
