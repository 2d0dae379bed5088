import type { Middleware } from 'koa';
import type { Metrics } from '../../observability/metrics.js';
import { routeTemplateOf } from '../mount.js';
import type { AppState, RouteDefinition } from '../route.js';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/**
 * Counts each request and its time by method, route template (also for a request refused before
 * routing; `unmatched` when no route has its path: raw paths would make a series per job id) and
 * final status. Outside the error handler, so the status is the one sent.
 */
export function httpMetrics({ metrics, routes }: { metrics: Metrics; routes: readonly RouteDefinition[] }): Middleware<AppState> {
  const templateOf = routeTemplateOf(routes);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : 'OTHER';
      const route = ctx.state.route ?? templateOf(ctx.method, ctx.path) ?? 'unmatched';
      metrics.httpRequest(method, route, ctx.status, (performance.now() - started) / 1000);
    }
  };
}
