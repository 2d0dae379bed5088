import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared/corpus` beside the repository; tests that need it skip with a notice when it is absent. */
export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');

export const corpusAvailable = existsSync(path.join(CORPUS_DIR, 'public', 'answers.json'));

let noticeShown = false;

/** Call in a `before` hook: skips the suite (with a visible notice) when the corpus is absent. */
export function requireCorpus(context: Mocha.Context): void {
  if (corpusAvailable) return;
  if (!noticeShown) {
    process.stdout.write(`  NOTICE: ${CORPUS_DIR} is absent; corpus-based tests are skipped.\n`);
    noticeShown = true;
  }
  context.skip();
}

export function corpusPath(set: 'public' | 'synthetic', file: string): string {
  return path.join(CORPUS_DIR, set, file);
}

export function readCorpusFile(set: 'public' | 'synthetic', file: string): Uint8Array {
  return new Uint8Array(readFileSync(corpusPath(set, file)));
}

export interface CorpusAnswer {
  file: string;
  set: 'public' | 'synthetic';
  documentType: string | null;
  pages: number;
  variant?: string;
  extractedData?: Record<string, unknown>;
  legacyData?: Record<string, unknown>;
  acceptableAlternatives?: Record<string, unknown[]>;
  multiDocument?: boolean;
  documents?: Array<{ documentType: string; pages: [number, number]; extractedData?: Record<string, unknown> }>;
}

/** Both answer keys, normalised to one list. */
export function corpusAnswers(): CorpusAnswer[] {
  const pub = JSON.parse(readFileSync(path.join(CORPUS_DIR, 'public', 'answers.json'), 'utf8')) as { documents: CorpusAnswer[] };
  const syn = JSON.parse(readFileSync(path.join(CORPUS_DIR, 'synthetic', 'answers.json'), 'utf8')) as { files: CorpusAnswer[] };
  return [
    ...pub.documents.map((answer) => ({ ...answer, set: 'public' as const })),
    ...syn.files.map((answer) => ({ ...answer, set: 'synthetic' as const })),
  ];
}
