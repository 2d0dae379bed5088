import type { DocumentService } from '../../services/document.service.js';
import type { Principal } from '../../services/principal.js';
import { badRequest } from '../errors.js';
import { fileOf } from '../multipart.js';
import { defineRoute } from '../route.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { JobCreated, JobParams, JobQuery, JobRecord, SubmitFields, SubmitMultipart } from '../schemas/document.schemas.js';

interface Deps {
  documentService: DocumentService;
  principal: Principal;
}

const tags = ['Documents'];
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

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
      403: errorResponse('Missing scope'),
      413: errorResponse('File too large'),
      ...commonErrors,
    },
    handler: ({ documentService, principal }: Deps) => async (_input, ctx) => {
      const request = ctx.request as { files?: unknown; body?: unknown };
      const idempotencyKey = ctx.get('idempotency-key') || undefined;
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.');
      }
      const parsed = SubmitFields.safeParse(flatten(request.body));
      if (!parsed.success) {
        throw badRequest('The form fields are not valid.', {
          issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        });
      }
      if (parsed.data.options !== undefined) {
        throw badRequest('The legacy synchronous form (an "options" part) is not available on this server; submit without it.');
      }
      const file = fileOf(request);
      if (!file) throw badRequest('No file provided: send the document in a multipart part named "file".');
      const { options: _options, ...fields } = parsed.data;
      const submitted = await documentService.submit(principal, file, fields, idempotencyKey);
      const headers: Record<string, string> = submitted.replayed ? { 'Idempotent-Replayed': 'true' } : {};
      return { status: 202, body: submitted.body, headers };
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
    handler: ({ documentService, principal }: Deps) => async ({ params, query }) => ({
      status: 200,
      body: await documentService.get(principal, params.jobId, query.layout ?? 'primary'),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/extract/{jobId}',
    summary: 'Delete the job, its file and its results',
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { params: JobParams },
    responses: { 204: noContent, 404: errorResponse('No such job'), ...commonErrors },
    handler: ({ documentService, principal }: Deps) => async ({ params }) => {
      await documentService.remove(principal, params.jobId);
      return { status: 204 };
    },
  }),
];

/** A repeated text part keeps its first value. */
export function flatten(body: unknown): Record<string, unknown> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
}
