import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { PageImageAnswer } from '../../services/page-image.service.js';
import { defineRoute } from '../route.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { JobParams, JobRecord } from '../schemas/document.schemas.js';
import { CorrectionRequest, PageImageParams, PageImageQuery } from '../schemas/job-page.schemas.js';

const tags = ['Documents'];

/** The 200 and 304 answers of a page image route (this one and the consumer surface's). */
export const pageImageResponses: Record<200 | 304, ResponseConfig> = {
  200: {
    description: 'The page image',
    headers: { ETag: { schema: { type: 'string' } }, 'Cache-Control': { schema: { type: 'string' } } },
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  },
  304: { description: 'Not modified: the If-None-Match ETag is current' },
};

export function pageImageReply(answer: PageImageAnswer) {
  const headers = { ETag: answer.etag, 'Cache-Control': 'private, no-cache' };
  if (!answer.image) return { status: 304, headers };
  return { status: 200, body: Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength), headers: { ...headers, 'Content-Type': answer.contentType } };
}

/** What the result view of a job needs beyond its record: its pages as images, and a corrected record beside the engine's. */
export const jobPageRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/documents/extract/{jobId}/pages/{page}/image',
    summary:
      "A page of the job's file as a PNG or WebP image of the requested width, turned upright as the engine read it. The `fieldDetails` boxes are fractions of this image, origin top-left: a box [x0, y0, x1, y1] covers pixels x0·width to x1·width and y0·height to y1·height (docs/api.md, Page images). Cache-Control private, no-cache with an ETag: If-None-Match answers 304",
    tags,
    auth: { kind: 'scope', scope: 'documents:read' },
    request: { params: PageImageParams, query: PageImageQuery },
    responses: {
      ...pageImageResponses,
      404: errorResponse('No such job, or no such page (details.pageCount says how many the document has)'),
      409: errorResponse("The job's file is no longer stored (details.reason file_gone), or cannot be rendered (details.reason: the engine's code)"),
      ...commonErrors,
      400: errorResponse('Invalid page number, width or format'),
    },
    handler: ({ pageImageService }) => async ({ params, query, principal }, ctx) => {
      const answer = await pageImageService.render(principal, params.jobId, { ...params, ...query, ifNoneMatch: ctx.get('if-none-match') || undefined });
      return pageImageReply(answer);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/documents/extract/{jobId}/correction',
    summary:
      "Store a corrected record of a completed job beside the engine's extractedData (which is kept); it replaces any earlier correction and is sent to the organization's webhook configurations as `extraction.corrected` (docs/webhooks.md)",
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { params: JobParams, json: CorrectionRequest },
    responses: {
      200: json(JobRecord, 'The job record with correctedData, correctedAt and correctedBy'),
      404: errorResponse('No such job'),
      409: errorResponse('The job is not completed (details.status)'),
      413: errorResponse('The request body (or the corrected record as JSON) is larger than 1 MB'),
      ...commonErrors,
      400: errorResponse("`data` missing or not a JSON object, or not of the shape of the job's type"),
    },
    handler: ({ jobCorrectionService }) => async ({ params, body, principal }) => ({
      status: 200,
      body: await jobCorrectionService.correct(principal, params.jobId, body.data),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/documents/extract/{jobId}/correction',
    summary: "Remove the job's correction: the record shows the engine's data alone again (no webhook is sent)",
    tags,
    auth: { kind: 'scope', scope: 'documents:write' },
    request: { params: JobParams },
    responses: { 204: noContent, 404: errorResponse('No such job'), 409: errorResponse('The job is not completed (details.status)'), ...commonErrors },
    handler: ({ jobCorrectionService }) => async ({ params, principal }) => {
      await jobCorrectionService.remove(principal, params.jobId);
      return { status: 204 };
    },
  }),
];
