import type { DocumentModel } from '../contracts/document.js';
import type { FieldSpec, RegistryEntry } from '../contracts/registry.js';
import type { ExtractionResult, Finding } from '../contracts/results.js';
import type { AssistedExtraction, ExtractionAssistant } from '../contracts/services.js';
import { leavesToAsk, mergeAnswer } from './assist-merge.js';
import { promptText } from './document-text.js';
import { isAiProviderError, type AiProviderError } from './errors.js';
import { dataSchemaOf, requestExtraction, type ExtractionAnswer, type LlmExtractorOptions } from './llm-extractor.js';
import { scalarLeaves, schemaOfLeaves, type SchemaLeaf } from './schema-leaves.js';

const capitalised = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * The entry's field that describes a path, named after it: `producer.name` is `producerName`,
 * `documentMetadata.lenderName` is `lenderName` (the longest camel-case join of its last keys first).
 */
function fieldOfPath(entry: RegistryEntry, path: string): FieldSpec | undefined {
  const keys = path.split('.');
  for (let first = 0; first < keys.length; first += 1) {
    const name = keys.slice(first).map((key, index) => (index === 0 ? key : capitalised(key))).join('');
    const field = entry.fields.find((candidate) => candidate.name === name);
    if (field) return field;
  }
  return undefined;
}

/** The asked paths the entry describes, named by path, for the prompt's field list. */
function askedFields(entry: RegistryEntry, asked: SchemaLeaf[]): FieldSpec[] {
  return asked.flatMap(({ path }) => {
    const field = fieldOfPath(entry, path);
    return field ? [{ ...field, name: path }] : [];
  });
}

function notApplied(error: AiProviderError): Finding {
  const why = error.code === 'ai_request_failed' ? 'the AI model could not be reached' : "the AI model's answer did not match the schema";
  return {
    severity: 'warning',
    code: 'model_assist_failed',
    message: `Model assistance was not applied because ${why}; the values are the local engine's.`,
    details: { reason: error.code },
  };
}

/**
 * Asks the model, in one call, for the values the local engine left empty or unsure (a schema of
 * those paths only, with the document text) and keeps the answers it can find printed on the page.
 * A provider failure leaves the local result as it is, with a `model_assist_failed` warning.
 */
export class ModelAssistant implements ExtractionAssistant {
  readonly name = 'model';
  readonly #options: LlmExtractorOptions;

  constructor(options: LlmExtractorOptions) {
    this.#options = options;
  }

  async assist(
    document: DocumentModel,
    entry: RegistryEntry,
    local: ExtractionResult<Record<string, unknown>>,
    options: { unsureBelow: number; signal?: AbortSignal },
  ): Promise<AssistedExtraction> {
    const asked = leavesToAsk(scalarLeaves(dataSchemaOf(entry, this.#options.schemaFor)), local, options.unsureBelow);
    if (asked.length === 0 || !promptText(document, this.#options.maxTextChars).trim()) return { extraction: local, findings: [] };
    const logger = this.#options.logger.child({ typeCode: entry.typeCode });
    let answer: ExtractionAnswer;
    try {
      answer = await requestExtraction(this.#options, document, {
        entry,
        schema: schemaOfLeaves(asked),
        fields: askedFields(entry, asked),
        purpose: 'extraction assistance',
        signal: options.signal,
      });
    } catch (error) {
      if (!isAiProviderError(error)) throw error;
      logger.warn({ code: error.code, asked: asked.length }, 'model assistance was not applied; the local result stands');
      return { extraction: local, findings: [notApplied(error)] };
    }
    const merge = mergeAnswer(document, local, answer, asked, options.unsureBelow);
    logger.debug(
      { asked: asked.length, filled: merge.filled, unlocated: merge.unlocated.length, claimed: merge.claimed.length, confirmed: merge.confirmed.length },
      'model assistance merged; answers not printed on the page were dropped',
    );
    return { extraction: merge.extraction, findings: [] };
  }
}
