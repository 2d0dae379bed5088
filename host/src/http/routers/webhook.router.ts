import { pageRequestOf } from '../pagination.js';
import { defineRoute } from '../route.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import {
  WebhookCreateRequest,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookIdParams,
  WebhookList,
  WebhookTestRequest,
  WebhookTestResult,
  WebhookUpdateRequest,
  WebhookView,
} from '../schemas/webhook.schemas.js';

const tags = ['Webhook integrations'];
const manage = { kind: 'scope', scope: 'webhooks:manage' } as const;
const denied = { 403: errorResponse('Not an owner or admin, or the key lacks webhooks:manage') };
const missing = { 404: errorResponse('No such webhook in this organization') };
const DELIVERIES_PER_PAGE = 100;

export const webhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/integrations/webhooks',
    summary: 'Add a webhook configuration (secrets are encrypted at rest and masked in every response)',
    tags,
    auth: manage,
    request: { json: WebhookCreateRequest },
    responses: { 201: json(WebhookView, 'Created'), ...denied, ...commonErrors },
    handler: ({ webhookService }) => async ({ body, principal }) => ({ status: 201, body: await webhookService.create(principal, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/integrations/webhooks',
    summary: "The organization's webhook configurations",
    tags,
    auth: manage,
    responses: { 200: json(WebhookList, 'Configurations'), ...denied, ...commonErrors },
    handler: ({ webhookService }) => async ({ principal }) => ({ status: 200, body: await webhookService.list(principal) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/integrations/webhooks/test',
    summary: 'Send one test delivery (no retries) of a template payload built from testData.data, marked by X-Webhook-Test: true and "test": true',
    tags,
    auth: manage,
    request: { json: WebhookTestRequest },
    responses: { 200: json(WebhookTestResult, 'Outcome of the attempt'), ...denied, ...missing, ...commonErrors },
    handler: ({ webhookService }) => async ({ body, principal }) => ({ status: 200, body: await webhookService.test(principal, body) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/integrations/webhooks/{id}',
    summary:
      'Change a configuration: a partial webhookConfig is merged; status moves it between active and inactive. A url on another origin needs the stored credentials sent again or removed',
    tags,
    auth: manage,
    request: { params: WebhookIdParams, json: WebhookUpdateRequest },
    responses: { 200: json(WebhookView, 'Updated'), ...denied, ...missing, ...commonErrors },
    handler: ({ webhookService }) => async ({ params, body, principal }) => ({
      status: 200,
      body: await webhookService.update(principal, params.id, body),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/integrations/webhooks/{id}',
    summary: 'Remove a configuration and its delivery log',
    tags,
    auth: manage,
    request: { params: WebhookIdParams },
    responses: { 204: noContent, ...denied, ...missing, ...commonErrors },
    handler: ({ webhookService }) => async ({ params, principal }) => {
      await webhookService.remove(principal, params.id);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/integrations/webhooks/{id}/deliveries',
    summary: "A configuration's deliveries and each attempt's outcome, newest first, a page at a time (100 unless `limit` says otherwise)",
    tags,
    auth: manage,
    request: { params: WebhookIdParams, query: WebhookDeliveryQuery },
    responses: { 200: json(WebhookDeliveryList, 'Deliveries'), ...denied, ...missing, ...commonErrors },
    handler: ({ webhookService }) => async ({ params, query, principal }) => ({
      status: 200,
      body: await webhookService.deliveries(principal, params.id, pageRequestOf(query, DELIVERIES_PER_PAGE)),
    }),
  }),
];
