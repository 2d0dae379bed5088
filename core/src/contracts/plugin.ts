import type { ZodType } from 'zod';
import type { DocumentModel } from './document.js';
import type { LearnedLayout, ValueLocations } from './learned-layout.js';
import type { LendingSupport } from './lending.js';
import type { Logger } from './logger.js';
import type { RegistryEntry, FieldSpec } from './registry.js';
import type { ExtractionResult, Finding } from './results.js';

/**
 * Version of the plugin contract. Bump it on any breaking change to the interfaces in this file.
 * Version 2 moved the type-specific lending requirement members out of core into the plugins
 * (`lending.requirements`) and added the `init`/`close` hooks.
 */
export const PLUGIN_API_VERSION = 2;

/**
 * The versions core accepts. A version 1 plugin is still accepted when it has no lending checks:
 * the rest of the contract only grew.
 */
export const SUPPORTED_PLUGIN_API_VERSIONS: readonly number[] = [1, PLUGIN_API_VERSION];

/** What a plugin's `init` hook is given. */
export interface PluginInitContext {
  logger: Logger;
}

/**
 * Optional hooks of every plugin kind. `init` runs once before the first document (in each
 * process and engine thread that registers the plugin); `close` runs at shutdown, in reverse order.
 */
export interface PluginLifecycle {
  init?(context: PluginInitContext): Promise<void> | void;
  close?(): Promise<void> | void;
}

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

export interface DocumentTypePlugin<TData = Record<string, unknown>> extends PluginLifecycle {
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
  /** Lending support: checks and their requirement members; a type without it is `unsupported_document` there. */
  lending?: LendingSupport<TData, any>;
}

export interface TemplateExtractContext extends Omit<ExtractContext, 'entry'> {
  /**
   * Layouts learned from corrected documents of the same template (`learn`). The one that matches
   * the document best, if any matches, is read first; its values have `fieldDetails` source `learned`.
   */
  learnedLayouts?: readonly LearnedLayout[];
}

/** Finds values for a list of fields by label anchors (templates and custom registry types). */
export interface TemplateExtractor {
  extract(document: DocumentModel, fields: FieldSpec[], context: TemplateExtractContext): Promise<ExtractionResult<Record<string, unknown>>>;
  /**
   * Where each given value is printed on the document (the user's corrected values, keyed by field
   * name; a list field an array of sub-field objects). Paths as in `fieldDetails`; a value not found
   * on the page has a null page and box.
   */
  locate?(document: DocumentModel, fields: FieldSpec[], values: Record<string, unknown>): Promise<ValueLocations>;
  /**
   * Learns the document's layout from the user's corrected values: a fingerprint of the layout and
   * where each field is printed. Null when the document has no words to learn from.
   */
  learn?(document: DocumentModel, fields: FieldSpec[], values: Record<string, unknown>): Promise<LearnedLayout | null>;
}

export interface TemplateExtractorPlugin extends PluginLifecycle {
  readonly [PLUGIN_BRAND]?: true;
  apiVersion: typeof PLUGIN_API_VERSION;
  kind: 'template-extractor';
  name: string;
  version: string;
  extractor: TemplateExtractor;
}

export type DocsiftPlugin = DocumentTypePlugin<any> | TemplateExtractorPlugin;
