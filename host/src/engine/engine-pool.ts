import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AiProviderError, DocsiftError, type PacketResult, type ProcessResult, type Stage } from '@docsift/core';
import type { Logger } from 'pino';
import { EnginePoolError } from './engine-errors.js';
import type {
  EngineCallOptions,
  EngineLearnRequest,
  EngineLearnResult,
  EngineOptions,
  EnginePacketOptions,
  EngineWorkerData,
  FromWorker,
  SerializedEngineError,
  ToWorker,
} from './engine-protocol.js';

export interface EnginePoolOptions {
  /** Worker threads, each with its own engine (and its own OCR workers). */
  size: number;
  /** Module specifiers of the plugins each thread loads (docs/plugins.md). */
  plugins: readonly string[];
  engineOptions: EngineOptions;
  logger: Logger;
  /** A document taking longer than this stops its thread (a fresh one replaces it). Default: no limit. */
  callTimeoutMs?: number;
  /**
   * After a call's signal aborts, how long its thread has to stop at a page or stage boundary
   * before it is terminated and replaced (default 5000 ms).
   */
  stopGraceMs?: number;
  /** V8 heap limits of each thread; past them the thread stops and its document fails (docs/operations.md). */
  resourceLimits?: ResourceLimits;
  /** The worker entry; defaults to engine-worker next to this module (.ts under tsx, .js built). */
  workerFile?: URL;
}

export type ProgressListener = (progress: number, stage: Stage) => void;

/** What a caller can do to a call in flight: stop it, and learn the page count as soon as it is known. */
export interface EngineCallControl {
  /**
   * Aborting rejects the call at once with the signal's reason; the thread stops at its next page
   * or stage boundary, or is terminated and replaced after `stopGraceMs`.
   */
  signal?: AbortSignal;
  /** Called when a thread takes the document (after any wait for a free thread). */
  onStart?: () => void;
  onPageCount?: (pageCount: number) => void;
}

export interface EnginePool {
  process(filePath: string, options?: EngineCallOptions, onProgress?: ProgressListener, control?: EngineCallControl): Promise<ProcessResult>;
  /** A file that may hold several documents, split and each part processed (core's `processPacket`), on the same threads. */
  processPacket(filePath: string, options?: EnginePacketOptions, control?: EngineCallControl): Promise<PacketResult>;
  /** Where a document's corrected values are printed and the layout they teach (the template extractor's `locate` and `learn`), on the same threads. */
  learn(request: EngineLearnRequest, control?: EngineCallControl): Promise<EngineLearnResult>;
  close(): Promise<void>;
  /** Threads started and able to take a document (idle or busy); absent for an engine without threads (readiness). */
  readyThreads?(): number;
}

type TaskCall =
  | { type: 'process'; filePath: string; options: EngineCallOptions }
  | { type: 'packet'; filePath: string; options: EnginePacketOptions }
  | { type: 'learn'; request: EngineLearnRequest };
type TaskResult = ProcessResult | PacketResult | EngineLearnResult;

interface Task {
  id: number;
  call: TaskCall;
  onProgress?: ProgressListener;
  control: EngineCallControl;
  resolve(result: TaskResult): void;
  reject(error: Error): void;
}

type SlotState = 'starting' | 'idle' | 'busy' | 'gone';

interface Slot {
  worker: Worker;
  state: SlotState;
  task?: Task;
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
}

/** Consecutive workers that die before they are ready before the pool gives up on queued calls. */
const MAX_STARTUP_FAILURES = 3;
const CLOSE_GRACE_MS = 5000;
const DEFAULT_STOP_GRACE_MS = 5000;

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new EnginePoolError('engine_aborted', 'the call was cancelled');
}

function defaultWorkerFile(): URL {
  return new URL(`./engine-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
}

/** tsx's ESM register API (its `import` export), found from here whether this module runs as ESM or CJS. */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(manifest.exports['./esm/api']!.import.default, pathToFileURL(manifestPath)).href;
}

/**
 * Under tsx (tests, `npm start` from sources) the worker file is TypeScript, and Node 20 does not
 * carry tsx's loader into worker threads: a small ESM bootstrap registers it there first.
 */
export function workerEntry(file: URL): URL {
  if (extname(fileURLToPath(file)) !== '.ts') return file;
  const bootstrap = [
    `const { register } = await import(${JSON.stringify(tsxEsmApi())});`,
    'register();',
    `await import(${JSON.stringify(file.href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}

function toError(error: SerializedEngineError): Error {
  if (error.code === 'internal_error') return new EnginePoolError('internal_error', error.message);
  if (error.code === 'ai_request_failed' || error.code === 'ai_invalid_output') return new AiProviderError(error.code, error.message);
  return new DocsiftError(error.code, error.message, error.details);
}

export function createEnginePool(options: EnginePoolOptions): EnginePool {
  return new WorkerEnginePool(options);
}

/** Runs the engine in worker threads, one document per thread at a time, replacing crashed threads. */
class WorkerEnginePool implements EnginePool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Task[] = [];
  private readonly logger: Logger;
  private readonly workerFile: URL;
  private nextId = 1;
  private startupFailures = 0;
  private closing = false;

  constructor(private readonly options: EnginePoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('the engine pool needs a size of at least 1');
    this.logger = options.logger.child({ component: 'engine-pool' });
    this.workerFile = workerEntry(options.workerFile ?? defaultWorkerFile());
    for (let i = 0; i < options.size; i += 1) this.spawn();
  }

  process(filePath: string, options: EngineCallOptions = {}, onProgress?: ProgressListener, control: EngineCallControl = {}): Promise<ProcessResult> {
    return this.submit({ type: 'process', filePath, options }, onProgress, control) as Promise<ProcessResult>;
  }

  processPacket(filePath: string, options: EnginePacketOptions = {}, control: EngineCallControl = {}): Promise<PacketResult> {
    return this.submit({ type: 'packet', filePath, options }, undefined, control) as Promise<PacketResult>;
  }

  learn(request: EngineLearnRequest, control: EngineCallControl = {}): Promise<EngineLearnResult> {
    return this.submit({ type: 'learn', request }, undefined, control) as Promise<EngineLearnResult>;
  }

  private submit(call: TaskCall, onProgress: ProgressListener | undefined, control: EngineCallControl): Promise<TaskResult> {
    if (this.closing) return Promise.reject(new EnginePoolError('engine_closed', 'the engine is shutting down'));
    const { signal } = control;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<TaskResult>((resolve, reject) => {
      const onAbort = () => this.abort(task, abortReason(signal!));
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const task: Task = {
        id: this.nextId++,
        call,
        onProgress,
        control,
        resolve: (result) => {
          settled();
          resolve(result);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(task);
      if (this.slots.size < this.options.size) this.spawn();
      this.dispatch();
    });
  }

  /** The caller gets its answer now; a waiting call leaves the queue, a running one is stopped. */
  private abort(task: Task, reason: Error): void {
    task.reject(reason);
    const index = this.waiting.indexOf(task);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      return;
    }
    const slot = [...this.slots].find((candidate) => candidate.task === task);
    if (!slot) return;
    const message: ToWorker = { type: 'abort', id: task.id };
    slot.worker.postMessage(message);
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.stopSlow(slot), this.options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS);
  }

  private spawn(): void {
    const workerData: EngineWorkerData = { plugins: this.options.plugins, engineOptions: this.options.engineOptions, logLevel: this.options.logger.level };
    const worker = new Worker(this.workerFile, { workerData, resourceLimits: this.options.resourceLimits });
    const slot: Slot = { worker, state: 'starting' };
    this.slots.add(slot);
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (error) => this.logger.error({ err: error }, 'an engine worker failed'));
    worker.on('exit', (code) => this.onExit(slot, code));
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        this.startupFailures = 0;
        slot.state = 'idle';
        this.dispatch();
        return;
      case 'startup-failed':
        this.logger.error({ reason: message.message }, 'an engine worker could not start');
        return;
      case 'progress':
        if (slot.task?.id === message.id) slot.task.onProgress?.(message.progress, message.stage);
        return;
      case 'pages':
        if (slot.task?.id === message.id) slot.task.control.onPageCount?.(message.pageCount);
        return;
      case 'result':
      case 'packet-result':
      case 'learn-result':
      case 'error':
        this.finish(slot, message);
        return;
    }
  }

  private finish(slot: Slot, message: Extract<FromWorker, { type: 'result' | 'packet-result' | 'learn-result' | 'error' }>): void {
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.state = 'idle';
    if (message.type === 'error') task.reject(toError(message.error));
    else task.resolve(message.result);
    this.dispatch();
  }

  private onExit(slot: Slot, code: number): void {
    const wasReady = slot.state === 'idle' || slot.state === 'busy';
    slot.state = 'gone';
    this.slots.delete(slot);
    clearTimeout(slot.timer);
    if (slot.task) {
      this.logger.error({ exitCode: code, taskId: slot.task.id, timedOut: slot.timedOut === true }, 'an engine worker stopped while processing a document');
      slot.task.reject(this.interruptedError(slot));
    }
    if (this.closing) return;
    if (!wasReady) this.startupFailures += 1;
    if (this.startupFailures >= MAX_STARTUP_FAILURES) {
      this.failWaiting(new EnginePoolError('engine_unavailable', 'the engine could not start'));
      this.startupFailures = 0;
      if (this.slots.size === 0) return;
    }
    this.spawn();
  }

  private interruptedError(slot: Slot): EnginePoolError {
    if (slot.timedOut) return new EnginePoolError('engine_timeout', 'the engine took too long on this document');
    if (this.closing) return new EnginePoolError('engine_closed', 'the engine shut down while processing this document');
    return new EnginePoolError('engine_crashed', 'the engine stopped unexpectedly while processing this document');
  }

  private failWaiting(error: EnginePoolError): void {
    for (const task of this.waiting.splice(0)) task.reject(error);
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.state !== 'idle') continue;
      const task = this.waiting.shift();
      if (!task) return;
      slot.state = 'busy';
      slot.task = task;
      task.control.onStart?.();
      if (this.options.callTimeoutMs !== undefined) slot.timer = setTimeout(() => this.stopSlow(slot), this.options.callTimeoutMs);
      const message: ToWorker = { ...task.call, id: task.id };
      slot.worker.postMessage(message);
    }
  }

  /** A thread stuck on a document cannot be interrupted from outside: stop it, and its exit replaces it. */
  private stopSlow(slot: Slot): void {
    slot.timedOut = true;
    void slot.worker.terminate();
  }

  readyThreads(): number {
    if (this.closing) return 0;
    let ready = 0;
    for (const slot of this.slots) if (slot.state === 'idle' || slot.state === 'busy') ready += 1;
    return ready;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.failWaiting(new EnginePoolError('engine_closed', 'the engine is shutting down'));
    await Promise.all([...this.slots].map((slot) => this.closeSlot(slot)));
  }

  /** Asks a worker to release its engine, and terminates it if it does not exit in time. */
  private async closeSlot(slot: Slot): Promise<void> {
    const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
    const close: ToWorker = { type: 'close' };
    slot.worker.postMessage(close);
    const timer = setTimeout(() => void slot.worker.terminate(), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}
