import { defineRoute } from '../route.js';
import { pageImageReply, pageImageResponses } from './job-page.router.js';
import { acceptedResponse, readMultipartRequest } from '../submission.js';
import type { TemplateInput } from '../../services/template.service.js';
import { pageRequestOf } from '../pagination.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { PageImageQuery } from '../schemas/job-page.schemas.js';
import {
  CorrectedExtraction,
  CorrectionBody,
  ExtractFields,
  ExtractInfo,
  ExtractionCreated,
  ExtractionList,
  ExtractionListQuery,
  ExtractionPageParams,
  ExtractionParams,
  ExtractionRecord,
  ExtractMultipart,
  LayoutParams,
  LearnedLayoutList,
  TemplateBody,
  TemplateList,
  TemplateParams,
  TemplateView,
} from '../schemas/b2c.schemas.js';

const tags = ['Consumer'];
/** Every /api/b2c/* operation takes a user session (cookie or session token); an API key is 401. */
const auth = { kind: 'session' } as const;
const notFoundTemplate = errorResponse('No such template in your organization');
const notFoundExtraction = errorResponse('No such extraction in your organization');

export const b2cRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/b2c/templates',
    summary: "The organization's templates with their fields (session only)",
    tags,
    auth,
    responses: { 200: json(TemplateList, 'Templates'), ...commonErrors },
    handler: ({ templateService }) => async ({ principal }) => ({ status: 200, body: await templateService.list(principal) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/b2c/templates',
    summary: 'Create a template: fields by name, type and description (session only)',
    tags,
    auth,
    request: { json: TemplateBody },
    responses: { 201: json(TemplateView, 'The template, version 1'), ...commonErrors },
    handler: ({ templateService }) => async ({ principal, body }) => ({ status: 201, body: await templateService.create(principal, body as TemplateInput) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/templates/{templateId}',
    summary: 'One template (session only)',
    tags,
    auth,
    request: { params: TemplateParams },
    responses: { 200: json(TemplateView, 'Template'), 404: notFoundTemplate, ...commonErrors },
    handler: ({ templateService }) => async ({ principal, params }) => ({ status: 200, body: await templateService.get(principal, params.templateId) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/b2c/templates/{templateId}',
    summary: 'Replace a template; its version goes up by one and extractions already made keep the version they used (session only)',
    tags,
    auth,
    request: { params: TemplateParams, json: TemplateBody },
    responses: { 200: json(TemplateView, 'The updated template'), 404: notFoundTemplate, 409: errorResponse('Changed by another request meanwhile'), ...commonErrors },
    handler: ({ templateService }) => async ({ principal, params, body }) => ({
      status: 200,
      body: await templateService.update(principal, params.templateId, body as TemplateInput),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/b2c/templates/{templateId}',
    summary: 'Delete a template; its extractions keep their data (session only)',
    tags,
    auth,
    request: { params: TemplateParams },
    responses: { 204: noContent, 404: notFoundTemplate, ...commonErrors },
    handler: ({ templateService }) => async ({ principal, params }) => {
      await templateService.remove(principal, params.templateId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/templates/{templateId}/export',
    summary:
      "The template's completed extractions as CSV (RFC 4180): one row each, list fields as JSON, text starting with = + - @ prefixed with ' (session only)",
    tags,
    auth,
    request: { params: TemplateParams },
    responses: {
      200: { description: 'CSV, newest first', content: { 'text/csv': { schema: { type: 'string' } } } },
      404: notFoundTemplate,
      ...commonErrors,
    },
    handler: ({ extractionService }) => async ({ principal, params }) => {
      const { fileName, body } = await extractionService.exportCsv(principal, params.templateId);
      return {
        status: 200,
        body,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/extract',
    summary: 'The consumer API: endpoints, limits in force and field types (session only)',
    tags,
    auth,
    responses: { 200: json(ExtractInfo, 'Consumer API information'), ...commonErrors },
    handler: ({ extractionService }) => async () => ({ status: 200, body: extractionService.info() }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/b2c/extract',
    summary: "Extract a document (PDF, JPEG, PNG) with one of the organization's templates (session only)",
    tags,
    auth,
    request: { multipart: ExtractMultipart, fileLimits: ({ consumer }) => ({ pdf: consumer.pdfBytes, jpeg: consumer.imageBytes, png: consumer.imageBytes }) },
    responses: {
      202: json(ExtractionCreated, 'Accepted; poll pollingUrl. A replay of an Idempotency-Key answers the first extraction with Idempotent-Replayed: true'),
      403: errorResponse("The organization's storage quota would be exceeded (quota_exceeded)"),
      404: notFoundTemplate,
      413: errorResponse('File too large (consumer limits: PDF 20 MB, images 5 MB by default)'),
      ...commonErrors,
    },
    handler: ({ extractionService }) => async ({ principal }, ctx) => {
      const { file, fields, idempotencyKey } = readMultipartRequest(ctx, ExtractFields);
      return acceptedResponse(await extractionService.submit(principal, file, fields, idempotencyKey));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/extract/{extractionId}',
    summary: "The extraction: status, data by the template's field names, confidence per field and overall (session only)",
    tags,
    auth,
    request: { params: ExtractionParams },
    responses: { 200: json(ExtractionRecord, 'Extraction'), 404: notFoundExtraction, ...commonErrors },
    handler: ({ extractionService }) => async ({ principal, params }) => ({ status: 200, body: await extractionService.get(principal, params.extractionId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/extract/{extractionId}/pages/{page}/image',
    summary:
      "A page of the extraction's file as a PNG or WebP image of the requested width, turned upright as the engine read it, so the `fieldDetails` boxes (fractions of the page, origin top-left) fall on it. Cache-Control private, no-cache with an ETag: If-None-Match answers 304 (session only)",
    tags,
    auth,
    request: { params: ExtractionPageParams, query: PageImageQuery },
    responses: {
      ...pageImageResponses,
      404: errorResponse('No such extraction in your organization, or no such page (details.pageCount says how many the document has)'),
      409: errorResponse("The extraction's file is no longer stored (details.reason file_gone), or cannot be rendered (details.reason: the engine's code)"),
      ...commonErrors,
      400: errorResponse('Invalid page number, width or format'),
    },
    handler: ({ pageImageService }) => async ({ params, query, principal }, ctx) => {
      const answer = await pageImageService.renderExtraction(principal, params.extractionId, { ...params, ...query, ifNoneMatch: ctx.get('if-none-match') || undefined });
      return pageImageReply(answer);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/b2c/extract/{extractionId}',
    summary: 'Delete the extraction, its file and its results (session only)',
    tags,
    auth,
    request: { params: ExtractionParams },
    responses: { 204: noContent, 404: notFoundExtraction, ...commonErrors },
    handler: ({ extractionService }) => async ({ principal, params }) => {
      await extractionService.remove(principal, params.extractionId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/b2c/extract/{extractionId}/data',
    summary:
      "Correct a completed extraction: the values by field name replace the previous correction, the engine's data is kept beside them, and the template learns the document's layout (session only)",
    tags,
    auth,
    request: { params: ExtractionParams, json: CorrectionBody },
    responses: {
      200: json(CorrectedExtraction, 'The corrected extraction'),
      404: notFoundExtraction,
      409: errorResponse('The extraction is not completed (pending, processing or failed)'),
      503: errorResponse('The engine could not locate the values right now; nothing was saved'),
      ...commonErrors,
    },
    handler: ({ correctionService }) => async ({ principal, params, body }) => ({
      status: 200,
      body: await correctionService.correct(principal, params.extractionId, body),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/templates/{templateId}/layouts',
    summary: 'The layouts the template learned from corrections, newest first; no document text (session only)',
    tags,
    auth,
    request: { params: TemplateParams },
    responses: { 200: json(LearnedLayoutList, 'Learned layouts'), 404: notFoundTemplate, ...commonErrors },
    handler: ({ correctionService }) => async ({ principal, params }) => ({ status: 200, body: await correctionService.listLayouts(principal, params.templateId) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/b2c/templates/{templateId}/layouts/{layoutId}',
    summary: 'Forget a learned layout: later extractions read without it (session only)',
    tags,
    auth,
    request: { params: LayoutParams },
    responses: { 204: noContent, 404: errorResponse('No such template or learned layout in your organization'), ...commonErrors },
    handler: ({ correctionService }) => async ({ principal, params }) => {
      await correctionService.removeLayout(principal, params.templateId, params.layoutId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/b2c/extractions',
    summary: "The organization's extractions newest first, by cursor; filter by templateId and status (session only)",
    tags,
    auth,
    request: { query: ExtractionListQuery },
    responses: { 200: json(ExtractionList, 'One page; nextCursor is null on the last'), ...commonErrors },
    handler: ({ extractionService }) => async ({ principal, query }) => ({
      status: 200,
      body: await extractionService.list(principal, { templateId: query.templateId, status: query.status }, pageRequestOf(query)),
    }),
  }),
];
