import { defineRoute } from '../route.js';
import { pageRequestOf } from '../pagination.js';
import { acceptedResponse, isLegacyForm, pollingPace, readLegacySubmission, readSubmission } from '../submission.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { JobCreated, JobList, JobListQuery, JobParams, JobQuery, JobRecord } from '../schemas/document.schemas.js';
import { eitherLayoutErrorResponse, legacyErrorResponse, LegacyExtractResponse, LegacySubmitMultipart } from '../schemas/legacy.schemas.js';

const tags = ['Documents'];
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

export const documentRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/documents/extract',
    summary:
      'Submit a document (PDF, JPEG, PNG) for asynchronous identification and extraction; with an `options` part, the legacy synchronous form: the file is split into its documents, each extracted, answered 200 (docs/legacy.md)',
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { multipart: LegacySubmitMultipart, legacyFormPart: 'options' },
    responses: {
      200: json(LegacyExtractResponse, 'The legacy synchronous form: its documents, in the legacy layout, each with a signed splitPdfUrl'),
      202: json(JobCreated, 'Accepted; poll pollingUrl. A replay of an Idempotency-Key answers the first job with Idempotent-Replayed: true'),
      403: errorResponse("Missing scope (forbidden), or the organization's storage quota would be exceeded (quota_exceeded)"),
      413: eitherLayoutErrorResponse('File too large (legacy form: FILE_TOO_LARGE once its options part was read)'),
      ...commonErrors,
      400: eitherLayoutErrorResponse('Invalid request (legacy form: INVALID_REQUEST, e.g. bad options or page ranges)'),
      422: legacyErrorResponse('Legacy form: INVALID_FILE_FORMAT, the file is not a PDF, JPEG or PNG, or cannot be read'),
      503: legacyErrorResponse('Legacy form: not done within the synchronous time limit (DOCSIFT_LEGACY_SYNC_TIMEOUT_MS); submit without options instead'),
    },
    handler: ({ documentService, legacyExtractionService, config }) => {
      const pace = pollingPace(config.rateLimits.perKey);
      return async ({ principal }, ctx) => {
        if (isLegacyForm(ctx)) {
          const { file, fields, options } = readLegacySubmission(ctx);
          return { status: 200, body: await legacyExtractionService.extract(principal, file, fields, options) };
        }
        const { file, fields, idempotencyKey } = readSubmission(
          ctx,
          'The legacy synchronous form (an "options" part) is not available on this server; submit without it.',
        );
        return acceptedResponse(await documentService.submit(principal, file, fields, idempotencyKey), pace);
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/documents/extract',
    summary: "The organization's jobs (documents and lending), newest first, a page at a time; filters by status, type and creation time",
    tags,
    auth: { kind: 'scope', scope: 'documents:read' },
    request: { query: JobListQuery },
    responses: { 200: json(JobList, 'A page of jobs; nextCursor continues'), ...commonErrors, 400: errorResponse('Invalid filter, limit or cursor') },
    handler: ({ documentService }) => async ({ query, principal }) => {
      const filter = {
        status: query.status,
        documentType: query.type,
        createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
        createdTo: query.createdTo ? new Date(query.createdTo) : undefined,
      };
      return { status: 200, body: await documentService.list(principal, filter, pageRequestOf(query)) };
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
    // A completed job's record, once read, is served from the record cache without routing, after a lookup finds the job still there uncorrected.
    answerFromMemory:
      ({ documentService }) =>
      async ({ params, query, principal }) => {
        const json = await documentService.cachedJson(principal, params.jobId, query.layout ?? 'primary');
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
