import type { Middleware } from 'koa';
import { pathPattern } from '../mount.js';
import type { AppState, RouteDefinition } from '../route.js';

/**
 * Before authentication and rate limits: a request for a legacy surface (a route whose
 * `errorLayout` is `legacy`) gets the legacy error layout from the start, so its 401 and 429 are
 * legacy too.
 */
export function legacySurfaces({ routes }: { routes: readonly RouteDefinition[] }): Middleware<AppState> {
  const patterns = routes.filter((route) => route.errorLayout === 'legacy').map((route) => pathPattern(route.path).pattern);
  return (ctx, next) => {
    if (patterns.some((pattern) => pattern.test(ctx.path))) ctx.state.errorLayout = 'legacy';
    return next();
  };
}
