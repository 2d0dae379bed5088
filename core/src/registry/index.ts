export { PluginRegistry } from './plugin-registry.js';
export { validatePlugin, definePlugin } from './validate-plugin.js';
export { registryEntrySchema, typeCodeSchema } from './plugin.schema.js';
