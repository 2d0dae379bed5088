export * from './contracts/index.js';
export { createDocsift, type Docsift, type DocsiftOptions } from './container/create-docsift.js';
export { KEYS } from './container/keys.js';
export { PluginRegistry, definePlugin, validatePlugin, registryEntrySchema, typeCodeSchema } from './registry/index.js';
export { Pipeline, type ProcessOptions, type Engine } from './pipeline/pipeline.js';
export { STAGES, type Stage } from './pipeline/stages.js';
export { createAiProvider, AiProviderError, isAiProviderError, type AiProviderOptions } from './ai/index.js';
export { documentText, pageText } from './document/index.js';
export { z } from 'zod';
