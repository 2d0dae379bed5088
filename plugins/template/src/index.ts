import { definePlugin, PLUGIN_API_VERSION, type TemplateExtractorPlugin } from '@docsift/core';
import { LabelTemplateExtractor, type LabelTemplateExtractorOptions } from './extractor.js';

export { LabelTemplateExtractor, type LabelTemplateExtractorOptions } from './extractor.js';
export { learnedLayoutSimilarities } from './learned-reading.js';

export type TemplatePluginOptions = LabelTemplateExtractorOptions;

/** The template extractor plugin: finds fields given by name, type and description. */
export function templatePlugin(options: TemplatePluginOptions = {}): TemplateExtractorPlugin {
  return definePlugin({
    apiVersion: PLUGIN_API_VERSION,
    kind: 'template-extractor',
    name: '@docsift/plugin-template',
    version: '0.1.0',
    extractor: new LabelTemplateExtractor(options),
  });
}

/** The factory DOCSIFT_PLUGINS loads by package name (docs/plugins.md). */
export default templatePlugin;
