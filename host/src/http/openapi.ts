import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { RouteDefinition } from './route.js';

const SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKeyHeader: [] }, { sessionCookie: [] }];

/** The OpenAPI 3.1 document of every route, generated from the zod schemas that validate them. */
export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: { version: string; serverUrl: string }): object {
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
      responses: route.responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'docsift API', version: info.version, description: 'Identify documents (PDF, JPEG, PNG) and extract structured JSON with provenance.' },
    servers: [{ url: info.serverUrl }],
  });
}
