import { asValue, type AwilixContainer } from 'awilix';
import type { Middleware } from 'koa';
import type { AppState } from '../route.js';

/** A child container per request holding the caller's identity; disposed when the request ends. */
export function requestScope({ container }: { container: AwilixContainer }): Middleware<AppState> {
  return async (ctx, next) => {
    const scope = container.createScope();
    scope.register({
      principal: asValue(ctx.state.principal),
      requestId: asValue(ctx.state.requestId),
      log: asValue(ctx.state.log),
    });
    ctx.state.scope = scope;
    try {
      await next();
    } finally {
      await scope.dispose();
    }
  };
}
