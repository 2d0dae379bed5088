import { DocsiftError } from '../contracts/errors.js';
import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { RegistryEntry } from '../contracts/registry.js';
import {
  UNKNOWN_TYPE,
  type Classification,
  type ExtractionResult,
  type Finding,
  type ProcessResult,
  type StageTimings,
} from '../contracts/results.js';
import type { Classifier, DocumentReader, GenericExtractor } from '../contracts/services.js';
import type { PluginRegistry } from '../registry/plugin-registry.js';
import { STAGE_PROGRESS_END, STAGE_PROGRESS_START, type Stage } from './stages.js';

export type Engine = 'local' | 'model';

export interface ProcessOptions {
  /** A type code (or legacy code) the caller says the document is; see docs/engine.md for how it is used. */
  typeHint?: string;
  /** Registry entries beyond the installed plugins (an organization's own types). */
  extraEntries?: RegistryEntry[];
  /** Only these type codes may be returned; anything else is `unknown` (the lending variant). */
  allowedTypes?: string[];
  /** `local` (default) or `model` (the configured LLM provider). */
  engine?: Engine;
  /** The moment to judge dates against (expiry); defaults to the clock. */
  now?: Date;
  signal?: AbortSignal;
  /** 0..100 as the stages advance. */
  onProgress?: (progress: number, stage: Stage) => void;
}

export interface PipelineDependencies {
  documentReader: DocumentReader;
  localClassifier: Classifier;
  aiClassifier: Classifier | null;
  aiExtractor: GenericExtractor | null;
  pluginRegistry: PluginRegistry;
  logger: Logger;
  clock: () => Date;
}

/** ingest → read → classify → extract → validate, as one explicit list of stages. */
export class Pipeline {
  readonly #deps: PipelineDependencies;

  constructor(deps: PipelineDependencies) {
    this.#deps = deps;
  }

  /** Every registry entry a call may classify into. */
  entries(options: Pick<ProcessOptions, 'extraEntries' | 'allowedTypes'> = {}): RegistryEntry[] {
    const builtIn = this.#deps.pluginRegistry.entries();
    const known = new Set(builtIn.map((entry) => entry.typeCode));
    const extra = (options.extraEntries ?? []).filter((entry) => !known.has(entry.typeCode));
    const all = [...builtIn, ...extra];
    return options.allowedTypes ? all.filter((entry) => options.allowedTypes!.includes(entry.typeCode)) : all;
  }

  async process(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessResult> {
    const timings: StageTimings = { ingest: 0, read: 0, classify: 0, extract: 0, validate: 0, total: 0 };
    const started = performance.now();
    const report = (stage: Stage, fraction: number) => {
      const from = STAGE_PROGRESS_START[stage];
      const to = STAGE_PROGRESS_END[stage];
      options.onProgress?.(Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction))), stage);
    };
    const timed = async <T>(stage: Stage, work: () => Promise<T> | T): Promise<T> => {
      this.#throwIfAborted(options.signal);
      report(stage, 0);
      const t0 = performance.now();
      const value = await work();
      timings[stage] = round(performance.now() - t0);
      report(stage, 1);
      return value;
    };

    const fileType = await timed('ingest', () => this.#deps.documentReader.sniff(bytes));
    const document = await timed('read', () =>
      this.#deps.documentReader.read(bytes, { signal: options.signal, onProgress: (f) => report('read', f) }),
    );
    const entries = this.entries(options);
    const classification = await timed('classify', () => this.#classify(document, entries, options));
    const extraction = await timed('extract', () => this.#extract(document, classification.documentType, entries, options));
    const findings = await timed('validate', () => this.#validate(classification, extraction, options));
    timings.total = round(performance.now() - started);

    return {
      fileType,
      pageCount: document.pageCount,
      documentType: classification.documentType,
      classificationConfidence: round(classification.confidence, 4),
      alternativeTypes: classification.alternativeTypes,
      extractedData: extraction?.data ?? null,
      fieldDetails: extraction?.fieldDetails ?? {},
      findings: [...hintFindings(classification, options), ...findings],
      timingsMs: timings,
      pageSources: document.pages.map((page) => page.source),
    };
  }

  /** Reads a file into the document model only. */
  read(bytes: Uint8Array, options: Pick<ProcessOptions, 'signal'> = {}): Promise<DocumentModel> {
    return this.#deps.documentReader.read(bytes, options);
  }

  async #classify(document: DocumentModel, entries: RegistryEntry[], options: ProcessOptions): Promise<Classification> {
    const classifier = this.#engine(options) === 'model' ? this.#deps.aiClassifier! : this.#deps.localClassifier;
    const classification = await classifier.classify(document, entries, { signal: options.signal });
    const hint = options.typeHint ? this.#deps.pluginRegistry.canonicalTypeCode(options.typeHint) : null;
    if (!hint) return classification;
    const hinted = entries.find((entry) => entry.typeCode === hint);
    if (!hinted) {
      throw new DocsiftError('invalid_argument', `The type hint "${options.typeHint}" is not a registered document type.`, {
        typeHint: options.typeHint,
      });
    }
    if (classification.documentType === hint) return classification;
    const hintedConfidence =
      classification.bestTypeCode === hint
        ? classification.confidence
        : (classification.alternativeTypes.find((alt) => alt.typeCode === hint)?.confidence ?? 0);
    const others = [
      ...(classification.bestTypeCode && classification.bestTypeCode !== hint
        ? [
            {
              typeCode: classification.bestTypeCode,
              displayName: entries.find((entry) => entry.typeCode === classification.bestTypeCode)?.displayName ?? classification.bestTypeCode,
              confidence: classification.confidence,
            },
          ]
        : []),
      ...classification.alternativeTypes.filter((alt) => alt.typeCode !== hint && alt.typeCode !== classification.bestTypeCode),
    ];
    return {
      ...classification,
      documentType: hint,
      bestTypeCode: hint,
      confidence: hintedConfidence,
      alternativeTypes: others,
      classifier: `${classification.classifier}+hint`,
    };
  }

  async #extract(
    document: DocumentModel,
    typeCode: string,
    entries: RegistryEntry[],
    options: ProcessOptions,
  ): Promise<ExtractionResult<Record<string, unknown>> | null> {
    if (typeCode === UNKNOWN_TYPE) return null;
    const entry = entries.find((candidate) => candidate.typeCode === typeCode);
    if (!entry) return null;
    const now = options.now ?? this.#deps.clock();
    const logger = this.#deps.logger.child({ stage: 'extract', typeCode });
    if (this.#engine(options) === 'model') {
      return this.#deps.aiExtractor!.extract(document, entry, { signal: options.signal });
    }
    const plugin = this.#deps.pluginRegistry.plugin(typeCode);
    if (plugin) return plugin.extractor.extract(document, { entry, logger, now, signal: options.signal });
    const templateExtractor = this.#deps.pluginRegistry.templateExtractor;
    if (!templateExtractor || entry.fields.length === 0) return null;
    return templateExtractor.extract(document, entry.fields, { logger, now, signal: options.signal });
  }

  #validate(classification: Classification, extraction: ExtractionResult<Record<string, unknown>> | null, options: ProcessOptions): Finding[] {
    if (!extraction) return [];
    const plugin = this.#deps.pluginRegistry.plugin(classification.documentType);
    if (!plugin) return [];
    const now = options.now ?? this.#deps.clock();
    return plugin.validators.flatMap((validator) => {
      try {
        return validator(extraction.data, { now });
      } catch (error) {
        this.#deps.logger.error({ err: error, typeCode: plugin.entry.typeCode }, 'validator threw');
        return [{ severity: 'warning' as const, code: 'validator_failed', message: `A validator of ${plugin.name} failed; its checks are missing.` }];
      }
    });
  }

  #engine(options: ProcessOptions): Engine {
    const engine = options.engine ?? 'local';
    if (engine === 'model' && (!this.#deps.aiClassifier || !this.#deps.aiExtractor)) {
      throw new DocsiftError('invalid_argument', 'The model engine was asked for, but no AI provider is configured.');
    }
    return engine;
  }

  #throwIfAborted(signal: AbortSignal | undefined): void {
    if (signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
  }
}

function hintFindings(classification: Classification, options: ProcessOptions): Finding[] {
  if (!classification.classifier.endsWith('+hint')) return [];
  return [
    {
      severity: 'warning',
      code: 'type_hint_overrode_classifier',
      message: `The document was extracted as "${classification.documentType}" because the request said so; the classifier gave that type ${classification.confidence.toFixed(2)}.`,
      details: { typeHint: options.typeHint ?? null },
    },
  ];
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
