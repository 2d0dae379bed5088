import type { AiProviderError, DocsiftOptions, EngineErrorCode, ProcessResult, RegistryEntry, Stage } from '@docsift/core';

/** Options of one call as they cross the thread boundary (dates as ISO strings). */
export interface EngineCallOptions {
  typeHint?: string;
  extraEntries?: RegistryEntry[];
  allowedTypes?: string[];
  engine?: 'local' | 'model';
  /** ISO 8601 instant to judge dates against. */
  now?: string;
}

/** The model settings that can cross into a worker thread (plain data: no chat model object, no functions). */
export type EngineAiOptions = Pick<NonNullable<DocsiftOptions['ai']>, 'baseUrl' | 'apiKey' | 'model' | 'maxTextChars' | 'timeoutMs' | 'maxRetries'>;

/** The engine settings each worker builds its docsift with. */
export interface EngineOptions {
  limits?: { maxPages?: number; maxPixels?: number };
  ocr?: { workers?: number };
  ai?: EngineAiOptions | null;
}

export interface EngineWorkerData {
  /** Module specifiers of the plugins each thread loads (the host's DOCSIFT_PLUGINS). */
  plugins: readonly string[];
  engineOptions: EngineOptions;
  logLevel: string;
}

export type ToWorker =
  | { type: 'process'; id: number; filePath: string; options: EngineCallOptions }
  /** Stop document `id` at the next page or stage boundary (it then answers with the error `aborted`). */
  | { type: 'abort'; id: number }
  | { type: 'close' };

/** An engine or AI provider error reduced to what is safe to pass on: code, message, details. */
export interface SerializedEngineError {
  code: EngineErrorCode | AiProviderError['code'] | 'internal_error';
  message: string;
  details: Record<string, unknown>;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'startup-failed'; message: string }
  | { type: 'progress'; id: number; progress: number; stage: Stage }
  | { type: 'pages'; id: number; pageCount: number }
  | { type: 'result'; id: number; result: ProcessResult }
  | { type: 'error'; id: number; error: SerializedEngineError };
