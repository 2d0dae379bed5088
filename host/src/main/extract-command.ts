import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createDocsift, isDocsiftError, type Logger, type ProcessResult } from '@docsift/core';
import { loadConfig } from '../config/config.js';
import { loadPlugins } from '../plugins/module-loader.js';

const USAGE = 'usage: docsift extract FILE [--json] [--type-hint TYPE]';

/** `docsift extract FILE [--json] [--type-hint TYPE]`: runs the engine in-process and prints the result. */
export async function runExtractCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, 'type-hint': { type: 'string' } },
    });
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
  const logger = pino({ name: 'docsift', level: 'warn' }, pino.destination(2)) as unknown as Logger;
  const docsift = createDocsift({ plugins: await loadPlugins(loadConfig().plugins), logger });
  try {
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

function humanView(file: string, result: ProcessResult): string {
  const lines = [
    `${file}: ${result.documentType} (confidence ${result.classificationConfidence.toFixed(2)}), ${result.pageCount} page(s), ${result.fileType}`,
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
