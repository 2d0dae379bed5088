import { defineRoute } from '../route.js';
import { acceptedResponse, pollingPace, readSubmission } from '../submission.js';
import { commonErrors, errorResponse, json } from '../schemas/common.schemas.js';
import { JobParams, JobQuery, SubmitMultipart } from '../schemas/document.schemas.js';
import { LendingInfo, LendingJobCreated, LendingJobRecord, LendingRequirementsBody, LendingRequirementsView, LendingTypeList } from '../schemas/lending.schemas.js';

const tags = ['Lending'];

export const lendingRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/lending/types',
    summary: 'The lending document types (sor, insurance_cert) in the lending layout; no credentials needed',
    tags,
    auth: { kind: 'public' },
    responses: { 200: json(LendingTypeList, 'Lending types'), 429: commonErrors[429] },
    handler: ({ lendingService }) => async () => ({ status: 200, body: lendingService.types() }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/lending/extract',
    summary: 'Capabilities, supported types and the limits in force; no credentials needed',
    tags,
    auth: { kind: 'public' },
    responses: { 200: json(LendingInfo, 'Lending API information'), 429: commonErrors[429] },
    handler: ({ lendingService }) => async () => ({ status: 200, body: lendingService.info() }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/lending/extract',
    summary: 'Submit a statement of repair or an insurance certificate for extraction and compliance checks',
    tags,
    auth: { kind: 'scope', scope: 'lending:write' },
    request: { multipart: SubmitMultipart, fileLimits: ({ lending }) => ({ pdf: lending.pdfBytes, jpeg: lending.imageBytes, png: lending.imageBytes }) },
    responses: {
      202: json(LendingJobCreated, 'Accepted; poll pollingUrl no faster than Retry-After says (polls count toward the lending limit of 10 requests per minute per key)'),
      403: errorResponse("Missing scope (forbidden), or the organization's storage quota would be exceeded (quota_exceeded)"),
      413: errorResponse('File too large (lending limits: PDF 50 MB, images 10 MB by default)'),
      ...commonErrors,
    },
    handler: ({ lendingService, config }) => {
      // Polls count toward the lending limit per key (docs/lending.md): poll no faster than it allows.
      const pace = pollingPace(config.rateLimits.lendingPerKey);
      return async ({ principal }, ctx) => {
        const { file, fields, idempotencyKey } = readSubmission(ctx, 'The lending service has no legacy synchronous form; submit without an "options" part.');
        return acceptedResponse(await lendingService.submit(principal, file, fields, idempotencyKey), pace);
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/lending/extract/{jobId}',
    summary: 'The job record with service, compliance and lendingAnalysis (judged at the job\'s date)',
    tags,
    auth: { kind: 'scope', scope: 'lending:read' },
    request: { params: JobParams, query: JobQuery },
    responses: { 200: json(LendingJobRecord, 'Lending job'), 403: errorResponse('Missing scope'), 404: errorResponse('No such job'), ...commonErrors },
    handler: ({ lendingService }) => async ({ params, query, principal }) => ({
      status: 200,
      body: await lendingService.get(principal, params.jobId, query.layout ?? 'primary'),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/lending/requirements',
    summary: "The organization's lending requirements (defaults until saved); owner/admin session or lending:write",
    tags,
    auth: { kind: 'any' },
    responses: { 200: json(LendingRequirementsView, 'Requirements'), 403: errorResponse('Not an owner/admin, or missing scope'), ...commonErrors },
    handler: ({ lendingService }) => async ({ principal }) => ({ status: 200, body: await lendingService.requirements(principal) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/lending/requirements',
    summary: "Replaces the organization's lending requirements (missing members take their defaults); owner/admin session or lending:write",
    tags,
    auth: { kind: 'any' },
    request: { json: LendingRequirementsBody },
    responses: { 200: json(LendingRequirementsView, 'Saved requirements'), 403: errorResponse('Not an owner/admin, or missing scope'), ...commonErrors },
    handler: ({ lendingService }) => async ({ body, principal }) => ({
      status: 200,
      body: await lendingService.updateRequirements(principal, body as Record<string, unknown>),
    }),
  }),
];
