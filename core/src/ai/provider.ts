import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { DocsiftError } from '../contracts/errors.js';
import type { Logger } from '../contracts/logger.js';
import type { Classifier, ExtractionAssistant, GenericExtractor } from '../contracts/services.js';
import { DocumentReviewer } from './document-reviewer.js';
import type { ChatModel } from './json-output.js';
import { LlmClassifier } from './llm-classifier.js';
import { LlmExtractor, type SchemaLookup } from './llm-extractor.js';
import { ModelAssistant } from './model-assistant.js';

export interface AiProviderOptions {
  /** Base URL of an OpenAI-compatible endpoint (`http://localhost:11434/v1`); OpenAI's own when absent. */
  baseUrl?: string;
  apiKey?: string;
  /** Model name, sent to the endpoint and reported in `modelVersions`. */
  model: string;
  /** A LangChain chat model to use instead of ChatOpenAI (tests, other providers). */
  chatModel?: BaseChatModel;
  /** Data schema of a type (a plugin's `dataSchema`); types without one get a schema from their fields. */
  schemaFor?: SchemaLookup;
  /** Characters of document text put into a prompt (default 12000). */
  maxTextChars?: number;
  /** Per-request timeout in milliseconds (default 60000). */
  timeoutMs?: number;
  /** Retries of failed HTTP requests by the client (default 2); invalid answers get one retry regardless. */
  maxRetries?: number;
}

export interface AiProviderDependencies {
  logger: Logger;
  /** Supplied by the composition root from the plugin registry; `options.schemaFor` wins when both are set. */
  schemaFor?: SchemaLookup;
}

export interface AiProvider {
  classifier: Classifier;
  extractor: GenericExtractor;
  /** Fills what the local engine left empty or unsure (`assist: 'model'`). */
  assistant: ExtractionAssistant;
  /** A narrative review of a document's extracted data, part by part (see docs/ai.md). */
  reviewer: DocumentReviewer;
}

/**
 * ChatOpenAI, created on the first call: LangChain and the OpenAI client cost tens of MB, so a
 * process with an AI provider configured that never calls the model never loads them.
 */
function openAiModel(options: AiProviderOptions): ChatModel {
  let client: Promise<ChatModel> | undefined;
  const load = () =>
    (client ??= import('@langchain/openai').then(
      ({ ChatOpenAI }): ChatModel =>
        new ChatOpenAI({
          model: options.model,
          // Keyless local endpoints still need a non-empty key in the client.
          apiKey: options.apiKey ?? 'none',
          configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
          temperature: 0,
          timeout: options.timeoutMs ?? 60_000,
          maxRetries: options.maxRetries ?? 2,
        }),
    ));
  return { invoke: async (input, callOptions) => (await load()).invoke(input, callOptions) };
}

function chatModel(options: AiProviderOptions): ChatModel {
  if (options.chatModel) return options.chatModel;
  if (!options.apiKey && !options.baseUrl) {
    throw new DocsiftError('invalid_argument', 'The AI provider needs an API key, or the base URL of an endpoint that needs none.');
  }
  return openAiModel(options);
}

/** The LLM classifier, extractor, assistant and reviewer over one chat model (ChatOpenAI against any OpenAI-compatible endpoint). */
export function createAiProvider(options: AiProviderOptions, deps: AiProviderDependencies): AiProvider {
  if (!options.model) throw new DocsiftError('invalid_argument', 'The AI provider needs a model name.');
  const model = chatModel(options);
  const logger = deps.logger.child({ component: 'ai', model: options.model });
  const maxTextChars = options.maxTextChars ?? 12_000;
  const extraction = { model, schemaFor: options.schemaFor ?? deps.schemaFor, maxTextChars, logger };
  return {
    classifier: new LlmClassifier({ model, modelName: options.model, maxTextChars, logger }),
    extractor: new LlmExtractor(extraction),
    assistant: new ModelAssistant(extraction),
    reviewer: new DocumentReviewer({ model, maxTextChars, logger }),
  };
}
