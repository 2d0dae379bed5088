import { z } from 'zod';
import { defineRoute } from '../route.js';
import { DOCS_PAGE } from './docs-page.js';

export const openApiRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['Service'],
    auth: { kind: 'public' },
    responses: { 200: { description: 'OpenAPI document', content: { 'application/json': { schema: z.object({}).passthrough() } } } },
    handler: ({ openApiDocument }) => async () => ({ status: 200, body: openApiDocument }),
  }),
  defineRoute({
    method: 'get',
    path: '/docs',
    summary: 'Human-readable API reference rendered from /api/openapi.json',
    tags: ['Service'],
    auth: { kind: 'public' },
    responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } } },
    handler: () => async () => ({
      status: 200,
      body: DOCS_PAGE,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
      },
    }),
  }),
];
