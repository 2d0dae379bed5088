/** The error codes the API answers with; docs/errors.md documents each one. */
export const API_ERRORS = {
  invalid_request: { status: 400, legacy: 'INVALID_REQUEST', legacyStatus: 400 },
  invalid_file_format: { status: 400, legacy: 'INVALID_FILE_FORMAT', legacyStatus: 422 },
  unauthorized: { status: 401, legacy: 'UNAUTHORIZED', legacyStatus: 401 },
  forbidden: { status: 403, legacy: 'FORBIDDEN', legacyStatus: 403 },
  not_found: { status: 404, legacy: 'NOT_FOUND', legacyStatus: 404 },
  conflict: { status: 409, legacy: 'CONFLICT', legacyStatus: 409 },
  file_too_large: { status: 413, legacy: 'FILE_TOO_LARGE', legacyStatus: 413 },
  rate_limit_exceeded: { status: 429, legacy: 'RATE_LIMIT_EXCEEDED', legacyStatus: 429 },
  internal_error: { status: 500, legacy: 'INTERNAL_ERROR', legacyStatus: 500 },
  service_unavailable: { status: 503, legacy: 'SERVICE_UNAVAILABLE', legacyStatus: 503 },
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;
export type ErrorLayout = 'primary' | 'legacy';

/** An error meant for the caller: a stable code, a safe message and optional details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra top-level fields of the body (`retryAfter` on 429). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get status(): number {
    return API_ERRORS[this.code].status;
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

/** Status and body of an error in the requested layout. */
export function errorResponse(error: ApiError, layout: ErrorLayout): { status: number; body: Record<string, unknown> } {
  const spec = API_ERRORS[error.code];
  if (layout === 'legacy') {
    return { status: spec.legacyStatus, body: { error: error.message, code: spec.legacy, ...error.extra } };
  }
  const body: Record<string, unknown> = { error: error.code, message: error.message, ...error.extra };
  if (error.details && Object.keys(error.details).length > 0) body.details = error.details;
  return { status: spec.status, body };
}
