import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Config } from '../../config/config.js';
import type { Metrics } from '../../observability/metrics.js';
import { ApiError, unauthorized } from '../../services/errors.js';
import type { AppState } from '../route.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` on the API port, only when DOCSIFT_METRICS_TOKEN is set and only to that bearer
 * token (401 otherwise); without a token the path does not exist here (404). After the rate
 * limiter, so guessing the token is limited like any unauthenticated request.
 */
export function metricsEndpoint({ config, metrics }: { config: Config; metrics: Metrics }): Middleware<AppState> {
  const { token } = config.metrics;
  return async (ctx, next) => {
    if (!token || ctx.path !== METRICS_PATH) return next();
    ctx.state.route = METRICS_PATH;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new ApiError('method_not_allowed', `This path does not take ${ctx.method}; it takes GET, HEAD.`, { allow: ['GET', 'HEAD'] });
    }
    if (!bearerMatches(ctx.get('authorization'), token)) throw unauthorized('The metrics need the metrics token (DOCSIFT_METRICS_TOKEN) as a Bearer token.');
    const text = await metrics.scrape();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = text;
  };
}
