import type { DocumentModel, FileFormat } from './document.js';
import type { RegistryEntry } from './registry.js';
import type { Classification, ExtractionResult, Finding } from './results.js';

/** Decides the type of a document among registry entries. The local engine and the LLM provider implement it. */
export interface Classifier {
  readonly name: string;
  classify(document: DocumentModel, entries: RegistryEntry[], options?: { signal?: AbortSignal }): Promise<Classification>;
}

/** An extractor that can serve any registry type (the LLM provider implements it). */
export interface GenericExtractor {
  readonly name: string;
  extract(
    document: DocumentModel,
    entry: RegistryEntry,
    options?: { signal?: AbortSignal },
  ): Promise<ExtractionResult<Record<string, unknown>>>;
}

/** A local extraction with some values filled by an assistant, and what the caller should know about it. */
export interface AssistedExtraction {
  extraction: ExtractionResult<Record<string, unknown>>;
  /** For example that assistance could not be applied. */
  findings: Finding[];
}

/**
 * Fills the values a local extractor left empty or unsure, keeping only answers it can find printed
 * on the page (the LLM provider implements it). Values read with confidence are never replaced.
 */
export interface ExtractionAssistant {
  readonly name: string;
  assist(
    document: DocumentModel,
    entry: RegistryEntry,
    local: ExtractionResult<Record<string, unknown>>,
    options: { unsureBelow: number; signal?: AbortSignal },
  ): Promise<AssistedExtraction>;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as pages are read. */
  onProgress?: (fraction: number) => void;
  /** Called once the page count is known, before any page is read (a host sizes a deadline by it). */
  onPageCount?: (pageCount: number) => void;
}

/** Turns file bytes into the document model (sniffing, limits, text layer, forms, OCR). */
export interface DocumentReader {
  sniff(bytes: Uint8Array): FileFormat;
  read(bytes: Uint8Array, options?: ReadOptions): Promise<DocumentModel>;
  close(): Promise<void>;
}

/**
 * Shapes a webhook payload for a receiver (default, flat and custom formats, or an integrator's
 * own). Resolved by format from the mapper registry (`KEYS.mappers`).
 */
export interface Mapper {
  readonly format: string;
  /** Returns the body object to send. Throw `MappingError` (from `@docsift/core`) for a safe message. */
  map(payload: Record<string, unknown>, options: MapperOptions): Promise<Record<string, unknown>>;
  /** Checks a mapping when it is saved, without a payload. Throw `MappingError` `invalid_mapping`. */
  validate?(options: MapperOptions): Promise<void>;
}

export interface MapperOptions {
  /** Source name (a path such as `data.loanNumber`) to target name. */
  fields?: Record<string, string>;
  /** Function body of a custom transform; receives `data` and returns the output object. */
  transform?: string;
  /**
   * Whom the payload belongs to (the host passes the organization id): `custom` transforms of
   * different tenants take turns in the sandbox, so one tenant's slow transforms cannot hold up
   * another's.
   */
  tenant?: string;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent (HMAC signatures cover these). */
  body: string;
  /** Receiver time limit; the transport's default (30 s for HTTP) when absent. */
  timeoutMs?: number;
}

/** The outcome of one attempt. Transports report failures here rather than throwing. */
export interface WebhookResponse {
  /** The receiver's HTTP status, or null when none arrived (refused, timed out, network error). */
  statusCode: number | null;
  durationMs: number;
  /** Null on success (any 2xx); otherwise a message safe to record on the delivery. */
  error: string | null;
  /**
   * False when trying again cannot help: the transport refused the target itself (a scheme or an
   * address the SSRF policy refuses). The host then fails the delivery at once. Absent: retryable.
   */
  retryable?: boolean;
}

/**
 * Sends one webhook attempt. HTTP (got) by default; an integrator may register another. An
 * attempt succeeded when `error` is null; failures are returned, never thrown.
 */
export interface WebhookTransport {
  readonly name: string;
  send(request: WebhookRequest): Promise<WebhookResponse>;
}
