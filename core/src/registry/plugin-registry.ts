import { DocsiftError } from '../contracts/errors.js';
import type { DocsiftPlugin, DocumentTypePlugin, TemplateExtractor } from '../contracts/plugin.js';
import type { RegistryEntry } from '../contracts/registry.js';
import { UNKNOWN_TYPE } from '../contracts/results.js';
import { hasLendingEvaluator, type LendingPlugin } from '../lending/evaluate.js';
import { lendingRequirementsSpec, type LendingRequirementsSpec } from '../lending/requirements.js';
import { validatePlugin } from './validate-plugin.js';

/**
 * Holds the plugins given to `createDocsift`. Validated once, then frozen: types added at run
 * time (an organization's own) are passed to the pipeline per call, never registered here.
 */
export class PluginRegistry {
  readonly #types = new Map<string, DocumentTypePlugin>();
  readonly #legacyCodes = new Map<string, string>();
  readonly #plugins: DocsiftPlugin[] = [];
  #templateExtractor: TemplateExtractor | null = null;
  /** The lending requirements the installed lending plugins define (their members checked for clashes here). */
  readonly lendingRequirements: LendingRequirementsSpec;

  constructor(plugins: readonly unknown[]) {
    for (const candidate of plugins) this.#add(validatePlugin(candidate));
    this.lendingRequirements = lendingRequirementsSpec(this.lendingPlugins());
    Object.freeze(this);
  }

  /** Every registered plugin, in registration order (their `init`/`close` hooks run in this order and its reverse). */
  all(): readonly DocsiftPlugin[] {
    return this.#plugins;
  }

  #add(plugin: DocsiftPlugin): void {
    this.#plugins.push(plugin);
    if (plugin.kind === 'template-extractor') {
      if (this.#templateExtractor) {
        throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" is a second template extractor; register only one.`);
      }
      this.#templateExtractor = plugin.extractor;
      return;
    }
    const code = plugin.entry.typeCode;
    if (code === UNKNOWN_TYPE) {
      throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" uses the reserved type code "unknown".`);
    }
    const clash = this.#types.get(code) ?? (this.#legacyCodes.has(code) ? this.#types.get(this.#legacyCodes.get(code)!) : undefined);
    if (clash) {
      throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" registers type "${code}", which plugin "${clash.name}" already registered.`);
    }
    this.#types.set(code, plugin);
    for (const legacy of plugin.entry.legacyTypeCodes) this.#legacyCodes.set(legacy, code);
  }

  /** Registry entries of the installed type plugins, in registration order. */
  entries(): RegistryEntry[] {
    return [...this.#types.values()].map((plugin) => plugin.entry);
  }

  typePlugins(): DocumentTypePlugin[] {
    return [...this.#types.values()];
  }

  /** The type plugins that declare lending support, in registration order: the lending variant's types. */
  lendingPlugins(): LendingPlugin<any>[] {
    return this.typePlugins().filter((plugin) => hasLendingEvaluator(plugin));
  }

  /** The plugin for a type code or one of its legacy codes. */
  plugin(typeCode: string): DocumentTypePlugin | undefined {
    return this.#types.get(typeCode) ?? this.#types.get(this.#legacyCodes.get(typeCode) ?? '');
  }

  /** Maps a legacy type code (`insurance_certificate`) to the current one; other codes pass through. */
  canonicalTypeCode(typeCode: string): string {
    return this.#legacyCodes.get(typeCode) ?? typeCode;
  }

  get templateExtractor(): TemplateExtractor | null {
    return this.#templateExtractor;
  }
}
