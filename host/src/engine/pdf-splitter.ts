import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { FileType } from '../common/upload.js';
import { workerEntry } from './engine-pool.js';

export interface PdfSplitRequest {
  id: number;
  bytes: Uint8Array;
  fileType: FileType;
  pages: [number, number];
}

export type PdfSplitReply = { id: number; pdf: Uint8Array | null } | { id: number; error: string };

/** Pages of a stored file as a PDF of their own (split-pdf.ts), built on a thread of its own. */
export interface PdfSplitter {
  /** Null when the pages are not in the file. */
  split(bytes: Uint8Array, fileType: FileType, pages: [number, number]): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

interface Pending {
  resolve(pdf: Uint8Array | null): void;
  reject(error: Error): void;
}

/**
 * One worker thread, started on first use: pdf-lib parses a whole file to copy pages out of it
 * (seconds for a large one), which would stall the API's event loop. Requests are answered in
 * order; a thread that dies fails the requests it held and is replaced on the next one.
 */
export function createPdfSplitter({ logger }: { logger: Logger }): PdfSplitter {
  const entry = workerEntry(new URL(`./pdf-split-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 1;

  const start = (): Worker => {
    const started = new Worker(entry);
    started.unref();
    started.on('message', (reply: PdfSplitReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if ('error' in reply) waiting.reject(new Error(`the split PDF could not be made: ${reply.error}`));
      else waiting.resolve(reply.pdf);
    });
    started.on('error', (error) => logger.error({ err: error }, 'the PDF split thread failed'));
    started.on('exit', () => {
      if (worker === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error('the PDF split thread stopped'));
      pending.clear();
    });
    return started;
  };

  return {
    split(bytes, fileType, pages) {
      worker ??= start();
      const id = nextId++;
      const request: PdfSplitRequest = { id, bytes, fileType, pages };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage(request);
      });
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
