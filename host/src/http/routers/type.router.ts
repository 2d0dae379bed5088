import { defineRoute } from '../route.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { LayoutQuery, OrganizationTypeView, TypeCodeParams, TypeCreateRequest, TypeList, TypeUpdateRequest } from '../schemas/type.schemas.js';

const tags = ['Document types'];
const manage = { kind: 'scope', scope: 'types:manage' } as const;

export const typeRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/documents/types',
    summary: 'The registry: built-in types and the organization\'s own (`?layout=legacy` for the legacy layout)',
    tags,
    auth: { kind: 'any' },
    request: { query: LayoutQuery },
    responses: { 200: json(TypeList, 'Types'), ...commonErrors },
    handler: ({ typeService }) => async ({ query, principal }) => ({
      status: 200,
      body: await typeService.list(principal, query.layout ?? 'primary'),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/documents/types',
    summary: "Add an organization's own document type (types:manage)",
    tags,
    auth: manage,
    request: { json: TypeCreateRequest },
    responses: { 201: json(OrganizationTypeView, 'Created'), 403: errorResponse('Missing scope'), 409: errorResponse('Type code taken'), ...commonErrors },
    handler: ({ typeService }) => async ({ body, principal }) => ({ status: 201, body: await typeService.create(principal, body) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/documents/types/{typeCode}',
    summary: "Change an organization's own type (built-in types: 403)",
    tags,
    auth: manage,
    request: { params: TypeCodeParams, json: TypeUpdateRequest },
    responses: { 200: json(OrganizationTypeView, 'Updated'), 403: errorResponse('Built-in type or missing scope'), 404: errorResponse('No such type'), ...commonErrors },
    handler: ({ typeService }) => async ({ params, body, principal }) => ({
      status: 200,
      body: await typeService.update(principal, params.typeCode, body),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/types/{typeCode}',
    summary: "Remove an organization's own type (built-in types: 403)",
    tags,
    auth: manage,
    request: { params: TypeCodeParams },
    responses: { 204: noContent, 403: errorResponse('Built-in type or missing scope'), 404: errorResponse('No such type'), ...commonErrors },
    handler: ({ typeService }) => async ({ params, principal }) => {
      await typeService.remove(principal, params.typeCode);
      return { status: 204 };
    },
  }),
];
