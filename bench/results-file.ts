import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

/** Replaces one bench's section of bench/RESULTS.md (between its markers), keeping the others. */
export function writeResultsSection(key: string, title: string, body: string): void {
  const start = `<!-- ${key}:start -->`;
  const end = `<!-- ${key}:end -->`;
  const section = `${start}\n## ${title}\n\n${body}\n${end}`;
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n\nWritten by `npm run bench`; each section by its own bench.\n';
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(RESULTS, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
}
