import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import { PLUGIN_API_VERSION, type DocsiftPlugin, type DocumentTypePlugin, type TemplateExtractorPlugin } from '../contracts/plugin.js';
import type { FieldSpec } from '../contracts/registry.js';
import type { ExtractionResult, Finding } from '../contracts/results.js';
import { validatePlugin } from '../registry/validate-plugin.js';
import { documentFromText } from './document-from-text.js';

export interface ConformanceSample {
  name: string;
  document: DocumentModel;
}

export interface ConformanceOptions {
  /** Documents of the plugin's type; extraction on each must satisfy the data schema. */
  samples?: ConformanceSample[];
  /** Fields to ask a template extractor for (template-extractor plugins only). */
  templateFields?: FieldSpec[];
  now?: Date;
}

/** One named check; `run` resolves to a list of problems (empty when the plugin conforms). */
export interface ConformanceCheck {
  name: string;
  run(): Promise<string[]>;
}

// The host test runner's globals (mocha, jasmine, vitest with globals); declared here so core needs no test-runner types.
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => Promise<void>): void;

/** A logger that drops everything; for tests. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};

const FINDING_SEVERITIES = new Set(['error', 'warning', 'info']);

/** The standard checks as plain functions, for any test runner. */
export function conformanceChecks(plugin: unknown, options: ConformanceOptions = {}): ConformanceCheck[] {
  const shape: ConformanceCheck = {
    name: `declares plugin API version ${PLUGIN_API_VERSION} and a valid shape`,
    run: async () => {
      try {
        validatePlugin(plugin);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    },
  };
  const candidate = plugin as DocsiftPlugin;
  if (candidate?.kind === 'template-extractor') return [shape, ...templateChecks(candidate, options)];
  if (candidate?.kind !== 'document-type') return [shape];
  return [shape, ...documentTypeChecks(candidate, options)];
}

function documentTypeChecks(plugin: DocumentTypePlugin, options: ConformanceOptions): ConformanceCheck[] {
  const now = options.now ?? new Date('2026-01-15T12:00:00Z');
  const empty: ConformanceSample = { name: 'an empty page', document: documentFromText('') };
  const unrelated: ConformanceSample = {
    name: 'an unrelated letter',
    document: documentFromText('Dear neighbour,\n\nThe garden party is on Saturday at noon.\n\nKind regards,\nAlex'),
  };
  const samples = [empty, unrelated, ...(options.samples ?? [])];
  const extract = (document: DocumentModel) => plugin.extractor.extract(document, { entry: plugin.entry, logger: silentLogger, now });
  return [
    {
      name: 'registry entry: legacy codes differ from the type code',
      run: async () => (plugin.entry.legacyTypeCodes.includes(plugin.entry.typeCode) ? ['a legacy code repeats the type code'] : []),
    },
    {
      name: 'detector: training examples are {id, text} and the artifact names this type',
      run: async () => {
        const problems: string[] = [];
        const examples = await plugin.detector.trainingExamples();
        if (!Array.isArray(examples) || examples.length === 0) problems.push('trainingExamples() returned no examples');
        for (const example of examples ?? []) {
          if (typeof example?.id !== 'string' || typeof example?.text !== 'string' || !example.text.trim()) {
            problems.push(`training example ${JSON.stringify(example?.id)} needs a string id and non-empty text`);
            break;
          }
        }
        const artifact = plugin.detector.artifact;
        if (artifact && artifact.typeCode !== plugin.entry.typeCode) {
          problems.push(`detector artifact is for "${artifact.typeCode}", not "${plugin.entry.typeCode}"`);
        }
        return problems;
      },
    },
    ...samples.map((sample) => ({
      name: `extractor: output on ${sample.name} satisfies dataSchema, with consistent fieldDetails`,
      run: async () => {
        const copy = structuredClone(sample.document);
        const result = await extract(copy);
        const problems = [...schemaProblems(plugin, result), ...fieldDetailProblems(result)];
        if (JSON.stringify(copy) !== JSON.stringify(sample.document)) problems.push('the extractor changed the document it was given');
        return problems;
      },
    })),
    ...samples.map((sample) => ({
      name: `validators and legacy mapper accept the extraction of ${sample.name}`,
      run: async () => {
        const { data } = await extract(structuredClone(sample.document));
        const problems = plugin.validators.flatMap((validator) => findingProblems(validator(data, { now })));
        if (plugin.legacy) {
          const legacy = plugin.legacy.toLegacy(data);
          if (typeof legacy !== 'object' || legacy === null || Array.isArray(legacy)) problems.push('legacy.toLegacy must return an object');
        }
        return problems;
      },
    })),
  ];
}

function templateChecks(plugin: TemplateExtractorPlugin, options: ConformanceOptions): ConformanceCheck[] {
  const fields: FieldSpec[] = options.templateFields ?? [
    { name: 'invoiceNumber', type: 'string', description: 'Invoice number' },
    { name: 'total', type: 'currency', description: 'Total amount due' },
  ];
  const documents = [documentFromText(''), ...(options.samples ?? []).map((sample) => sample.document)];
  return [
    {
      name: 'template extractor: one key per requested field, with consistent fieldDetails',
      run: async () => {
        const problems: string[] = [];
        for (const document of documents) {
          const result = await plugin.extractor.extract(document, fields, { logger: silentLogger, now: options.now ?? new Date() });
          const missing = fields.filter((field) => !(field.name in result.data)).map((field) => field.name);
          if (missing.length) problems.push(`data lacks requested fields: ${missing.join(', ')}`);
          problems.push(...fieldDetailProblems(result));
        }
        return problems;
      },
    },
  ];
}

function schemaProblems(plugin: DocumentTypePlugin, result: ExtractionResult<unknown>): string[] {
  const parsed = plugin.dataSchema.safeParse(result.data);
  return parsed.success
    ? []
    : parsed.error.issues.slice(0, 5).map((issue) => `data.${issue.path.join('.')}: ${issue.message}`);
}

function fieldDetailProblems(result: ExtractionResult<unknown>): string[] {
  const problems: string[] = [];
  for (const [path, detail] of Object.entries(result.fieldDetails ?? {})) {
    if (readPath(result.data, path) === undefined) problems.push(`fieldDetails["${path}"] names no value in data`);
    if (!(detail.confidence >= 0 && detail.confidence <= 1)) problems.push(`fieldDetails["${path}"].confidence is not in [0,1]`);
    if (detail.page !== null && !(Number.isInteger(detail.page) && detail.page >= 1)) problems.push(`fieldDetails["${path}"].page must be null or ≥ 1`);
    if (detail.bbox !== null && !(detail.bbox.length === 4 && detail.bbox.every((v) => v >= 0 && v <= 1))) {
      problems.push(`fieldDetails["${path}"].bbox must be null or four fractions`);
    }
    if (!['form', 'text', 'ocr', 'model', 'learned'].includes(detail.source)) problems.push(`fieldDetails["${path}"].source is ${detail.source}`);
  }
  return problems;
}

function findingProblems(findings: Finding[]): string[] {
  if (!Array.isArray(findings)) return ['a validator did not return an array'];
  return findings
    .filter((finding) => !FINDING_SEVERITIES.has(finding.severity) || !/^[a-z][a-z0-9_]*$/.test(finding.code) || !finding.message)
    .map((finding) => `malformed finding ${JSON.stringify(finding)}`);
}

/** Reads `a.b[2].c` from an object; undefined when any step is missing. */
export function readPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const step of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/**
 * Registers the standard checks as a mocha/jasmine-style suite (uses the global `describe` and `it`).
 * One line in a plugin's tests: `runPluginConformance(myPlugin(), { samples })`.
 */
export function runPluginConformance(plugin: unknown, options: ConformanceOptions = {}): void {
  const name = (plugin as { name?: string })?.name ?? 'plugin';
  describe(`plugin conformance: ${name}`, () => {
    for (const check of conformanceChecks(plugin, options)) {
      it(check.name, async () => {
        const problems = await check.run();
        if (problems.length) throw new Error(problems.join('\n'));
      });
    }
  });
}
