import path from 'node:path';
import type { AwilixContainer } from 'awilix';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { AccountService } from '../services/account.service.js';
import type { ApiKeyService } from '../services/api-key.service.js';
import type { RateLimitService } from '../services/rate-limit.service.js';
import type { FileStore } from '../storage/file-store.js';
import type { Metrics } from '../observability/metrics.js';
import { authenticate } from './middleware/authenticate.js';
import { dashboard } from './middleware/dashboard.js';
import { errorHandler } from './middleware/error-handler.js';
import { httpMetrics } from './middleware/http-metrics.js';
import { legacySurfaces } from './middleware/legacy-surfaces.js';
import { metricsEndpoint } from './middleware/metrics-endpoint.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestContext } from './middleware/request-context.js';
import { securityHeaders } from './middleware/security-headers.js';
import { mountRoutes } from './mount.js';
import type { AppState, RouteCradle, RouteDefinition } from './route.js';

export interface AppDependencies {
  container: AwilixContainer<RouteCradle>;
  config: Config;
  logger: Logger;
  accountService: AccountService;
  apiKeyService: ApiKeyService;
  rateLimitService: RateLimitService;
  fileStore: FileStore;
  metrics: Metrics;
  routes: readonly RouteDefinition[];
}

/** The Koa application; the middleware order is fixed here and nowhere else. */
export function createApp(deps: AppDependencies): Koa<AppState> {
  // Each trusted proxy appends the address it saw to X-Forwarded-For: only the last `trustProxy`
  // entries are theirs, anything before them is whatever the client wrote.
  const hops = deps.config.trustProxy;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  const chain = [
    requestContext({ logger: deps.logger }),
    httpMetrics(deps),
    errorHandler(),
    legacySurfaces(deps),
    securityHeaders(),
    authenticate(deps),
    rateLimit(deps),
    metricsEndpoint(deps),
    mountRoutes(deps.routes, {
      container: deps.container,
      publicUrl: deps.config.publicUrl,
      uploadDir: path.join(deps.config.dataDir, 'tmp', 'uploads'),
      fileStore: deps.fileStore,
      limits: deps.config.limits,
    }),
    dashboard({ routePaths: deps.routes.map((route) => route.path) }),
  ];
  for (const middleware of chain) app.use(middleware as Koa.Middleware<AppState>);
  return app;
}
