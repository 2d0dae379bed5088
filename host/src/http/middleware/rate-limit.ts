import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import type { Metrics } from '../../observability/metrics.js';
import type { LimitState, RateLimitService } from '../../services/rate-limit.service.js';
import { ApiError } from '../../services/errors.js';
import type { AppState } from '../route.js';

function setHeaders(response: ServerResponse, state: LimitState): void {
  response.setHeader('X-RateLimit-Limit', String(state.limit));
  response.setHeader('X-RateLimit-Remaining', String(state.remaining));
  response.setHeader('X-RateLimit-Reset', String(state.reset));
}

/** Counts the request against its key (and organization, and concurrency) or its client address. */
export function rateLimit({ rateLimitService, metrics }: { rateLimitService: RateLimitService; metrics: Metrics }): Middleware<AppState> {
  return async (ctx, next) => {
    const principal = ctx.state.principal;
    const consumed = rateLimitService.consume(
      principal?.kind === 'apiKey'
        ? {
            kind: 'apiKey',
            apiKeyId: principal.apiKeyId,
            organizationId: principal.organizationId,
            surface: ctx.path.startsWith('/api/lending/') ? 'lending' : 'primary',
          }
        : { kind: 'address', address: ctx.ip || 'unknown' },
    );
    const outcome = consumed instanceof Promise ? await consumed : consumed;
    setHeaders(ctx.res, outcome.tightest);
    if (!outcome.allowed) {
      metrics.rateLimitRefused(outcome.reason);
      const message =
        outcome.reason === 'concurrency'
          ? `Too many concurrent requests for this API key (limit ${outcome.limit}).`
          : `Rate limit exceeded (${outcome.limit} requests per minute).`;
      throw new ApiError(
        'rate_limit_exceeded',
        message,
        {
          reason: outcome.reason,
          limit: outcome.limit,
          retryAfter: outcome.retryAfter,
          remaining: outcome.tightest.remaining,
          reset: new Date(outcome.tightest.reset * 1000).toISOString(),
        },
        { retryAfter: outcome.retryAfter },
      );
    }
    try {
      await next();
    } finally {
      outcome.release();
    }
  };
}
