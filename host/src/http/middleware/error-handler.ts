import type { Middleware } from 'koa';
import { isDocsiftError } from '@docsift/core';
import { ApiError, isApiError } from '../../services/errors.js';
import { errorResponse, statusOf } from '../errors.js';
import type { AppState } from '../route.js';

const FORMIDABLE_TOO_LARGE = new Set([1009, 1016]);

/** Turns anything thrown below into an ApiError with a safe message (no stack, SQL or path). */
export function toApiError(error: unknown): ApiError | null {
  if (isApiError(error)) return error;
  if (isDocsiftError(error)) {
    if (error.code === 'invalid_argument') return new ApiError('invalid_request', error.message);
    return new ApiError('invalid_file_format', error.message, { reason: error.code });
  }
  const e = error as { status?: number; httpCode?: number; code?: unknown; type?: string; expose?: boolean };
  if (typeof e.code === 'number' && typeof e.httpCode === 'number') {
    if (FORMIDABLE_TOO_LARGE.has(e.code)) return new ApiError('file_too_large', 'The file is larger than the size limit.');
    return new ApiError('invalid_request', 'The multipart body could not be read.');
  }
  if (e.type === 'entity.too.large') return new ApiError('file_too_large', 'The request body is larger than the limit.');
  if (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('invalid_request', 'The request body is not valid JSON.');
  }
  if (e.type === 'request.aborted') return new ApiError('invalid_request', 'The request was aborted.');
  if (e.status === 404) return new ApiError('not_found', 'No such route.');
  if (e.status === 405 || e.status === 501) return new ApiError('invalid_request', 'Method not allowed on this route.');
  if (e.status === 413) return new ApiError('file_too_large', 'The request body is larger than the limit.');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return new ApiError('invalid_request', 'The request is not valid.');
  return null;
}

/** Second in the chain: maps errors to the response layout of the route and logs the unexpected. */
export function errorHandler(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) throw new ApiError('not_found', 'No such route.');
    } catch (error) {
      let apiError = toApiError(error);
      if (!apiError) {
        ctx.state.log.error({ err: error }, 'unhandled error');
        apiError = new ApiError('internal_error', 'An internal error occurred.');
      } else if (statusOf(apiError) >= 500) {
        ctx.state.log.error({ err: error }, apiError.message);
      }
      const { status, body } = errorResponse(apiError, ctx.state.errorLayout);
      ctx.status = status;
      ctx.body = body;
      if (apiError.code === 'file_too_large') ctx.set('Connection', 'close');
      if (typeof apiError.extra.retryAfter === 'number') ctx.set('Retry-After', String(apiError.extra.retryAfter));
    }
  };
}
