import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isDocsiftError, type EngineErrorCode, type PageImage, type PageImageOptions } from '@docsift/core';
import type { Logger } from 'pino';
import type { FileType } from '../common/upload.js';
import { workerEntry } from './engine-pool.js';

export interface PageRenderRequest {
  id: number;
  filePath: string;
  fileType: FileType;
  options: PageImageOptions;
}

/** `file_missing`: the stored file is not there (deleted or purged); the other codes are the engine's. */
export type PageRenderErrorCode = EngineErrorCode | 'file_missing';

export type PageRenderReply =
  | { id: number; image: PageImage }
  | { id: number; error: { code: PageRenderErrorCode | 'internal_error'; message: string; details: Record<string, unknown> } };

/** A page that could not be rendered: the engine's code, or `file_missing`. */
export class PageRenderError extends Error {
  override readonly name = 'PageRenderError';
  constructor(
    readonly code: PageRenderErrorCode,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A stored file's page as an image (core's renderPageImage), on a thread of its own. */
export interface PageRenderer {
  render(filePath: string, fileType: FileType, options: PageImageOptions): Promise<PageImage>;
  close(): Promise<void>;
}

interface Pending {
  resolve(image: PageImage): void;
  reject(error: Error): void;
}

/**
 * One worker thread, started on first use: rasterizing a page and encoding it takes 0.1 to 0.7 s,
 * which would stall the API's event loop. It is not the engine pool's: a page for the dashboard
 * should not wait behind documents being read. Requests are answered in order; a thread that dies
 * fails the requests it held and is replaced on the next one.
 */
export function createPageRenderer({ logger }: { logger: Logger }): PageRenderer {
  const entry = workerEntry(new URL(`./page-render-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let nextId = 1;

  const start = (): Worker => {
    const started = new Worker(entry);
    started.unref();
    started.on('message', (reply: PageRenderReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if ('image' in reply) waiting.resolve(reply.image);
      else if (reply.error.code === 'internal_error') waiting.reject(new Error(`the page could not be rendered: ${reply.error.message}`));
      else waiting.reject(new PageRenderError(reply.error.code, reply.error.message, reply.error.details));
    });
    started.on('error', (error) => logger.error({ err: error }, 'the page render thread failed'));
    started.on('exit', () => {
      if (worker === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error('the page render thread stopped'));
      pending.clear();
    });
    return started;
  };

  return {
    render(filePath, fileType, options) {
      worker ??= start();
      const id = nextId++;
      const request: PageRenderRequest = { id, filePath, fileType, options };
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

export function isPageRenderError(error: unknown): error is PageRenderError {
  return error instanceof PageRenderError;
}

/** The reply to a request whose rendering threw: engine errors keep their code, a missing file is `file_missing`. */
export function renderFailure(id: number, error: unknown): PageRenderReply {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { id, error: { code: 'file_missing', message: 'The stored file is gone.', details: {} } };
  if (isDocsiftError(error)) return { id, error: { code: error.code, message: error.message, details: error.details } };
  return { id, error: { code: 'internal_error', message: error instanceof Error ? error.message : String(error), details: {} } };
}
