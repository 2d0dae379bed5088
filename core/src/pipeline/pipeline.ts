import { DocsiftError } from '../contracts/errors.js';
import type { DocumentModel, FileFormat } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { FieldSpec, RegistryEntry } from '../contracts/registry.js';
import type { LearnedLayout } from '../contracts/learned-layout.js';
import {
  UNKNOWN_TYPE,
  type Classification,
  type ExtractionResult,
  type Finding,
  type PageGeometry,
  type ProcessResult,
  type StageTimings,
} from '../contracts/results.js';
import type { Classifier, DocumentReader, ExtractionAssistant, GenericExtractor } from '../contracts/services.js';
import type { PluginRegistry } from '../registry/plugin-registry.js';
import { STAGE_PROGRESS_END, STAGE_PROGRESS_START, type Stage } from './stages.js';

export type Engine = 'local' | 'model';
/** Who fills what the local engine left empty or unsure: `model`, the configured LLM provider. */
export type Assist = 'model';

/** A value read with less confidence than this is asked of the assistant (`assistBelow`). */
const DEFAULT_ASSIST_BELOW = 0.6;

export interface ProcessOptions {
  /** A type code (or legacy code) the caller says the document is; docs/embedding.md (`process` options) says how it is used. */
  typeHint?: string;
  /** Registry entries beyond the installed plugins (an organization's own types). */
  extraEntries?: RegistryEntry[];
  /** Only these type codes may be returned; anything else is `unknown` (the lending variant). */
  allowedTypes?: string[];
  /** `local` (default) or `model` (the configured LLM provider). */
  engine?: Engine;
  /**
   * `model`: after the local engine, ask the configured LLM provider (one call) for the values left
   * empty or read with less confidence than `assistBelow`, keeping only answers printed on the page
   * (`fieldDetails` source `model`). Local engine only; nothing is sent unless this is set.
   */
  assist?: Assist;
  /** 0..1: a value read with less confidence is unsure and asked too (default 0.6; 0 asks only for empty values). */
  assistBelow?: number;
  /** The moment to judge dates against (expiry); defaults to the clock. */
  now?: Date;
  /** Stops the work between pages and stages: the call rejects with the engine error `aborted`. */
  signal?: AbortSignal;
  /** Called once the page count is known, before any page is read. */
  onPageCount?: (pageCount: number) => void;
  /** 0..100 as the stages advance. */
  onProgress?: (progress: number, stage: Stage) => void;
  /**
   * Extraction by template (a consumer's fields): the template extractor reads these fields and no
   * type's extractor runs. `documentType` is then `template`, unless `typeHint` names a type: the
   * document is then classified and a `template_type_mismatch` warning says when it does not look
   * like that type. The result keeps the document as read (`document`).
   */
  template?: { fields: FieldSpec[] };
  /**
   * Layouts learned from corrected documents (the template extractor's `learn`), handed to the
   * template extractor: a document that matches one is read with it first (`fieldDetails` source `learned`).
   */
  learnedLayouts?: readonly LearnedLayout[];
}

/** The `documentType` of an extraction by template whose template names no type. */
export const TEMPLATE_DOCUMENT_TYPE = 'template';

export interface PipelineDependencies {
  documentReader: DocumentReader;
  localClassifier: Classifier;
  aiClassifier: Classifier | null;
  aiExtractor: GenericExtractor | null;
  aiAssistant: ExtractionAssistant | null;
  pluginRegistry: PluginRegistry;
  logger: Logger;
  clock: () => Date;
}

/** What the extract stage gives: the data (null for an unknown type) and findings about how it was obtained. */
type Extraction = { extraction: ExtractionResult<Record<string, unknown>> | null; findings: Finding[] };

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
    const started = performance.now();
    const { timed, timings, report } = this.#stageClock(options);
    this.#checkAssist(options);
    const fileType = await timed('ingest', () => this.#deps.documentReader.sniff(bytes));
    const document = await timed('read', () =>
      this.#deps.documentReader.read(bytes, { signal: options.signal, onPageCount: options.onPageCount, onProgress: (f) => report('read', f) }),
    );
    if (options.template) return this.#processTemplate(document, fileType, options.template.fields, { options, timed, timings, started });
    return this.#classifyExtractValidate(document, fileType, options, { timed, timings, started });
  }

  /**
   * `process` for a document already read (one part of a packet, `subDocument`): classify, extract
   * and validate; its ingest and read timings are 0.
   */
  async processDocument(document: DocumentModel, fileType: FileFormat, options: ProcessOptions = {}): Promise<ProcessResult> {
    const started = performance.now();
    const { timed, timings } = this.#stageClock(options);
    this.#checkAssist(options);
    if (options.template) return this.#processTemplate(document, fileType, options.template.fields, { options, timed, timings, started });
    return this.#classifyExtractValidate(document, fileType, options, { timed, timings, started });
  }

  #stageClock(options: ProcessOptions) {
    const timings: StageTimings = { ingest: 0, read: 0, classify: 0, extract: 0, validate: 0, total: 0 };
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
    return { timings, report, timed };
  }

  async #classifyExtractValidate(
    document: DocumentModel,
    fileType: FileFormat,
    options: ProcessOptions,
    run: { timed: <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>; timings: StageTimings; started: number },
  ): Promise<ProcessResult> {
    const { timed, timings } = run;
    const entries = this.entries(options);
    const classification = await timed('classify', () => this.#classify(document, entries, options));
    const { extraction, findings: extractionFindings } = await timed('extract', () => this.#extract(document, classification.documentType, entries, options));
    const findings = await timed('validate', () => this.#validate(classification, extraction, options));
    timings.total = round(performance.now() - run.started);

    return {
      fileType,
      pageCount: document.pageCount,
      documentType: classification.documentType,
      classificationConfidence: round(classification.confidence, 4),
      alternativeTypes: classification.alternativeTypes,
      extractedData: extraction?.data ?? null,
      fieldDetails: extraction?.fieldDetails ?? {},
      findings: [...hintFindings(classification, options), ...extractionFindings, ...findings],
      timingsMs: timings,
      pageSources: document.pages.map((page) => page.source),
      pages: document.pages.map(pageGeometry),
    };
  }

  async #processTemplate(
    document: DocumentModel,
    fileType: ProcessResult['fileType'],
    fields: FieldSpec[],
    run: { options: ProcessOptions; timed: <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>; timings: StageTimings; started: number },
  ): Promise<ProcessResult> {
    const { options, timed, timings } = run;
    const templateExtractor = this.#deps.pluginRegistry.templateExtractor;
    if (!templateExtractor) throw new DocsiftError('invalid_argument', 'Extraction by template needs a template extractor plugin; none is installed.');
    if ((options.engine ?? 'local') !== 'local' || options.assist !== undefined) {
      throw new DocsiftError('invalid_argument', 'Extraction by template runs on the local engine only (no engine "model", no assist).');
    }
    const hint = options.typeHint ? this.#deps.pluginRegistry.canonicalTypeCode(options.typeHint) : null;
    const classification = hint
      ? await timed('classify', () => this.#deps.localClassifier.classify(document, this.entries(options), { signal: options.signal }))
      : null;
    const now = options.now ?? this.#deps.clock();
    const logger = this.#deps.logger.child({ stage: 'extract', typeCode: TEMPLATE_DOCUMENT_TYPE });
    const extraction = await timed('extract', () => templateExtractor.extract(document, fields, { logger, now, signal: options.signal, learnedLayouts: options.learnedLayouts }));
    timings.total = round(performance.now() - run.started);
    const mismatch: Finding[] =
      classification && hint && classification.documentType !== hint
        ? [
            {
              severity: 'warning',
              code: 'template_type_mismatch',
              message: `The template is for "${hint}" documents, but this document was classified as "${classification.documentType}".`,
              details: { expected: hint, classified: classification.documentType },
            },
          ]
        : [];
    return {
      fileType,
      pageCount: document.pageCount,
      documentType: classification?.documentType ?? TEMPLATE_DOCUMENT_TYPE,
      classificationConfidence: classification ? round(classification.confidence, 4) : 1,
      alternativeTypes: classification?.alternativeTypes ?? [],
      extractedData: extraction.data,
      fieldDetails: extraction.fieldDetails,
      findings: mismatch,
      timingsMs: timings,
      pageSources: document.pages.map((page) => page.source),
      pages: document.pages.map(pageGeometry),
      document,
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

  async #extract(document: DocumentModel, typeCode: string, entries: RegistryEntry[], options: ProcessOptions): Promise<Extraction> {
    const entry = typeCode === UNKNOWN_TYPE ? undefined : entries.find((candidate) => candidate.typeCode === typeCode);
    if (!entry) return { extraction: null, findings: [] };
    if (this.#engine(options) === 'model') {
      return { extraction: await this.#deps.aiExtractor!.extract(document, entry, { signal: options.signal }), findings: [] };
    }
    const local = await this.#extractLocally(document, entry, options);
    if (!local || options.assist !== 'model') return { extraction: local, findings: [] };
    return this.#deps.aiAssistant!.assist(document, entry, local, { unsureBelow: options.assistBelow ?? DEFAULT_ASSIST_BELOW, signal: options.signal });
  }

  async #extractLocally(document: DocumentModel, entry: RegistryEntry, options: ProcessOptions): Promise<ExtractionResult<Record<string, unknown>> | null> {
    const now = options.now ?? this.#deps.clock();
    const logger = this.#deps.logger.child({ stage: 'extract', typeCode: entry.typeCode });
    const plugin = this.#deps.pluginRegistry.plugin(entry.typeCode);
    if (plugin) return plugin.extractor.extract(document, { entry, logger, now, signal: options.signal });
    const templateExtractor = this.#deps.pluginRegistry.templateExtractor;
    if (!templateExtractor || entry.fields.length === 0) return null;
    return templateExtractor.extract(document, entry.fields, { logger, now, signal: options.signal, learnedLayouts: options.learnedLayouts });
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

  #checkAssist(options: ProcessOptions): void {
    if (options.assist === undefined) return;
    if (options.assist !== 'model') {
      throw new DocsiftError('invalid_argument', `Unknown assist "${String(options.assist)}"; the only one is "model".`);
    }
    if (!this.#deps.aiAssistant) {
      throw new DocsiftError('invalid_argument', 'Model assistance was asked for, but no AI provider is configured.');
    }
    if (options.engine === 'model') {
      throw new DocsiftError('invalid_argument', 'Model assistance fills in the local engine\'s result; with engine "model" the model extracts everything already.');
    }
    const below = options.assistBelow ?? DEFAULT_ASSIST_BELOW;
    if (typeof below !== 'number' || !(below >= 0 && below <= 1)) throw new DocsiftError('invalid_argument', 'assistBelow must be a confidence between 0 and 1.');
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

function pageGeometry({ width, height, rotation, deskewAngle }: DocumentModel['pages'][number]): PageGeometry {
  return { width, height, rotation, deskewAngle };
}
