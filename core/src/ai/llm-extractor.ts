import type { ZodType } from 'zod';
import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { FieldSpec, RegistryEntry } from '../contracts/registry.js';
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

/** What the model answered: data matching the schema asked for, and its confidence by path. */
export interface ExtractionAnswer {
  data: Record<string, unknown>;
  confidence: Record<string, unknown>;
}

export interface ExtractionRequest {
  entry: RegistryEntry;
  /** Schema of the `data` asked for. */
  schema: ZodType;
  /** Fields named in the prompt with their type and description. */
  fields: FieldSpec[];
  /** What is asked for, for messages (`extraction`). */
  purpose: string;
  signal?: AbortSignal;
}

const SYSTEM_PROMPT = [
  'You extract structured data from business documents.',
  'Answer with one JSON object and nothing else, of this shape:',
  '{"data": <an object matching the JSON Schema given by the user>, "confidence": {"<field path>": <0..1>}}',
  'Use null for a value the document does not contain; never invent values.',
  'Write dates as YYYY-MM-DD and amounts of money as plain numbers without currency symbols.',
].join('\n');

function fieldList(fields: FieldSpec[]): string {
  if (!fields.length) return '';
  return `Fields:\n${fields.map((field) => `- ${field.name} (${field.type}${field.required ? ', required' : ''}): ${field.description}`).join('\n')}\n\n`;
}

/** Accepts `{data, confidence}` or, from models that skip the envelope, the bare data object. */
function answerValidator(schema: ZodType): JsonCall<ExtractionAnswer>['validate'] {
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

/** The model's confidence for a path (or its top-level field), else the default. */
export function modelConfidence(confidence: Record<string, unknown>, path: string): number {
  const topLevel = path.split(/[.[]/)[0];
  const given = confidence[path] ?? confidence[topLevel];
  return typeof given === 'number' && given >= 0 && given <= 1 ? given : DEFAULT_MODEL_CONFIDENCE;
}

/** The data schema of a type: its plugin's `dataSchema`, else one built from its fields. */
export function dataSchemaOf(entry: RegistryEntry, schemaFor: SchemaLookup | undefined): ZodType {
  return schemaFor?.(entry.typeCode) ?? schemaFromFields(entry.fields);
}

/** One extraction call: the type, the fields and the schema asked for, and the document text; the answer validated against the schema. */
export function requestExtraction(options: LlmExtractorOptions, document: DocumentModel, request: ExtractionRequest): Promise<ExtractionAnswer> {
  const { entry, schema } = request;
  const jsonSchema = jsonSchemaText(schema);
  const text = [
    `Document type: ${entry.displayName} (${entry.typeCode}). ${entry.description}`,
    '',
    `${fieldList(request.fields)}${jsonSchema ? `JSON Schema of "data":\n${jsonSchema}\n\n` : ''}Document text (reading order; pages separated by a form-feed line):`,
    `<<<\n${promptText(document, options.maxTextChars)}\n>>>`,
  ].join('\n');
  return invokeForJson({
    model: options.model,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'human', content: text },
    ],
    validate: answerValidator(schema),
    purpose: request.purpose,
    logger: options.logger,
    signal: request.signal,
  });
}

/** Extracts any registry type with an LLM; output validated against the type's schema, every value located in the words. */
export class LlmExtractor implements GenericExtractor {
  readonly name = 'model';
  readonly #options: LlmExtractorOptions;

  constructor(options: LlmExtractorOptions) {
    this.#options = options;
  }

  async extract(document: DocumentModel, entry: RegistryEntry, options: { signal?: AbortSignal } = {}): Promise<ExtractionResult<Record<string, unknown>>> {
    const schema = dataSchemaOf(entry, this.#options.schemaFor);
    const answer = await requestExtraction(this.#options, document, { entry, schema, fields: entry.fields, purpose: 'extraction', signal: options.signal });
    return { data: answer.data, fieldDetails: provenance(document, answer) };
  }
}

function provenance(document: DocumentModel, answer: ExtractionAnswer): FieldDetails {
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
