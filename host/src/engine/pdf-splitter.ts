import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { FileType } from '../common/upload.js';
import { workerEntry } from './engine-pool.js';
import { onDemandThread } from './on-demand-thread.js';

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

/**
 * One worker thread, started on first use: pdf-lib parses a whole file to copy pages out of it
 * (seconds for a large one), which would stall the API's event loop.
 */
export function createPdfSplitter({ logger }: { logger: Logger }): PdfSplitter {
  const thread = onDemandThread<Omit<PdfSplitRequest, 'id'>, PdfSplitReply, Uint8Array | null>({
    entry: workerEntry(new URL(`./pdf-split-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url)),
    name: 'PDF split',
    logger,
    settle: (reply) => ('error' in reply ? { error: new Error(`the split PDF could not be made: ${reply.error}`) } : { result: reply.pdf }),
  });
  return {
    split: (bytes, fileType, pages) => thread.call({ bytes, fileType, pages }),
    close: () => thread.close(),
  };
}
