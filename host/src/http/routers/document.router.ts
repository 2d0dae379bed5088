import { defineRoute } from '../route.js';
import { acceptedResponse, readSubmission } from '../submission.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { JobCreated, JobParams, JobQuery, JobRecord, SubmitMultipart } from '../schemas/document.schemas.js';

const tags = ['Documents'];
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

export const documentRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/documents/extract',
    summary: 'Submit a document (PDF, JPEG, PNG) for asynchronous identification and extraction',
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { multipart: SubmitMultipart },
    responses: {
      202: json(JobCreated, 'Accepted; poll pollingUrl. A replay of an Idempotency-Key answers the first job with Idempotent-Replayed: true'),
      403: errorResponse("Missing scope (forbidden), or the organization's storage quota would be exceeded (quota_exceeded)"),
      413: errorResponse('File too large'),
      ...commonErrors,
    },
    handler: ({ documentService }) => async ({ principal }, ctx) => {
      const { file, fields, idempotencyKey } = readSubmission(
        ctx,
        'The legacy synchronous form (an "options" part) is not available on this server; submit without it.',
      );
      return acceptedResponse(await documentService.submit(principal, file, fields, idempotencyKey));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/extract/{jobId}',
    summary: 'The job record; `?layout=legacy` gives extractedData in the legacy layout',
    tags,
    auth: { kind: 'scope', scope: 'documents:read' },
    request: { params: JobParams, query: JobQuery },
    responses: { 200: json(JobRecord, 'Job'), 404: errorResponse('No such job'), ...commonErrors },
    handler: ({ documentService }) => async ({ params, query, principal }) => ({
      status: 200,
      body: await documentService.getJson(principal, params.jobId, query.layout ?? 'primary'),
      headers: JSON_HEADERS,
    }),
    // A completed job's record, once read, is served from the record cache without routing.
    answerFromMemory:
      ({ documentService }) =>
      ({ params, query, principal }) => {
        const json = documentService.cachedJson(principal, params.jobId, query.layout ?? 'primary');
        return json ? { status: 200, body: json, headers: JSON_HEADERS } : null;
      },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/extract/{jobId}',
    summary: 'Delete the job, its file and its results',
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { params: JobParams },
    responses: { 204: noContent, 404: errorResponse('No such job'), ...commonErrors },
    handler: ({ documentService }) => async ({ params, principal }) => {
      await documentService.remove(principal, params.jobId);
      return { status: 204 };
    },
  }),
];
