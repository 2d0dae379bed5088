import { defineRoute } from '../route.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { legacyErrorResponse } from '../schemas/legacy.schemas.js';
import { LegacyTaskStatus, TaskCreated, TaskParams, TaskStatus, TaskSubmitFields, TaskSubmitMultipart } from '../schemas/task.schemas.js';
import { pollingPace, readMultipartRequest } from '../submission.js';

const tags = ['Tasks'];

const submissionErrors = {
  403: errorResponse("Missing scope analysis:write (forbidden), or the organization's storage quota would be exceeded (quota_exceeded)"),
  413: errorResponse('File too large'),
  ...commonErrors,
};

export const taskRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/sor-analysis-trigger',
    summary: 'Queue a statement-of-repair analysis task (extraction, then the analysis of docs/analysis.md); poll statusUrl',
    tags,
    auth: { kind: 'scope', scope: 'analysis:write' },
    request: { multipart: TaskSubmitMultipart },
    responses: { 202: json(TaskCreated, 'Queued; `Location` is statusUrl, `Retry-After` the seconds before polling'), ...submissionErrors },
    handler: ({ taskService, config }) => {
      const pace = pollingPace(config.rateLimits.perKey);
      return async ({ principal }, ctx) => {
        const { file, fields, idempotencyKey } = readMultipartRequest(ctx, TaskSubmitFields);
        const { body, replayed } = await taskService.trigger(principal, file, fields, idempotencyKey);
        const headers: Record<string, string> = { Location: String(body.statusUrl), 'Retry-After': String(pace) };
        if (replayed) headers['Idempotent-Replayed'] = 'true';
        return { status: 202, body, headers };
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/sor-analysis',
    summary: 'The same analysis, answered in the request once the task has finished (within DOCSIFT_LEGACY_SYNC_TIMEOUT_MS)',
    tags,
    auth: { kind: 'scope', scope: 'analysis:write' },
    request: { multipart: TaskSubmitMultipart },
    responses: {
      200: json(TaskStatus, 'The finished task: completed with its result, or failed with its error'),
      ...submissionErrors,
      503: errorResponse('Not finished within the synchronous time limit; the task goes on: details.statusUrl'),
    },
    handler:
      ({ taskService }) =>
      async ({ principal }, ctx) => {
        const { file, fields } = readMultipartRequest(ctx, TaskSubmitFields);
        return { status: 200, body: await taskService.runInRequest(principal, file, fields) };
      },
  }),
  defineRoute({
    method: 'get',
    path: '/api/task-status/{taskId}',
    summary: "One of the organization's analysis tasks: status, progress, and its result or error",
    tags,
    auth: { kind: 'scope', scope: 'analysis:read' },
    request: { params: TaskParams },
    responses: { 200: json(TaskStatus, 'The task'), 404: errorResponse('No such task in the organization'), ...commonErrors },
    handler:
      ({ taskService }) =>
      async ({ params, principal }) => ({ status: 200, body: await taskService.status(principal, params.taskId) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/task-status/{taskId}',
    summary: "Delete one of the organization's analysis tasks, its uploaded statement and its result",
    tags,
    auth: { kind: 'scope', scope: 'analysis:write' },
    request: { params: TaskParams },
    responses: { 204: noContent, 404: errorResponse('No such task in the organization'), ...commonErrors },
    handler:
      ({ taskService }) =>
      async ({ params, principal }) => {
        await taskService.delete(principal, params.taskId);
        return { status: 204 };
      },
  }),
  defineRoute({
    method: 'get',
    path: '/api/tasks/{taskId}',
    summary: 'Legacy view of a task (an analysis task or a legacy synchronous extraction), its result in the legacy synchronous shape; legacy errors',
    tags,
    auth: { kind: 'scope', scope: 'analysis:read' },
    errorLayout: 'legacy',
    request: { params: TaskParams },
    responses: {
      200: json(LegacyTaskStatus, 'The task'),
      400: legacyErrorResponse('INVALID_REQUEST: a task id longer than 64 characters'),
      401: legacyErrorResponse('UNAUTHORIZED'),
      403: legacyErrorResponse('FORBIDDEN: missing scope analysis:read'),
      404: legacyErrorResponse('NOT_FOUND: no such task in the organization'),
      429: legacyErrorResponse('RATE_LIMIT_EXCEEDED, with retryAfter, limit, remaining, reset'),
      500: legacyErrorResponse('INTERNAL_ERROR'),
    },
    handler:
      ({ taskService }) =>
      async ({ params, principal }) => ({ status: 200, body: await taskService.legacyStatus(principal, params.taskId) }),
  }),
];
