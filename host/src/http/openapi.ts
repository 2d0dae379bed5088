import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { RouteDefinition } from './route.js';

const SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKeyHeader: [] }, { sessionCookie: [] }];

/** Every 202 of the API says where to poll and when (http/submission.ts). */
const ACCEPTED_HEADERS = {
  Location: { description: 'The polling URL (the pollingUrl of the body)', schema: { type: 'string' as const, format: 'uri' } },
  'Retry-After': {
    description: "Seconds to wait before polling: a pace at which polling the job stays within the key's rate limit",
    schema: { type: 'integer' as const, minimum: 1 },
  },
};

function withConventionHeaders(responses: RouteDefinition['responses']): RouteDefinition['responses'] {
  const accepted = responses[202];
  return accepted ? { ...responses, 202: { ...accepted, headers: { ...ACCEPTED_HEADERS, ...accepted.headers } } } : responses;
}

/** The version of the interface itself (the interface document's), not of this implementation. */
export const API_VERSION = '1.0.0';

/**
 * The OpenAPI 3.1 document of every route, generated from the zod schemas that validate them.
 * `info.version` is the interface's; the host's own version is `info.x-docsift-version`.
 */
export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: { hostVersion: string; serverUrl: string }): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (`dsk_…`) or a session token (`dss_…`).',
  });
  registry.registerComponent('securitySchemes', 'apiKeyHeader', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  registry.registerComponent('securitySchemes', 'sessionCookie', { type: 'apiKey', in: 'cookie', name: 'docsift_session' });
  for (const route of routes) {
    const request: RouteConfig['request'] = {};
    if (route.request?.params) request.params = route.request.params as never;
    if (route.request?.query) request.query = route.request.query as never;
    if (route.request?.json) request.body = { required: true, content: { 'application/json': { schema: route.request.json } } };
    if (route.request?.multipart) request.body = { required: true, content: { 'multipart/form-data': { schema: route.request.multipart } } };
    registry.registerPath({
      method: route.method,
      path: route.path,
      summary: route.summary,
      tags: route.tags,
      security: route.auth.kind === 'public' ? [] : SECURITY,
      request,
      responses: withConventionHeaders(route.responses),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'docsift API',
      version: API_VERSION,
      description: 'Identify documents (PDF, JPEG, PNG) and extract structured JSON with provenance.',
      'x-docsift-version': info.hostVersion,
    },
    servers: [{ url: info.serverUrl }],
  });
}
