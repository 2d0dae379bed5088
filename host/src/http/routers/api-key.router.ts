import { defineRoute } from '../route.js';
import { ApiKeyCreated, ApiKeyList, ApiKeyRequest, IdParams } from '../schemas/account.schemas.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';

const tags = ['API keys'];

export const apiKeyRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/api-keys',
    summary: 'Create an API key (owner or admin session); the key is shown once',
    tags,
    auth: { kind: 'session' },
    request: { json: ApiKeyRequest },
    responses: { 201: json(ApiKeyCreated, 'Key created'), 403: errorResponse('Not an owner or admin'), ...commonErrors },
    handler: ({ apiKeyService }) => async ({ body, principal }) => ({ status: 201, body: await apiKeyService.create(principal, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/api-keys',
    summary: "The organization's active API keys (without the keys)",
    tags,
    auth: { kind: 'session' },
    responses: { 200: json(ApiKeyList, 'Keys'), ...commonErrors },
    handler: ({ apiKeyService }) => async ({ principal }) => ({ status: 200, body: await apiKeyService.list(principal) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/api-keys/{id}',
    summary: 'Revoke an API key (owner or admin)',
    tags,
    auth: { kind: 'session' },
    request: { params: IdParams },
    responses: { 204: noContent, 403: errorResponse('Not an owner or admin'), 404: errorResponse('No such key'), ...commonErrors },
    handler: ({ apiKeyService }) => async ({ params, principal }) => {
      await apiKeyService.revoke(principal, params.id);
      return { status: 204 };
    },
  }),
];
