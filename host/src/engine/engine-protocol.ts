import type {
  AiProviderError,
  DocsiftOptions,
  DocumentModel,
  EngineErrorCode,
  FieldSpec,
  LearnedLayout,
  PacketResult,
  ProcessResult,
  RegistryEntry,
  SplitStrategy,
  Stage,
  ValueLocations,
} from '@docsift/core';

/** Options of one call as they cross the thread boundary (dates as ISO strings). */
export interface EngineCallOptions {
  typeHint?: string;
  extraEntries?: RegistryEntry[];
  allowedTypes?: string[];
  engine?: 'local' | 'model';
  /** ISO 8601 instant to judge dates against. */
  now?: string;
  /** Extraction by template (core's `template` option): these fields, no type's extractor. */
  template?: { fields: FieldSpec[] };
  /** Extraction by template: layouts learned from corrected documents of the template (core's `learnedLayouts`). */
  learnedLayouts?: LearnedLayout[];
}

/** Options of one packet call (core's `processPacket`): how to split, and the per-part options of `process`. */
export interface EnginePacketOptions extends Omit<EngineCallOptions, 'template' | 'learnedLayouts'> {
  splitStrategy?: SplitStrategy;
  /** `manual` only: `[[first, last], …]`, 1-based. */
  ranges?: Array<[number, number]>;
  maxDocuments?: number;
  pageTimeoutMs?: number;
}

/** A user's corrected values of a document already read: where each is printed, and the layout they teach (the template extractor's `locate` and `learn`). */
export interface EngineLearnRequest {
  document: DocumentModel;
  fields: FieldSpec[];
  values: Record<string, unknown>;
}

/** `layout` is null when the document has no words to learn from, or the template extractor cannot learn. */
export interface EngineLearnResult {
  locations: ValueLocations;
  layout: LearnedLayout | null;
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
  /** A file that may hold several documents: split, then each part processed (core's `processPacket`). */
  | { type: 'packet'; id: number; filePath: string; options: EnginePacketOptions }
  /** Locates a document's corrected values and learns its layout from them (no file: the document as read). */
  | { type: 'learn'; id: number; request: EngineLearnRequest }
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
  | { type: 'packet-result'; id: number; result: PacketResult }
  | { type: 'learn-result'; id: number; result: EngineLearnResult }
  | { type: 'error'; id: number; error: SerializedEngineError };
