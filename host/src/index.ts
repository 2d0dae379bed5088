export { createHost, startHost, openDatabase, type Host, type HostOptions, type HostRuntime, type RuntimeOptions } from './main/runtime.js';
export { loadConfig, maskConfig, ConfigError, BUNDLED_PLUGINS, type Config } from './config/config.js';
export { loadPlugins, loadMappers, loadWebhookTransport } from './plugins/module-loader.js';
