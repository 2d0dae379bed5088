import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorLayout } from '../errors.js';
import type { Principal } from '../../services/principal.js';
import type { AppState } from '../route.js';
import type { Upload } from '../../common/upload.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request's state; its child logger is made on first use, as most requests never log. */
class RequestState implements AppState {
  principal: Principal | null = null;
  errorLayout: ErrorLayout = 'primary';
  upload?: Upload | null;
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly logger: Logger,
  ) {}

  get log(): Logger {
    return (this.#log ??= this.logger.child({ requestId: this.requestId }));
  }
}

/** First in the chain: a request id (the caller's when well-formed), a request logger, one access line with the client address (behind trusted proxies, the one they saw). */
export function requestContext({ logger }: { logger: Logger }): Middleware<AppState> {
  return async (ctx, next) => {
    const given = ctx.get('x-request-id');
    const state = new RequestState(REQUEST_ID.test(given) ? given : randomUUID(), logger);
    ctx.state = state;
    ctx.res.setHeader('X-Request-Id', state.requestId);
    if (!logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ip: ctx.ip, ms: Math.round(performance.now() - started) }, 'request');
    }
  };
}
