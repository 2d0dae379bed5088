import fs from 'node:fs';
import type { ProcessResult } from '@docsift/core';
import type { EnginePool } from '../../../host/src/engine/index.js';

export interface FakeEngineCall {
  filePath: string;
  bytes: number;
  options: Record<string, unknown>;
}

/**
 * Stands in for the engine's worker threads (the process edge): records each call, reports
 * progress through the stages and answers with `outcome` (a result, or an error to throw).
 */
export function fakeEngine(outcome: () => ProcessResult | Error | Promise<ProcessResult | Error>): EnginePool & { calls: FakeEngineCall[] } {
  const calls: FakeEngineCall[] = [];
  return {
    calls,
    async process(filePath, options = {}, onProgress) {
      calls.push({ filePath, bytes: fs.statSync(filePath).size, options: options as Record<string, unknown> });
      for (const [progress, stage] of [[5, 'ingest'], [40, 'read'], [70, 'read'], [80, 'classify'], [95, 'extract']] as const) {
        onProgress?.(progress, stage);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const value = await outcome();
      if (value instanceof Error) throw value;
      return value;
    },
    processPacket: () => Promise.reject(new Error('this fake engine processes single documents only')),
    learn: () => Promise.reject(new Error('this fake engine processes single documents only')),
    close: async () => undefined,
  };
}

export function resultOf(documentType: string, extractedData: Record<string, unknown> | null): ProcessResult {
  return {
    fileType: 'pdf',
    pageCount: 1,
    documentType,
    classificationConfidence: 0.93,
    alternativeTypes: [{ typeCode: 'sor', displayName: 'Statement of repair', confidence: 0.04 }],
    extractedData,
    fieldDetails: { certificateNumber: { confidence: 0.99, page: 1, bbox: [0.1, 0.1, 0.2, 0.12], source: 'text' } },
    findings: [],
    timingsMs: { ingest: 1, read: 2, classify: 3, extract: 4, validate: 1, total: 11 },
    pageSources: ['text'],
  };
}

/** A small PDF-looking file (the engine is faked; the host only sniffs the header). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function form(parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value.bytes], { type: value.type ?? 'application/pdf' }), value.name);
  }
  return data;
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
