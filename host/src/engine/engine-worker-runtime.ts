import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { isAiProviderError, isDocsiftError, type Docsift, type PacketOptions, type ProcessOptions, type TemplateExtractor } from '@docsift/core';
import type pino from 'pino';
import { createLogger } from '../common/logger.js';
import type { EngineCallOptions, EnginePacketOptions, EngineWorkerData, FromWorker, SerializedEngineError, ToWorker } from './engine-protocol.js';

/** The part of a docsift a worker needs. */
export type WorkerEngine = Pick<Docsift, 'process' | 'processPacket' | 'close'> & { readonly registry: { readonly templateExtractor: TemplateExtractor | null } };
export type WorkerEngineFactory = (data: EngineWorkerData, logger: pino.Logger) => Promise<WorkerEngine> | WorkerEngine;

function toProcessOptions(options: EngineCallOptions): ProcessOptions {
  const { now, ...rest } = options;
  return now === undefined ? rest : { ...rest, now: new Date(now) };
}

function toPacketOptions(options: EnginePacketOptions): PacketOptions {
  const { now, ...rest } = options;
  return now === undefined ? rest : { ...rest, now: new Date(now) };
}

/** Engine and AI provider errors pass through with their code; anything else is a bug and stays in the log. */
function serializeError(error: unknown, logger: pino.Logger): SerializedEngineError {
  if (isDocsiftError(error)) return { code: error.code, message: error.message, details: error.details };
  // Core has logged the provider's failure; its details (the model's answer) stay in this thread.
  if (isAiProviderError(error)) return { code: error.code, message: error.message, details: {} };
  logger.error({ err: error }, 'the engine failed on a document');
  return { code: 'internal_error', message: 'the engine failed on this document', details: {} };
}

/**
 * Runs inside a worker thread: builds one engine, then answers `process`, `packet` and `learn` requests one at a
 * time until asked to close. The pool sends a worker one document at a time.
 */
export async function serveEngine(createEngine: WorkerEngineFactory): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveEngine runs inside a worker thread');
  const data = workerData as EngineWorkerData;
  const logger = createLogger({ name: 'docsift-engine', level: data.logLevel });
  const post = (message: FromWorker): void => port.postMessage(message);

  let engine: WorkerEngine;
  try {
    engine = await createEngine(data, logger);
  } catch (error) {
    logger.error({ err: error }, 'the engine worker could not start');
    post({ type: 'startup-failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }

  let inFlight: Promise<void> = Promise.resolve();
  let current: { id: number; controller: AbortController } | null = null;
  port.on('message', (message: ToWorker) => {
    if (message.type === 'close') {
      // Exit explicitly: loader hooks (tsx under tests) keep a worker's event loop alive.
      void inFlight.then(() => engine.close()).finally(() => process.exit(0));
      return;
    }
    if (message.type === 'abort') {
      if (current?.id === message.id) current.controller.abort();
      return;
    }
    const call = { id: message.id, controller: new AbortController() };
    current = call;
    const handled = answer(engine, message, call.controller.signal, post).then(post, (error: unknown) =>
      post({ type: 'error', id: message.id, error: serializeError(error, logger) }),
    );
    inFlight = handled.finally(() => {
      if (current === call) current = null;
    });
  });
  post({ type: 'ready' });
}

/** The answer to one call; a rejection becomes the call's `error` message. */
function answer(engine: WorkerEngine, message: Exclude<ToWorker, { type: 'close' | 'abort' }>, signal: AbortSignal, post: (message: FromWorker) => void): Promise<FromWorker> {
  switch (message.type) {
    case 'packet':
      return answerPacket(engine, message, signal, post);
    case 'learn':
      return answerLearn(engine, message);
    default:
      return answerProcess(engine, message, signal, post);
  }
}

async function answerProcess(
  engine: WorkerEngine,
  request: Extract<ToWorker, { type: 'process' }>,
  signal: AbortSignal,
  post: (message: FromWorker) => void,
): Promise<FromWorker> {
  const { id } = request;
  const bytes = new Uint8Array(await readFile(request.filePath));
  const result = await engine.process(bytes, {
    ...toProcessOptions(request.options),
    signal,
    onPageCount: (pageCount) => post({ type: 'pages', id, pageCount }),
    onProgress: (progress, stage) => post({ type: 'progress', id, progress, stage }),
  });
  return { type: 'result', id, result };
}

async function answerPacket(
  engine: WorkerEngine,
  request: Extract<ToWorker, { type: 'packet' }>,
  signal: AbortSignal,
  post: (message: FromWorker) => void,
): Promise<FromWorker> {
  const { id } = request;
  const bytes = new Uint8Array(await readFile(request.filePath));
  const result = await engine.processPacket(bytes, {
    ...toPacketOptions(request.options),
    signal,
    onPageCount: (pageCount) => post({ type: 'pages', id, pageCount }),
  });
  return { type: 'packet-result', id, result };
}

/** A template extractor without `locate` or `learn` locates nothing and learns nothing; the correction is kept all the same. */
async function answerLearn(engine: WorkerEngine, request: Extract<ToWorker, { type: 'learn' }>): Promise<FromWorker> {
  const { document, fields, values } = request.request;
  const extractor = engine.registry.templateExtractor;
  const locations = (await extractor?.locate?.(document, fields, values)) ?? {};
  const layout = (await extractor?.learn?.(document, fields, values)) ?? null;
  return { type: 'learn-result', id: request.id, result: { locations, layout } };
}
