import { DocsiftError } from '../contracts/errors.js';
import type { DocumentModel, FileFormat } from '../contracts/document.js';
import type { ProcessResult } from '../contracts/results.js';
import type { DocumentReader } from '../contracts/services.js';
import type { Pipeline, ProcessOptions } from '../pipeline/pipeline.js';
import { subDocument, type PacketPart, type PacketSplitter, type SplitStrategy } from './packet-splitter.js';

export interface PacketOptions extends Omit<ProcessOptions, 'template' | 'onProgress'> {
  /** How to find the documents (default `auto`). */
  splitStrategy?: SplitStrategy;
  /** `manual` only: `[[first, last], …]`, 1-based, ascending, not overlapping. */
  ranges?: ReadonlyArray<readonly [number, number]>;
  /** Extract at most this many parts (in page order); the rest are listed in `unextractedParts`. */
  maxDocuments?: number;
  /** Reading one page may take at most this long (ms); a slower page stops the call with `page_timeout`. */
  pageTimeoutMs?: number;
}

/** One document of a packet, with the same result `process` gives for it alone (page numbers stay the packet's). */
export interface PacketDocument extends PacketPart {
  result: ProcessResult;
}

export interface PacketResult {
  fileType: FileFormat;
  pageCount: number;
  documents: PacketDocument[];
  /** Parts found beyond `maxDocuments`: typed and located, not extracted. */
  unextractedParts: PacketPart[];
  timingsMs: { read: number; split: number; extract: number; total: number };
}

/** Reads a file once, splits it into documents (PacketSplitter) and processes each part as a document of its own. */
export class PacketProcessor {
  readonly #reader: DocumentReader;
  readonly #pipeline: Pipeline;
  readonly #splitter: PacketSplitter;

  constructor(deps: { documentReader: DocumentReader; pipeline: Pipeline; packetSplitter: PacketSplitter }) {
    this.#reader = deps.documentReader;
    this.#pipeline = deps.pipeline;
    this.#splitter = deps.packetSplitter;
  }

  async process(bytes: Uint8Array, options: PacketOptions = {}): Promise<PacketResult> {
    const maxDocuments = options.maxDocuments ?? Number.POSITIVE_INFINITY;
    if (!(maxDocuments >= 1) || (Number.isFinite(maxDocuments) && !Number.isInteger(maxDocuments))) {
      throw new DocsiftError('invalid_argument', 'maxDocuments must be a whole number of at least 1.');
    }
    const started = performance.now();
    const fileType = this.#reader.sniff(bytes);
    const document = await this.#read(bytes, options);
    const read = performance.now();
    const parts = await this.#splitter.split(document, this.#pipeline.entries(options), {
      strategy: options.splitStrategy,
      ranges: options.ranges,
      signal: options.signal,
    });
    const split = performance.now();
    const documents: PacketDocument[] = [];
    for (const part of parts.slice(0, maxDocuments)) {
      const result = await this.#pipeline.processDocument(subDocument(document, part.pages), fileType, { ...options, onPageCount: undefined });
      documents.push({ ...part, result });
    }
    const done = performance.now();
    return {
      fileType,
      pageCount: document.pageCount,
      documents,
      unextractedParts: parts.slice(documents.length),
      timingsMs: { read: round(read - started), split: round(split - read), extract: round(done - split), total: round(done - started) },
    };
  }

  /** Reads the file; with `pageTimeoutMs`, a page that takes longer stops the read. */
  async #read(bytes: Uint8Array, options: PacketOptions): Promise<DocumentModel> {
    const timeout = options.pageTimeoutMs;
    if (timeout === undefined) return this.#reader.read(bytes, { signal: options.signal, onPageCount: options.onPageCount });
    if (!(timeout > 0) || !Number.isFinite(timeout)) throw new DocsiftError('invalid_argument', 'pageTimeout must be a positive number of milliseconds.');
    const controller = new AbortController();
    const forward = () => controller.abort();
    options.signal?.addEventListener('abort', forward, { once: true });
    let pagesDone = 0;
    let pageCount = 0;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout);
    };
    try {
      arm();
      return await this.#reader.read(bytes, {
        signal: controller.signal,
        onPageCount: (count) => {
          pageCount = count;
          options.onPageCount?.(count);
        },
        onProgress: (fraction) => {
          pagesDone = Math.round(fraction * pageCount);
          arm();
        },
      });
    } catch (error) {
      if (timedOut) {
        throw new DocsiftError('page_timeout', `Reading page ${pagesDone + 1} took longer than the page timeout (${timeout} ms).`, { page: pagesDone + 1, pageTimeoutMs: timeout });
      }
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forward);
    }
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
