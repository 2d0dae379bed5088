export * from './document.js';
export * from './results.js';
export * from './registry.js';
export * from './plugin.js';
export * from './lending.js';
export * from './services.js';
export * from './errors.js';
export * from './logger.js';
