import type { ApiError, ApiErrorCode } from '../services/errors.js';

/** The statuses and legacy codes of each error the API answers with; docs/errors.md documents each one. */
export const API_ERRORS = {
  invalid_request: { status: 400, legacy: 'INVALID_REQUEST', legacyStatus: 400 },
  invalid_file_format: { status: 400, legacy: 'INVALID_FILE_FORMAT', legacyStatus: 422 },
  unauthorized: { status: 401, legacy: 'UNAUTHORIZED', legacyStatus: 401 },
  forbidden: { status: 403, legacy: 'FORBIDDEN', legacyStatus: 403 },
  not_found: { status: 404, legacy: 'NOT_FOUND', legacyStatus: 404 },
  method_not_allowed: { status: 405, legacy: 'METHOD_NOT_ALLOWED', legacyStatus: 405 },
  conflict: { status: 409, legacy: 'CONFLICT', legacyStatus: 409 },
  file_too_large: { status: 413, legacy: 'FILE_TOO_LARGE', legacyStatus: 413 },
  quota_exceeded: { status: 403, legacy: 'QUOTA_EXCEEDED', legacyStatus: 403 },
  rate_limit_exceeded: { status: 429, legacy: 'RATE_LIMIT_EXCEEDED', legacyStatus: 429 },
  internal_error: { status: 500, legacy: 'INTERNAL_ERROR', legacyStatus: 500 },
  service_unavailable: { status: 503, legacy: 'SERVICE_UNAVAILABLE', legacyStatus: 503 },
} as const satisfies Record<ApiErrorCode, { status: number; legacy: string; legacyStatus: number }>;

export type ErrorLayout = 'primary' | 'legacy';

/** Details the legacy layout carries at its top level (it has no `details`): a 429's `limit`, `remaining` and `reset`. */
const LEGACY_TOP_LEVEL_DETAILS = ['limit', 'remaining', 'reset'] as const;

/** The HTTP status of an error (its primary layout). */
export const statusOf = (error: ApiError): number => API_ERRORS[error.code].status;

/** Status and body of an error in the requested layout. */
export function errorResponse(error: ApiError, layout: ErrorLayout): { status: number; body: Record<string, unknown> } {
  const spec = API_ERRORS[error.code];
  if (layout === 'legacy') {
    const lifted =
      error.code === 'rate_limit_exceeded' ? LEGACY_TOP_LEVEL_DETAILS.filter((name) => error.details?.[name] !== undefined).map((name) => [name, error.details![name]]) : [];
    return { status: spec.legacyStatus, body: { error: error.message, code: spec.legacy, ...Object.fromEntries(lifted), ...error.extra } };
  }
  const body: Record<string, unknown> = { error: error.code, message: error.message, ...error.extra };
  if (error.details && Object.keys(error.details).length > 0) body.details = error.details;
  return { status: spec.status, body };
}
