import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDocsiftError, type EngineErrorCode, type PageImage, type PageImageOptions } from '@docsift/core';
import type { Logger } from 'pino';
import type { FileType } from '../common/upload.js';
import { workerEntry } from './engine-pool.js';
import { onDemandThread } from './on-demand-thread.js';

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

/**
 * One worker thread, started on first use: rasterizing a page and encoding it takes 0.1 to 0.7 s,
 * which would stall the API's event loop. It is not the engine pool's: a page for the dashboard
 * should not wait behind documents being read.
 */
export function createPageRenderer({ logger }: { logger: Logger }): PageRenderer {
  const thread = onDemandThread<Omit<PageRenderRequest, 'id'>, PageRenderReply, PageImage>({
    entry: workerEntry(new URL(`./page-render-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url)),
    name: 'page render',
    logger,
    settle: (reply) => {
      if ('image' in reply) return { result: reply.image };
      if (reply.error.code === 'internal_error') return { error: new Error(`the page could not be rendered: ${reply.error.message}`) };
      return { error: new PageRenderError(reply.error.code, reply.error.message, reply.error.details) };
    },
  });
  return {
    render: (filePath, fileType, options) => thread.call({ filePath, fileType, options }),
    close: () => thread.close(),
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
