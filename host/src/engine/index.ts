export { createEnginePool, type EnginePool, type EnginePoolOptions, type ProgressListener } from './engine-pool.js';
export { EnginePoolError, isEnginePoolError, type EnginePoolErrorCode } from './engine-errors.js';
export type { EngineAiOptions, EngineCallOptions, EngineOptions } from './engine-protocol.js';
export { serveEngine, type WorkerEngine, type WorkerEngineFactory } from './engine-worker-runtime.js';
