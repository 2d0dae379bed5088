import { asFunction, asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import pino from 'pino';
import { DocsiftError } from '../contracts/errors.js';
import type { Logger } from '../contracts/logger.js';
import type { DocsiftPlugin } from '../contracts/plugin.js';
import type { DocumentModel } from '../contracts/document.js';
import type { RegistryEntry } from '../contracts/registry.js';
import type { Classification, ProcessResult } from '../contracts/results.js';
import type { Classifier, DocumentReader, ExtractionAssistant, GenericExtractor, Mapper, WebhookTransport } from '../contracts/services.js';
import { LocalClassifier } from '../classify/index.js';
import { createAiProvider, type AiProviderOptions } from '../ai/provider.js';
import { PluginRegistry } from '../registry/plugin-registry.js';
import { Pipeline, type ProcessOptions } from '../pipeline/pipeline.js';
import { PacketProcessor, type PacketOptions, type PacketResult } from '../split/packet-processor.js';
import { PacketSplitter, type PacketPart, type SplitOptions } from '../split/packet-splitter.js';
import { MapperRegistry, type TransformLimits } from '../mapping/index.js';
import { HttpWebhookTransport } from '../webhooks/index.js';
import { KEYS } from './keys.js';
import { LazyDocumentReader } from './lazy-reader.js';

export interface DocsiftOptions {
  /** Plugin objects (`sorPlugin()`, `insuranceCertPlugin()`, `templatePlugin()`, or your own). */
  plugins: readonly unknown[];
  logger?: Logger;
  limits?: {
    /** PDFs with more pages are refused (default 500). */
    maxPages?: number;
    /** Images (and rendered pages) with more pixels are refused (default 100 megapixels). */
    maxPixels?: number;
  };
  ocr?: {
    /** OCR worker threads (default: 2, at most the number of CPUs). */
    workers?: number;
  };
  /** An OpenAI-compatible model; when set, `engine: 'model'` and `assist: 'model'` become available. */
  ai?: AiProviderOptions | null;
  /** Your own webhook mappers, by format; one named like a built-in (default, flat, custom) replaces it. */
  mappers?: readonly Mapper[];
  /** Replaces the HTTP webhook transport (got), for example with a queue or a file. */
  webhookTransport?: WebhookTransport;
  webhooks?: {
    /** Deliver to loopback and private addresses (default false). */
    allowPrivate?: boolean;
    /** Receiver time limit of the HTTP transport (default 30,000 ms). */
    timeoutMs?: number;
    /** Limits of `custom` transforms (default 100 ms, 16 MB, 2 isolates). */
    transforms?: TransformLimits;
  };
  /** Replace built-in services without forking. */
  overrides?: {
    documentReader?: DocumentReader;
  };
  clock?: () => Date;
}

export interface Docsift {
  /** The Awilix container (for hosts that add their own registrations). */
  readonly container: AwilixContainer;
  readonly registry: PluginRegistry;
  process(bytes: Uint8Array, options?: ProcessOptions): Promise<ProcessResult>;
  /** Splits a file holding several documents (a packet) and processes each part as a document of its own (docs/embedding.md). */
  processPacket(bytes: Uint8Array, options?: PacketOptions): Promise<PacketResult>;
  /** Finds the documents of a file already read, without extracting them. */
  split(document: DocumentModel, options?: SplitOptions & { extraEntries?: RegistryEntry[]; allowedTypes?: string[] }): Promise<PacketPart[]>;
  read(bytes: Uint8Array): Promise<DocumentModel>;
  classify(document: DocumentModel, options?: { extraEntries?: RegistryEntry[]; engine?: ProcessOptions['engine'] }): Promise<Classification>;
  entries(options?: { extraEntries?: RegistryEntry[] }): RegistryEntry[];
  /**
   * Runs the plugins' `init` hooks once, in registration order; `process` and `classify` call it
   * themselves, a host calls it at start-up so a plugin that cannot start stops the start.
   * Rejects with `invalid_plugin` naming the plugin.
   */
  start(): Promise<void>;
  /** Runs the started plugins' `close` hooks (reverse order), stops OCR workers and releases native resources. */
  close(): Promise<void>;
}

/**
 * The composition root of the engine: builds an Awilix container with the plugin registry,
 * the reader, the classifiers, the pipeline, the mappers and the webhook transport.
 */
export function createDocsift(options: DocsiftOptions): Docsift {
  const logger = options.logger ?? (pino({ name: 'docsift', level: 'info' }) as unknown as Logger);
  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  const mapperRegistry = new MapperRegistry({ mappers: options.mappers, transformLimits: options.webhooks?.transforms, logger });
  const pluginRegistry = new PluginRegistry(options.plugins);
  const ai = options.ai
    ? createAiProvider(options.ai, { logger, schemaFor: (typeCode) => pluginRegistry.plugin(typeCode)?.dataSchema })
    : null;

  container.register({
    [KEYS.options]: asValue(options),
    [KEYS.logger]: asValue(logger),
    [KEYS.clock]: asValue(options.clock ?? (() => new Date())),
    [KEYS.pluginRegistry]: asValue(pluginRegistry),
    [KEYS.documentReader]: options.overrides?.documentReader
      ? asValue(options.overrides.documentReader)
      : asFunction(
          () =>
            new LazyDocumentReader({
              limits: { maxPages: options.limits?.maxPages ?? 500, maxPixels: options.limits?.maxPixels ?? 100_000_000 },
              ocr: { workers: options.ocr?.workers ?? 2 },
              logger,
            }),
        )
          .singleton()
          .disposer((reader) => reader.close()),
    [KEYS.localClassifier]: asFunction(
      ({ pluginRegistry }: { pluginRegistry: PluginRegistry }) => new LocalClassifier({ pluginRegistry, logger }),
    ).singleton(),
    [KEYS.aiClassifier]: asValue<Classifier | null>(ai?.classifier ?? null),
    [KEYS.aiExtractor]: asValue<GenericExtractor | null>(ai?.extractor ?? null),
    [KEYS.aiAssistant]: asValue<ExtractionAssistant | null>(ai?.assistant ?? null),
    [KEYS.pipeline]: asFunction((deps: ConstructorParameters<typeof Pipeline>[0]) => new Pipeline(deps)).singleton(),
    [KEYS.packetSplitter]: asFunction((deps: ConstructorParameters<typeof PacketSplitter>[0]) => new PacketSplitter(deps)).singleton(),
    [KEYS.packetProcessor]: asFunction((deps: ConstructorParameters<typeof PacketProcessor>[0]) => new PacketProcessor(deps)).singleton(),
    [KEYS.mappers]: asFunction(() => mapperRegistry)
      .singleton()
      .disposer((registry) => registry.close()),
    [KEYS.webhookTransport]: options.webhookTransport
      ? asValue(options.webhookTransport)
      : asFunction(
          () => new HttpWebhookTransport({ allowPrivate: options.webhooks?.allowPrivate, timeoutMs: options.webhooks?.timeoutMs, logger }),
        ).singleton(),
  });

  const pipeline = () => container.resolve<Pipeline>(KEYS.pipeline);
  const lifecycle = pluginLifecycle(pluginRegistry.all(), logger);
  return {
    container,
    registry: pluginRegistry,
    process: async (bytes, processOptions) => {
      await lifecycle.start();
      return pipeline().process(bytes, processOptions);
    },
    processPacket: async (bytes, packetOptions) => {
      await lifecycle.start();
      return container.resolve<PacketProcessor>(KEYS.packetProcessor).process(bytes, packetOptions);
    },
    split: async (document, splitOptions = {}) => {
      await lifecycle.start();
      return container.resolve<PacketSplitter>(KEYS.packetSplitter).split(document, pipeline().entries(splitOptions), splitOptions);
    },
    read: (bytes) => pipeline().read(bytes),
    classify: async (document, classifyOptions = {}) => {
      await lifecycle.start();
      const classifier =
        classifyOptions.engine === 'model' && ai ? ai.classifier : container.resolve<Classifier>(KEYS.localClassifier);
      return classifier.classify(document, pipeline().entries(classifyOptions));
    },
    entries: (entryOptions) => pipeline().entries(entryOptions),
    start: lifecycle.start,
    close: async () => {
      await lifecycle.close();
      await container.dispose();
    },
  };
}

/** Runs `init` hooks once, in order, and `close` hooks of the plugins that started, in reverse order. */
function pluginLifecycle(plugins: readonly DocsiftPlugin[], logger: Logger) {
  const started: DocsiftPlugin[] = [];
  let starting: Promise<void> | null = null;
  const initAll = async () => {
    for (const plugin of plugins) {
      try {
        await plugin.init?.({ logger });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" could not start: ${reason}`, { plugin: plugin.name });
      }
      started.push(plugin);
    }
  };
  return {
    start: () => (starting ??= initAll()),
    async close() {
      await starting?.catch(() => undefined);
      for (const plugin of started.splice(0).reverse()) {
        try {
          await plugin.close?.();
        } catch (error) {
          logger.error({ err: error, plugin: plugin.name }, 'a plugin failed to close');
        }
      }
    },
  };
}
