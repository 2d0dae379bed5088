export * from './contracts/index.js';
export { createDocsift, type Docsift, type DocsiftOptions } from './container/create-docsift.js';
export { KEYS } from './container/keys.js';
export { PluginRegistry, definePlugin, validatePlugin, registryEntrySchema, typeCodeSchema } from './registry/index.js';
export { Pipeline, type ProcessOptions, type Engine } from './pipeline/pipeline.js';
export { STAGES, type Stage } from './pipeline/stages.js';
export { z } from 'zod';
