import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createDocsift, isDocsiftError, type Logger, type PacketResult, type ProcessResult } from '@docsift/core';
import { createLogger } from '../common/logger.js';
import { loadConfig } from '../config/config.js';
import { loadPlugins } from '../plugins/module-loader.js';

const USAGE = 'usage: docsift extract FILE [--json] [--type-hint TYPE] [--split [--pages 1-2,3-5]]';

/**
 * `docsift extract FILE [--json] [--type-hint TYPE] [--split [--pages RANGES]]`: runs the engine
 * in-process and prints the result; with `--split`, the documents found in the file (or in the
 * given page ranges) and each one's result.
 */
export async function runExtractCommand(args: string[]): Promise<number> {
  let parsed;
  let ranges: Array<[number, number]> | undefined;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, 'type-hint': { type: 'string' }, split: { type: 'boolean', default: false }, pages: { type: 'string' } },
    });
    if (parsed.values.pages !== undefined && !parsed.values.split) throw new Error('--pages goes with --split');
    ranges = parsed.values.pages === undefined ? undefined : parsePageRanges(parsed.values.pages);
  } catch (error) {
    process.stderr.write(`docsift extract: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [file] = parsed.positionals;
  if (!file || parsed.positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    process.stderr.write(`docsift extract: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`);
    return 1;
  }
  const logger = createLogger({ name: 'docsift', level: 'warn' }, pino.destination(2)) as unknown as Logger;
  const docsift = createDocsift({ plugins: await loadPlugins(loadConfig().plugins), logger });
  try {
    if (parsed.values.split) {
      const packet = await docsift.processPacket(bytes, { typeHint: parsed.values['type-hint'], splitStrategy: ranges ? 'manual' : 'auto', ranges });
      process.stdout.write(parsed.values.json ? `${JSON.stringify(packetView(packet), null, 2)}\n` : packetHumanView(file, packet));
      return 0;
    }
    const result = await docsift.process(bytes, { typeHint: parsed.values['type-hint'] });
    process.stdout.write(parsed.values.json ? `${JSON.stringify(jobRecordView(result), null, 2)}\n` : humanView(file, result));
    return 0;
  } catch (error) {
    const message = isDocsiftError(error) ? `${error.code}: ${error.message}` : 'internal error while processing the file';
    if (!isDocsiftError(error)) logger.error({ err: error }, 'extract failed');
    process.stderr.write(`docsift extract: ${message}\n`);
    return 1;
  } finally {
    await docsift.close();
  }
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
