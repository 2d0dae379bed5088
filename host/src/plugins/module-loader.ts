import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDocsiftError, validatePlugin, type DocsiftPlugin, type Mapper, type WebhookTransport } from '@docsift/core';
import { ConfigError } from '../config/config.js';

/**
 * Loads plugins, mappers and a webhook transport by module specifier (docs/plugins.md):
 *
 * - `name` imports the module's default export; `name#member` imports its named export `member`;
 * - a bare name is imported as @docsift/host imports its own dependencies (install the package
 *   beside the host); a path (`./`, `../`, `/`, `file:`) is resolved against the working directory;
 * - the export is a factory function, called with no arguments; what it returns (or resolves to) is
 *   the plugin, mapper or transport.
 *
 * Anything wrong is a ConfigError naming the setting and the specifier, with no stack.
 */

/** Which setting a specifier came from, for messages. */
type ModuleSetting = 'DOCSIFT_PLUGINS' | 'DOCSIFT_MAPPERS' | 'DOCSIFT_WEBHOOK_TRANSPORT';

function splitSpecifier(specifier: string): { module: string; member: string } {
  const hash = specifier.lastIndexOf('#');
  if (hash <= 0) return { module: specifier, member: 'default' };
  return { module: specifier.slice(0, hash), member: specifier.slice(hash + 1) };
}

function importTarget(module: string): string {
  if (module.startsWith('file:')) return module;
  if (module.startsWith('./') || module.startsWith('../') || path.isAbsolute(module)) return pathToFileURL(path.resolve(module)).href;
  return module;
}

/** The module itself is missing (not one of its own imports): Node names this file as the importer. */
function isMissingHere(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED';
  return missing && String((error as Error).message).includes(fileURLToPath(import.meta.url));
}

/**
 * The bundled plugins, imported by literal specifiers: the same modules `import(name)` loads, written
 * out so that the one-file build of `docsift extract` (scripts/bundle-extract.ts) carries them.
 */
const BUNDLED_PLUGIN_MODULES = new Map<string, () => Promise<object>>([
  ['@docsift/plugin-sor', () => import('@docsift/plugin-sor')],
  ['@docsift/plugin-insurance-cert', () => import('@docsift/plugin-insurance-cert')],
  ['@docsift/plugin-template', () => import('@docsift/plugin-template')],
]);

function importModule(module: string): Promise<object> {
  return BUNDLED_PLUGIN_MODULES.get(module)?.() ?? import(importTarget(module));
}

async function importFactory(setting: ModuleSetting, specifier: string): Promise<() => unknown> {
  const { module, member } = splitSpecifier(specifier);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await importModule(module)) as Record<string, unknown>;
  } catch (error) {
    const reason = isMissingHere(error)
      ? 'cannot be found (install the package beside @docsift/host, or give a path starting with ./ or /)'
      : `cannot be imported: ${(error as Error).message ?? String(error)}`;
    throw new ConfigError(`${setting}: "${specifier}" ${reason}`);
  }
  const factory = namespace[member];
  const exportName = member === 'default' ? 'a default export' : `an export named "${member}"`;
  if (typeof factory !== 'function') {
    throw new ConfigError(`${setting}: "${specifier}" has no factory function as ${exportName} (docs/plugins.md)`);
  }
  if (/^class\b/.test(Function.prototype.toString.call(factory))) {
    throw new ConfigError(`${setting}: "${specifier}" exports a class as ${exportName}; export a factory function that takes no arguments`);
  }
  return factory as () => unknown;
}

async function build(setting: ModuleSetting, specifier: string): Promise<unknown> {
  const factory = await importFactory(setting, specifier);
  try {
    return await factory();
  } catch (error) {
    throw new ConfigError(`${setting}: the factory of "${specifier}" failed: ${(error as Error).message ?? String(error)}`);
  }
}

/** Imports and checks each plugin against the contract (version and shape), in list order. */
export async function loadPlugins(specifiers: readonly string[]): Promise<DocsiftPlugin[]> {
  const plugins: DocsiftPlugin[] = [];
  for (const specifier of specifiers) {
    const candidate = await build('DOCSIFT_PLUGINS', specifier);
    try {
      plugins.push(validatePlugin(candidate));
    } catch (error) {
      if (!isDocsiftError(error)) throw error;
      throw new ConfigError(`DOCSIFT_PLUGINS: "${specifier}" is not a usable plugin: ${error.message}`);
    }
  }
  return plugins;
}

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** Imports each mapper; a mapper has a `format` name and a `map` function (and optionally `validate`). */
export async function loadMappers(specifiers: readonly string[]): Promise<Mapper[]> {
  const mappers: Mapper[] = [];
  for (const specifier of specifiers) {
    const mapper = (await build('DOCSIFT_MAPPERS', specifier)) as Partial<Mapper> | null;
    const valid = typeof mapper?.format === 'string' && mapper.format !== '' && isFunction(mapper.map) && (mapper.validate === undefined || isFunction(mapper.validate));
    if (!valid) throw new ConfigError(`DOCSIFT_MAPPERS: "${specifier}" did not give a mapper ({ format, map(payload, options), validate? })`);
    mappers.push(mapper as Mapper);
  }
  return mappers;
}

/** Imports the webhook transport; a transport has a `name` and a `send` function. */
export async function loadWebhookTransport(specifier: string): Promise<WebhookTransport> {
  const transport = (await build('DOCSIFT_WEBHOOK_TRANSPORT', specifier)) as Partial<WebhookTransport> | null;
  if (typeof transport?.name !== 'string' || !isFunction(transport.send)) {
    throw new ConfigError(`DOCSIFT_WEBHOOK_TRANSPORT: "${specifier}" did not give a transport ({ name, send(request) })`);
  }
  return transport as WebhookTransport;
}
