// PLACEHOLDER (AI helper replaces this file)
import type { Classifier, GenericExtractor } from '../contracts/services.js';
import type { Logger } from '../contracts/logger.js';
export interface AiProviderOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
}
export function createAiProvider(_options: AiProviderOptions, _deps: { logger: Logger }): { classifier: Classifier; extractor: GenericExtractor } {
  throw new Error('not yet');
}
