import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a folder given to `docsift extract` contributes: the files the engine reads, by extension. */
const DOCUMENT_EXTENSIONS = new Set(['.pdf', '.png', '.jpg', '.jpeg']);

async function documentsIn(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.'));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await documentsIn(full)));
    else if (DOCUMENT_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) files.push(full);
  }
  return files;
}

/**
 * The files to read, in a stable order: each argument in the order given; a folder is replaced by
 * the PDF, PNG and JPEG files under it (subfolders too, hidden entries skipped), sorted by name. A
 * file argument is kept whatever its name or state, so a missing or unreadable one gets its error
 * line instead of vanishing.
 */
export async function listDocuments(args: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) files.push(...((await isDirectory(arg)) ? await documentsIn(arg) : [arg]));
  return files;
}

/** False for a file, and for a path that cannot be read (its error comes when the file is read). */
export function isDirectory(file: string): Promise<boolean> {
  return stat(file).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/**
 * Runs `work` on up to `concurrency` items at once and hands each outcome to `emit` in the items'
 * order, as soon as it and all before it are done. `work` must not reject.
 */
export async function runInOrder<T>(items: readonly string[], concurrency: number, work: (item: string) => Promise<T>, emit: (item: string, outcome: T, index: number) => void): Promise<void> {
  const outcomes = new Map<number, T>();
  let next = 0;
  let emitted = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      outcomes.set(index, await work(items[index]));
      while (outcomes.has(emitted)) {
        const outcome = outcomes.get(emitted) as T;
        outcomes.delete(emitted);
        emit(items[emitted], outcome, emitted);
        emitted += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

export interface Progress {
  /** Shows `[done/total] file`, replacing the previous line. */
  update(done: number, total: number, file: string): void;
  /** Removes the line (before other output, and at the end). */
  clear(): void;
}

/** A one-line progress display on a terminal; nothing at all when the stream is a file or a pipe. */
export function progressOn(stream: NodeJS.WriteStream): Progress {
  let shown = false;
  return {
    update(done, total, file) {
      if (!stream.isTTY) return;
      const line = `[${done}/${total}] ${file}`;
      const width = stream.columns || 80;
      stream.write(`\r\x1b[K${line.length >= width ? `…${line.slice(line.length - width + 2)}` : line}`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
