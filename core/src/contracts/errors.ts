/**
 * Errors the engine raises on bad input. They carry a stable code and a message safe to show
 * to the caller (no paths, no stack). Anything else thrown inside the engine is a bug.
 */
export const ENGINE_ERROR_CODES = [
  'invalid_file_format',
  'empty_file',
  'corrupt_file',
  'password_protected',
  'page_limit_exceeded',
  'pixel_limit_exceeded',
  'invalid_plugin',
  'invalid_argument',
  'aborted',
  'page_timeout',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class DocsiftError extends Error {
  override readonly name = 'DocsiftError';
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function isDocsiftError(error: unknown): error is DocsiftError {
  return error instanceof Error && (error as { name?: string }).name === 'DocsiftError' && 'code' in error;
}
