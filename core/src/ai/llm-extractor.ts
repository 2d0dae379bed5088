import type { ZodType } from 'zod';
import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { RegistryEntry } from '../contracts/registry.js';
import type { ExtractionResult, FieldDetails } from '../contracts/results.js';
import type { GenericExtractor } from '../contracts/services.js';
import { promptText } from './document-text.js';
import { jsonSchemaText, schemaFromFields } from './field-schema.js';
import { describeZodIssues, invokeForJson, type ChatModel, type JsonCall } from './json-output.js';
import { leaves, locate } from './locate.js';

/** Gives a type's data schema (a built-in plugin's `dataSchema`), or undefined for types known by fields only. */
export type SchemaLookup = (typeCode: string) => ZodType | undefined;

export interface LlmExtractorOptions {
  model: ChatModel;
  schemaFor?: SchemaLookup;
  maxTextChars: number;
  logger: Logger;
}

/** Confidence of a value the model gave no confidence for. */
export const DEFAULT_MODEL_CONFIDENCE = 0.6;
/** A value that cannot be found in the document's words may be invented: its confidence is scaled down. */
export const UNLOCATED_FACTOR = 0.75;

interface Answer {
  data: Record<string, unknown>;
  confidence: Record<string, unknown>;
}

const SYSTEM_PROMPT = [
  'You extract structured data from business documents.',
  'Answer with one JSON object and nothing else, of this shape:',
  '{"data": <an object matching the JSON Schema given by the user>, "confidence": {"<field path>": <0..1>}}',
  'Use null for a value the document does not contain; never invent values.',
  'Write dates as YYYY-MM-DD and amounts of money as plain numbers without currency symbols.',
].join('\n');

function fieldList(entry: RegistryEntry): string {
  if (!entry.fields.length) return '';
  return `Fields:\n${entry.fields.map((field) => `- ${field.name} (${field.type}${field.required ? ', required' : ''}): ${field.description}`).join('\n')}\n\n`;
}

/** Accepts `{data, confidence}` or, from models that skip the envelope, the bare data object. */
function answerValidator(schema: ZodType): JsonCall<Answer>['validate'] {
  return (value) => {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const data = 'data' in record ? record.data : record;
    const confidence = typeof record.confidence === 'object' && record.confidence !== null ? record.confidence : {};
    const result = schema.safeParse(data);
    if (!result.success) return { success: false, problem: describeZodIssues(result.error.issues) };
    if (typeof result.data !== 'object' || result.data === null) return { success: false, problem: 'data: expected an object' };
    return { success: true, data: { data: result.data as Record<string, unknown>, confidence: confidence as Record<string, unknown> } };
  };
}

function modelConfidence(confidence: Record<string, unknown>, path: string): number {
  const topLevel = path.split(/[.[]/)[0];
  const given = confidence[path] ?? confidence[topLevel];
  return typeof given === 'number' && given >= 0 && given <= 1 ? given : DEFAULT_MODEL_CONFIDENCE;
}

/** Extracts any registry type with an LLM; output validated against the type's schema, every value located in the words. */
export class LlmExtractor implements GenericExtractor {
  readonly name = 'model';
  readonly #options: LlmExtractorOptions;

  constructor(options: LlmExtractorOptions) {
    this.#options = options;
  }

  async extract(document: DocumentModel, entry: RegistryEntry, options: { signal?: AbortSignal } = {}): Promise<ExtractionResult<Record<string, unknown>>> {
    const schema = this.#options.schemaFor?.(entry.typeCode) ?? schemaFromFields(entry.fields);
    const jsonSchema = jsonSchemaText(schema);
    const request = [
      `Document type: ${entry.displayName} (${entry.typeCode}). ${entry.description}`,
      '',
      `${fieldList(entry)}${jsonSchema ? `JSON Schema of "data":\n${jsonSchema}\n\n` : ''}Document text (reading order; pages separated by a form-feed line):`,
      `<<<\n${promptText(document, this.#options.maxTextChars)}\n>>>`,
    ].join('\n');
    const answer = await invokeForJson({
      model: this.#options.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'human', content: request },
      ],
      validate: answerValidator(schema),
      purpose: 'extraction',
      logger: this.#options.logger,
      signal: options.signal,
    });
    return { data: answer.data, fieldDetails: provenance(document, answer) };
  }
}

function provenance(document: DocumentModel, answer: Answer): FieldDetails {
  const details: FieldDetails = {};
  for (const [path, value] of leaves(answer.data)) {
    const location = locate(document, value);
    const confidence = modelConfidence(answer.confidence, path) * (location ? 1 : UNLOCATED_FACTOR);
    details[path] = {
      confidence: Math.round(confidence * 1000) / 1000,
      page: location?.page ?? null,
      bbox: location?.bbox ?? null,
      source: 'model',
    };
  }
  return details;
}
