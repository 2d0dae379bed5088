import type { ZodType } from 'zod';
import type { DocumentModel } from './document.js';
import type { LendingEvaluator } from './lending.js';
import type { Logger } from './logger.js';
import type { RegistryEntry, FieldSpec } from './registry.js';
import type { ExtractionResult, Finding } from './results.js';

/**
 * Version of the plugin contract. Core refuses plugins that declare another one.
 * Bump it on any breaking change to the interfaces in this file.
 */
export const PLUGIN_API_VERSION = 1;

/** Global brand, so two installed copies of core still recognise each other's plugins. */
export const PLUGIN_BRAND: unique symbol = Symbol.for('docsift.plugin') as never;

/** A trained detector artifact written by `npm run train` (see docs/plugins.md). */
export interface DetectorArtifact {
  format: string;
  typeCode: string;
  version: string;
  [key: string]: unknown;
}

/** A positive training example owned by a plugin: a document's text in reading order. */
export interface TrainingExample {
  id: string;
  text: string;
}

/** How a plugin's type is recognised: a trained model plus the data it was trained on. */
export interface PluginDetector {
  /** The versioned model; null until `npm run train` has produced one (the registry scorer then stands in). */
  artifact: DetectorArtifact | null;
  /** The plugin's own positive examples. Negatives are shared and owned by core. */
  trainingExamples(): Promise<TrainingExample[]>;
}

export interface ExtractContext {
  entry: RegistryEntry;
  logger: Logger;
  /** The moment the document is processed (dates are judged against it). */
  now: Date;
  signal?: AbortSignal;
}

export interface Extractor<TData> {
  extract(document: DocumentModel, context: ExtractContext): Promise<ExtractionResult<TData>>;
}

export interface ValidateContext {
  now: Date;
}

/** Checks one kind of data and returns findings; never throws on bad data. */
export type Validator<TData> = (data: TData, context: ValidateContext) => Finding[];

/** Maps primary-layout data to the legacy layout of the type (`?layout=legacy`). */
export interface LegacyMapping<TData> {
  /** The legacy type code (`insurance_certificate`). */
  typeCode: string;
  toLegacy(data: TData): Record<string, unknown>;
}

export interface DocumentTypePlugin<TData = Record<string, unknown>> {
  readonly [PLUGIN_BRAND]?: true;
  apiVersion: typeof PLUGIN_API_VERSION;
  kind: 'document-type';
  /** Package name, for messages. */
  name: string;
  version: string;
  entry: RegistryEntry;
  /** Schema of `extractedData` in the primary layout (validates AI output, documents the API). */
  dataSchema: ZodType<TData>;
  detector: PluginDetector;
  extractor: Extractor<TData>;
  validators: Validator<TData>[];
  legacy?: LegacyMapping<TData>;
  /** Compliance checks of the lending variant; a type without one is `unsupported_document` there. */
  lending?: LendingEvaluator<TData>;
}

/** Finds values for a list of fields by label anchors (templates and custom registry types). */
export interface TemplateExtractor {
  extract(
    document: DocumentModel,
    fields: FieldSpec[],
    context: Omit<ExtractContext, 'entry'>,
  ): Promise<ExtractionResult<Record<string, unknown>>>;
}

export interface TemplateExtractorPlugin {
  readonly [PLUGIN_BRAND]?: true;
  apiVersion: typeof PLUGIN_API_VERSION;
  kind: 'template-extractor';
  name: string;
  version: string;
  extractor: TemplateExtractor;
}

export type DocsiftPlugin = DocumentTypePlugin<any> | TemplateExtractorPlugin;
