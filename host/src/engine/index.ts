export { createEnginePool, type EnginePool, type EnginePoolOptions, type ProgressListener } from './engine-pool.js';
export { EnginePoolError, isEnginePoolError, type EnginePoolErrorCode } from './engine-errors.js';
export { createPdfSplitter, type PdfSplitter } from './pdf-splitter.js';
export { createPageRenderer, type PageRenderer } from './page-renderer.js';
export type { EngineAiOptions, EngineCallOptions, EngineLearnRequest, EngineLearnResult, EngineOptions, EnginePacketOptions } from './engine-protocol.js';
export { serveEngine, type WorkerEngine, type WorkerEngineFactory } from './engine-worker-runtime.js';
