import type { z } from 'zod';
import { DocsiftError } from '../contracts/errors.js';
import { PLUGIN_API_VERSION, PLUGIN_BRAND, SUPPORTED_PLUGIN_API_VERSIONS, type DocsiftPlugin } from '../contracts/plugin.js';
import { documentTypePluginSchema, templateExtractorPluginSchema } from './plugin.schema.js';

function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Checks a plugin's contract version and shape. Throws `invalid_plugin` naming the plugin and
 * the offending fields; returns the plugin, branded, when it is acceptable.
 */
export function validatePlugin(candidate: unknown): DocsiftPlugin {
  if (typeof candidate !== 'object' || candidate === null) {
    throw new DocsiftError('invalid_plugin', 'A plugin must be an object; got ' + (candidate === null ? 'null' : typeof candidate) + '.');
  }
  const record = candidate as Record<string, unknown>;
  const label = typeof record.name === 'string' && record.name ? `Plugin "${record.name}"` : 'A plugin without a name';
  if (!SUPPORTED_PLUGIN_API_VERSIONS.includes(record.apiVersion as number)) {
    throw new DocsiftError(
      'invalid_plugin',
      `${label} declares plugin API version ${JSON.stringify(record.apiVersion)}; this core supports versions ${SUPPORTED_PLUGIN_API_VERSIONS.join(' and ')}.`,
      { plugin: record.name ?? null, apiVersion: record.apiVersion ?? null, supported: SUPPORTED_PLUGIN_API_VERSIONS },
    );
  }
  if (record.apiVersion !== PLUGIN_API_VERSION && record.lending !== undefined) {
    throw new DocsiftError(
      'invalid_plugin',
      `${label} declares lending checks under plugin API version ${JSON.stringify(record.apiVersion)}; since version ${PLUGIN_API_VERSION} a lending plugin declares its own requirement members (lending.requirements).`,
      { plugin: record.name ?? null, apiVersion: record.apiVersion, supported: [PLUGIN_API_VERSION] },
    );
  }
  const schema =
    record.kind === 'document-type'
      ? documentTypePluginSchema
      : record.kind === 'template-extractor'
        ? templateExtractorPluginSchema
        : null;
  if (!schema) {
    throw new DocsiftError('invalid_plugin', `${label} has kind ${JSON.stringify(record.kind)}; expected "document-type" or "template-extractor".`);
  }
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    throw new DocsiftError('invalid_plugin', `${label} is not a valid ${String(record.kind)} plugin: ${describeIssues(parsed.error.issues)}.`, {
      plugin: record.name ?? null,
    });
  }
  if (!(PLUGIN_BRAND in record)) {
    Object.defineProperty(record, PLUGIN_BRAND, { value: true, enumerable: false });
  }
  return candidate as DocsiftPlugin;
}

/** Identity helper for plugin authors: gives type inference and brands the object. */
export function definePlugin<TPlugin extends DocsiftPlugin>(plugin: TPlugin): TPlugin {
  Object.defineProperty(plugin, PLUGIN_BRAND, { value: true, enumerable: false });
  return plugin;
}
