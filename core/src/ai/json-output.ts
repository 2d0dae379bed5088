import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { ZodType, z } from 'zod';
import { DocsiftError } from '../contracts/errors.js';
import type { Logger } from '../contracts/logger.js';
import { AiProviderError } from './errors.js';

/** What the classifier and extractor need of a LangChain chat model. */
export type ChatModel = Pick<BaseChatModel, 'invoke'>;

/** A chat message as LangChain accepts it (a type alias: LangChain's message-like type needs an index signature); plain objects, so no LangChain code loads until a call. */
export type ChatMessage = { role: 'system' | 'human' | 'ai'; content: string };

export interface JsonCall<T> {
  model: ChatModel;
  messages: ChatMessage[];
  /** Validates (and may reshape) the parsed JSON. */
  validate: (value: unknown) => { success: true; data: T } | { success: false; problem: string };
  /** What is asked for, for messages (`classification`, `extraction`). */
  purpose: string;
  logger: Logger;
  signal?: AbortSignal;
}

/** Schema-invalid answers get this many attempts in all (one retry). */
const ATTEMPTS = 2;

export function describeZodIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

export function validateWith<T>(schema: ZodType<T>): JsonCall<T>['validate'] {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? { success: true, data: result.data } : { success: false, problem: describeZodIssues(result.error.issues) };
  };
}

function replyText(message: BaseMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return content.map((part) => (typeof part === 'string' ? part : 'text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** The JSON object in a reply, tolerating code fences and prose around it. */
export function parseJsonReply(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return { ok: false, problem: 'the answer contains no JSON object' };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end + 1)) };
  } catch (error) {
    return { ok: false, problem: `the JSON object does not parse (${(error as Error).message})` };
  }
}

async function invoke(call: JsonCall<unknown>, messages: ChatMessage[]): Promise<string> {
  if (call.signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
  try {
    return replyText(await call.model.invoke(messages, { signal: call.signal }));
  } catch (error) {
    if (call.signal?.aborted) throw new DocsiftError('aborted', 'Processing was cancelled.');
    call.logger.warn({ err: error }, `model ${call.purpose} request failed`);
    throw new AiProviderError('ai_request_failed', `The AI model could not be reached for ${call.purpose}: ${(error as Error).message}`);
  }
}

/**
 * Asks the model for one JSON object and validates it; on an invalid answer, shows the model its
 * answer and the problem and asks once more. Throws `AiProviderError('ai_invalid_output')` after that.
 */
export async function invokeForJson<T>(call: JsonCall<T>): Promise<T> {
  let conversation = call.messages;
  let problem = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const text = await invoke(call as JsonCall<unknown>, conversation);
    const parsed = parseJsonReply(text);
    if (parsed.ok) {
      const validated = call.validate(parsed.value);
      if (validated.success) return validated.data;
      problem = validated.problem;
    } else {
      problem = parsed.problem;
    }
    call.logger.warn({ attempt, problem }, `model ${call.purpose} answer was invalid`);
    conversation = [
      ...call.messages,
      { role: 'ai', content: text },
      { role: 'human', content: `That answer is not valid: ${problem}. Answer again with only the corrected JSON object.` },
    ];
  }
  throw new AiProviderError(
    'ai_invalid_output',
    `The AI model's ${call.purpose} did not match the expected schema after ${ATTEMPTS} attempts: ${problem}`,
    { attempts: ATTEMPTS, problem },
  );
}
