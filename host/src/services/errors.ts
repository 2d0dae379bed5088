/**
 * Errors meant for the caller, thrown by the services: a stable code, a safe message and optional
 * details. The HTTP layer maps each code to its statuses and body layouts (http/errors.ts);
 * docs/errors.md documents each one.
 */
export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_file_format'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'file_too_large'
  | 'quota_exceeded'
  | 'rate_limit_exceeded'
  | 'internal_error'
  | 'service_unavailable';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra top-level fields of the body (`retryAfter` on `rate_limit_exceeded`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new ApiError('invalid_request', message, details);
export const notFound = (what: string) => new ApiError('not_found', `${what} not found.`);
export const forbidden = (message: string, details?: Record<string, unknown>) => new ApiError('forbidden', message, details);
export const unknownFileFormat = () =>
  new ApiError('invalid_file_format', 'The file is not a PDF, JPEG or PNG document (decided by its content, not its name).', { supportedFormats: ['pdf', 'jpeg', 'png'] });
export const unauthorized = (message = 'A valid API key or session is required.') => new ApiError('unauthorized', message);
