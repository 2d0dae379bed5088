// PLACEHOLDER (classifier helper replaces this file)
import type { Classifier } from '../contracts/services.js';
import type { Logger } from '../contracts/logger.js';
import type { PluginRegistry } from '../registry/plugin-registry.js';
export class LocalClassifier implements Classifier {
  readonly name = 'local';
  constructor(_deps: { pluginRegistry: PluginRegistry; logger: Logger }) {}
  classify(): never {
    throw new Error('not yet');
  }
}
