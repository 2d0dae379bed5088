import type { RouteDefinition } from './route.js';
import { apiKeyRoutes } from './routers/api-key.router.js';
import { authRoutes } from './routers/auth.router.js';
import { healthRoutes } from './routers/health.router.js';
import { documentRoutes } from './routers/document.router.js';
import { jobPageRoutes } from './routers/job-page.router.js';
import { typeRoutes } from './routers/type.router.js';
import { lendingRoutes } from './routers/lending.router.js';
import { openApiRoutes } from './routers/openapi.router.js';
import { webhookRoutes } from './routers/webhook.router.js';
import { b2cRoutes } from './routers/b2c.router.js';
import { legacyRoutes } from './routers/legacy.router.js';
import { taskRoutes } from './routers/task.router.js';

/** Every route of the API, in the order they are documented. */
export const allRoutes: readonly RouteDefinition[] = [
  ...healthRoutes,
  ...authRoutes,
  ...apiKeyRoutes,
  ...documentRoutes,
  ...jobPageRoutes,
  ...legacyRoutes,
  ...taskRoutes,
  ...typeRoutes,
  ...lendingRoutes,
  ...webhookRoutes,
  ...b2cRoutes,
  ...openApiRoutes,
];
