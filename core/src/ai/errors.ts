export type AiProviderErrorCode = 'ai_invalid_output' | 'ai_request_failed';

/**
 * The configured model failed: its answer did not match the schema after the retry
 * (`ai_invalid_output`), or the endpoint could not be reached or refused the call
 * (`ai_request_failed`). The message is safe to show; `details` carries the validation problem.
 */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    readonly code: AiProviderErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function isAiProviderError(error: unknown): error is AiProviderError {
  return error instanceof Error && (error as { name?: string }).name === 'AiProviderError' && 'code' in error;
}
