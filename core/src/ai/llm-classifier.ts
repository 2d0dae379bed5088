import { z } from 'zod';
import type { DocumentModel } from '../contracts/document.js';
import type { Logger } from '../contracts/logger.js';
import type { RegistryEntry } from '../contracts/registry.js';
import { UNKNOWN_TYPE, type AlternativeType, type Classification } from '../contracts/results.js';
import type { Classifier } from '../contracts/services.js';
import { promptText } from './document-text.js';
import { invokeForJson, validateWith, type ChatModel } from './json-output.js';

export interface LlmClassifierOptions {
  model: ChatModel;
  /** Model name reported in `modelVersions`. */
  modelName: string;
  /** How much of the document text goes into the prompt. */
  maxTextChars: number;
  logger: Logger;
}

/** At most this many alternatives are reported. */
const MAX_ALTERNATIVES = 3;

const SYSTEM_PROMPT = [
  'You classify business documents into one of the document types listed by the user.',
  `Choose the single best type code, or "${UNKNOWN_TYPE}" when no listed type fits.`,
  'Answer with one JSON object and nothing else, of this shape:',
  '{"documentType": "<type code or unknown>", "confidence": <0..1>, "alternatives": [{"typeCode": "<type code>", "confidence": <0..1>}]}',
  'confidence is your probability that documentType is right; alternatives are the next most likely listed types.',
].join('\n');

function answerSchema(entries: RegistryEntry[]) {
  const codes = entries.map((entry) => entry.typeCode);
  return z.object({
    documentType: z.enum([UNKNOWN_TYPE, ...codes]),
    confidence: z.number().min(0).max(1),
    alternatives: z.array(z.object({ typeCode: z.string(), confidence: z.number().min(0).max(1) })).default([]),
  });
}

type Answer = z.infer<ReturnType<typeof answerSchema>>;

function typeList(entries: RegistryEntry[]): string {
  return entries.map((entry) => `- ${entry.typeCode}: ${entry.displayName}. ${entry.description}`).join('\n');
}

/** Classifies with an LLM: the registry's types in the prompt, its answer validated and held to each type's threshold. */
export class LlmClassifier implements Classifier {
  readonly name = 'model';
  readonly #options: LlmClassifierOptions;

  constructor(options: LlmClassifierOptions) {
    this.#options = options;
  }

  async classify(document: DocumentModel, entries: RegistryEntry[], options: { signal?: AbortSignal } = {}): Promise<Classification> {
    const text = promptText(document, this.#options.maxTextChars);
    if (entries.length === 0 || !text.trim()) return this.#result(entries, { documentType: UNKNOWN_TYPE, confidence: 0, alternatives: [] });
    const answer = await invokeForJson({
      model: this.#options.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'human',
          content: `Document types:\n${typeList(entries)}\n\nDocument text (reading order; pages separated by a form-feed line):\n<<<\n${text}\n>>>`,
        },
      ],
      validate: validateWith(answerSchema(entries)),
      purpose: 'classification',
      logger: this.#options.logger,
      signal: options.signal,
    });
    return this.#result(entries, answer);
  }

  #result(entries: RegistryEntry[], answer: Answer): Classification {
    const byCode = new Map(entries.map((entry) => [entry.typeCode, entry]));
    const ranked: AlternativeType[] = [];
    const add = (typeCode: string, confidence: number) => {
      const entry = byCode.get(typeCode);
      if (entry && !ranked.some((known) => known.typeCode === typeCode)) ranked.push({ typeCode, displayName: entry.displayName, confidence });
    };
    add(answer.documentType, answer.confidence);
    const alternatives = [...answer.alternatives].sort((a, b) => b.confidence - a.confidence);
    for (const alternative of alternatives) add(alternative.typeCode, alternative.confidence);
    // An "unknown" answer still reports the likeliest listed type as the best one, under its threshold or not.
    const [best, ...others] = ranked;
    const bestEntry = best ? byCode.get(best.typeCode) : undefined;
    const accepted = answer.documentType !== UNKNOWN_TYPE && bestEntry && best.confidence >= bestEntry.confidenceThreshold;
    return {
      documentType: accepted ? best.typeCode : UNKNOWN_TYPE,
      confidence: best?.confidence ?? 0,
      bestTypeCode: best?.typeCode ?? null,
      alternativeTypes: others.slice(0, MAX_ALTERNATIVES),
      classifier: this.name,
      modelVersions: { model: this.#options.modelName },
    };
  }
}
