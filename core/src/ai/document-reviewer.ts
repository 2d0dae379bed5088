import { z } from 'zod';
import { isDocsiftError } from '../contracts/errors.js';
import type { Logger } from '../contracts/logger.js';
import type { Finding } from '../contracts/results.js';
import { isAiProviderError } from './errors.js';
import { invokeForJson, validateWith, type ChatModel } from './json-output.js';

/** One request's worth of the document: a label the prompt names it by, and its data. */
export interface ReviewPart {
  label: string;
  content: unknown;
}

export interface ReviewRequest {
  /** What the document is, for the prompt (`a statement of repair for an FHA 203(k) loan`). */
  subject: string;
  /** What a reviewer looks for in it. */
  guidance: string;
  /** Sent with every part: what the local checks found, the totals. */
  context: unknown;
  /** One model request each, in order. */
  parts: ReviewPart[];
}

/** A finding of the model's review, or about it (its failure): always `source: 'model'`. */
export interface ModelFinding extends Finding {
  source: 'model';
}

export interface DocumentReviewerOptions {
  model: ChatModel;
  /** Characters of a part's and of the context's JSON put into a prompt. */
  maxTextChars: number;
  logger: Logger;
}

/** Findings kept of one answer; the rest are dropped. */
export const MAX_FINDINGS_PER_PART = 20;

export const MODEL_REVIEW_CODES = {
  /** The model could not be reached; the parts not yet reviewed were not sent. */
  failed: 'model_review_failed',
  /** A part's answer was not the asked JSON, even when asked again; that part has no model findings. */
  invalidAnswer: 'model_review_invalid_answer',
} as const;

const SYSTEM_PROMPT = [
  'You are an experienced reviewer. You review the document part the user gives you and report what a careful human reviewer would flag:',
  'inconsistencies, implausible or missing descriptions, amounts that do not fit the work described, risks for the lender.',
  'The automatic checks already made are listed in the context; do not repeat them.',
  'Answer with one JSON object and nothing else, of this shape:',
  '{"findings": [{"severity": "error" | "warning" | "info", "code": "<short_snake_case_code>", "message": "<one or two sentences>", "path": "<optional path into the data, as in the part label>"}]}',
  'Answer {"findings": []} when there is nothing to flag.',
].join('\n');

const codePattern = /[^a-z0-9]+/g;

const answerSchema = z.object({
  findings: z.array(
    z.object({
      severity: z.enum(['error', 'warning', 'info']),
      code: z.string().min(1).max(80),
      message: z.string().min(1).max(2000),
      path: z.string().max(200).nullish(),
    }),
  ),
});

function clipped(value: unknown, maxChars: number): string {
  const text = JSON.stringify(value, null, 1);
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n[… data truncated …]`;
}

function modelCode(code: string): string {
  return code.toLowerCase().replace(codePattern, '_').replace(/^_+|_+$/g, '') || 'model_finding';
}

/**
 * A narrative review by the model, part by part: each part is one request with the shared context;
 * the answers' findings are kept with `source: 'model'`. Never throws for the model's failures:
 * an answer still invalid after its retry drops that part with a `model_review_invalid_answer`
 * warning, and a request failure ends the review with a `model_review_failed` warning (the
 * remaining parts are not sent). A cancelled call rejects with `aborted`.
 */
export class DocumentReviewer {
  readonly #options: DocumentReviewerOptions;

  constructor(options: DocumentReviewerOptions) {
    this.#options = options;
  }

  async review(request: ReviewRequest, options: { signal?: AbortSignal } = {}): Promise<ModelFinding[]> {
    const { model, maxTextChars, logger } = this.#options;
    const findings: ModelFinding[] = [];
    const context = clipped(request.context, maxTextChars);
    for (const [index, part] of request.parts.entries()) {
      const position = { part: part.label, index: index + 1, of: request.parts.length };
      try {
        const answer = await invokeForJson({
          model,
          messages: [
            { role: 'system', content: `${SYSTEM_PROMPT}\nThe document: ${request.subject}.\n${request.guidance}` },
            {
              role: 'human',
              content: `Context (the document's totals and the automatic checks' findings):\n${context}\n\nPart ${position.index} of ${position.of}: ${part.label}\n${clipped(part.content, maxTextChars)}`,
            },
          ],
          validate: validateWith(answerSchema),
          purpose: 'review',
          logger,
          signal: options.signal,
        });
        for (const found of answer.findings.slice(0, MAX_FINDINGS_PER_PART)) {
          findings.push({
            severity: found.severity,
            code: modelCode(found.code),
            message: found.message,
            ...(found.path ? { path: found.path } : {}),
            source: 'model',
          });
        }
      } catch (error) {
        if (isDocsiftError(error) || !isAiProviderError(error)) throw error;
        if (error.code === 'ai_invalid_output') {
          logger.warn({ ...position, code: error.code }, 'model review answer dropped: invalid after its retry');
          findings.push({
            severity: 'warning',
            code: MODEL_REVIEW_CODES.invalidAnswer,
            message: `The AI model's review of ${part.label} was not valid data, even when asked again; it was dropped.`,
            details: { ...position, reason: error.code },
            source: 'model',
          });
          continue;
        }
        logger.warn({ ...position, code: error.code }, 'model review failed: the AI model could not be reached');
        findings.push({
          severity: 'warning',
          code: MODEL_REVIEW_CODES.failed,
          message: `The AI model's review failed at ${part.label} (the model could not be reached or refused the request); the local analysis stands${index > 0 ? ', with the findings of the parts reviewed before' : ''}.`,
          details: { ...position, reason: error.code, partsNotReviewed: request.parts.length - index },
          source: 'model',
        });
        break;
      }
    }
    return findings;
  }
}
