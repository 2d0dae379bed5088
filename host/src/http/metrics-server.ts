import http from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Metrics } from '../observability/metrics.js';
import { ApiError, isApiError, notFound, unauthorized } from '../services/errors.js';
import type { HealthService } from '../services/health.service.js';
import { errorResponse } from './errors.js';
import { bearerMatches, METRICS_PATH } from './middleware/metrics-endpoint.js';
import { readinessResult } from './routers/health.router.js';

/** Scrapes and probes are small: anything slower than this is not one. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface MetricsServerDeps {
  config: Config;
  metrics: Metrics;
  healthService: HealthService;
  logger: Logger;
}

interface Answer {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

const asJson = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json; charset=utf-8',
  headers,
});

/**
 * The listener of DOCSIFT_METRICS_PORT, in API and worker processes alike: `GET /metrics`
 * (with DOCSIFT_METRICS_TOKEN as Bearer token when one is set), `GET /api/health` and
 * `GET /api/ready` with the API's bodies. Nothing else, and no credentials of the API.
 */
export function createMetricsServer({ config, metrics, healthService, logger }: MetricsServerDeps): http.Server {
  const answer = async (request: http.IncomingMessage): Promise<Answer> => {
    const path = new URL(request.url ?? '/', 'http://metrics.invalid').pathname;
    if (path !== METRICS_PATH && path !== '/api/health' && path !== '/api/ready') throw notFound('Route');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('method_not_allowed', `This path does not take ${request.method}; it takes GET, HEAD.`, { allow: ['GET', 'HEAD'] });
    }
    if (path === METRICS_PATH) {
      const { token } = config.metrics;
      if (token && !bearerMatches(request.headers.authorization, token)) throw unauthorized('The metrics need the metrics token (DOCSIFT_METRICS_TOKEN) as a Bearer token.');
      return { status: 200, body: await metrics.scrape(), contentType: metrics.contentType, headers: { 'Cache-Control': 'no-store' } };
    }
    if (path === '/api/health') {
      if (!(await healthService.databaseReachable())) throw new ApiError('service_unavailable', 'The database is unreachable.');
      return asJson(200, { status: 'ok', timestamp: new Date().toISOString() });
    }
    const ready = readinessResult(await healthService.readiness());
    return asJson(ready.status, ready.body);
  };
  const server = http.createServer({ requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    answer(request)
      .catch((error: unknown): Answer => {
        if (!isApiError(error)) logger.error({ err: error }, 'metrics listener: unhandled error');
        const apiError = isApiError(error) ? error : new ApiError('internal_error', 'An internal error occurred.');
        const { status, body } = errorResponse(apiError, 'primary');
        const allow = apiError.code === 'method_not_allowed' ? { Allow: 'GET, HEAD' } : undefined;
        return asJson(status, body, allow);
      })
      .then(({ status, body, contentType, headers }) => {
        response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
        response.end(request.method === 'HEAD' ? undefined : body);
      });
  });
  server.maxConnections = 64;
  return server;
}
