import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from '../route.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** First in the chain: a request id (the caller's when well-formed), a child logger, one access line. */
export function requestContext({ logger }: { logger: Logger }): Middleware<AppState> {
  return async (ctx, next) => {
    const given = ctx.get('x-request-id');
    ctx.state.requestId = REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.log = logger.child({ requestId: ctx.state.requestId });
    ctx.state.principal = null;
    ctx.state.errorLayout = 'primary';
    ctx.set('X-Request-Id', ctx.state.requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
      }
    }
  };
}
