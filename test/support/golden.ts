import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessResult } from '@docsift/core';

export const GOLDEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../golden');

/** Corpus files whose engine output is pinned; regenerate with `npm run golden` after an intended change. */
export const GOLDEN_FILES: Array<{ set: 'public' | 'synthetic'; file: string }> = [
  { set: 'public', file: 'acord25_xstream_cleaning_2025-01-07.pdf' },
  { set: 'public', file: 'invoice_aws.pdf' },
  { set: 'synthetic', file: 'acord25_fillable_a.pdf' },
  { set: 'synthetic', file: 'sor_f1_digital_b.pdf' },
  { set: 'synthetic', file: 'sor_f2_digital_a.pdf' },
];

/** The engine output a golden file pins: everything but timings, with numbers rounded so float noise does not matter. */
export function goldenView(result: ProcessResult): unknown {
  const { timingsMs: _timings, ...stable } = result;
  return JSON.parse(JSON.stringify(stable, (_key, value) => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value)));
}

export const GOLDEN_NOW = new Date('2026-11-21T00:00:00Z');
