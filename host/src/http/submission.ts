import type { Context } from 'koa';
import type { ZodType } from 'zod';
import type { SubmissionFields, Submitted } from '../common/submission.js';
import type { Upload } from '../common/upload.js';
import { badRequest } from '../services/errors.js';
import type { AppState, RouteResult } from './route.js';
import { SubmitFields } from './schemas/document.schemas.js';
import { LegacyOptions as LegacyOptionsSchema } from './schemas/legacy.schemas.js';
import type { LegacyOptions } from '../services/legacy-extraction.service.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Multipart fields arrive as arrays when repeated; the first value counts. */
function flatten(body: unknown): Record<string, unknown> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
}

/**
 * The parts of a multipart extraction request: the file, the text fields validated by `schema`, and
 * the Idempotency-Key.
 */
export function readMultipartRequest<T>(ctx: Context, schema: ZodType<T>): { file: Upload; fields: T; idempotencyKey: string | undefined } {
  const request = ctx.request as { body?: unknown };
  const idempotencyKey = ctx.get('idempotency-key') || undefined;
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  const parsed = schema.safeParse(flatten(request.body));
  if (!parsed.success) {
    throw badRequest('The form fields are not valid.', {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  const file = (ctx.state as AppState).upload;
  if (!file) throw badRequest('No file provided: send the document in a multipart part named "file".');
  return { file, fields: parsed.data, idempotencyKey };
}

/**
 * The parts of an extraction submission (primary and lending alike). `legacyOptionsRefusal` is the
 * message for a request with an `options` part.
 */
export function readSubmission(ctx: Context, legacyOptionsRefusal: string) {
  const { file, fields: parsed, idempotencyKey } = readMultipartRequest(ctx, SubmitFields);
  if (parsed.options !== undefined) throw badRequest(legacyOptionsRefusal);
  const { options: _options, ...fields } = parsed;
  return { file, fields, idempotencyKey };
}

/** The Retry-After of a 202 when its surface gives none: a modest pace for polling one job. */
const DEFAULT_POLL_SECONDS = 2;

/** Seconds between polls of one job that keep a poller within `requestsPerMinute` (at least 1). */
export function pollingPace(requestsPerMinute: number): number {
  return Math.max(1, Math.ceil(60 / requestsPerMinute));
}

/**
 * 202 with the job creation body, `Location` (the polling URL) and `Retry-After` (when to poll:
 * `pollEverySeconds`); a replayed Idempotency-Key says so in a header.
 */
export function acceptedResponse(submitted: Submitted, pollEverySeconds = DEFAULT_POLL_SECONDS): RouteResult {
  const headers: Record<string, string> = { 'Retry-After': String(pollEverySeconds) };
  if (typeof submitted.body.pollingUrl === 'string') headers.Location = submitted.body.pollingUrl;
  if (submitted.replayed) headers['Idempotent-Replayed'] = 'true';
  return { status: 202, body: submitted.body, headers };
}

/** Whether a multipart request is the legacy synchronous form (it has an `options` part). */
export function isLegacyForm(ctx: Context): boolean {
  const body = (ctx.request as { body?: unknown }).body;
  return Boolean(body && typeof body === 'object' && 'options' in body);
}

/** The parts of the legacy synchronous form: its `options` parsed and validated (docs/legacy.md). */
export function readLegacySubmission(ctx: Context): { file: Upload; fields: Omit<SubmissionFields, 'service'>; options: LegacyOptions } {
  const { file, fields: parsed } = readMultipartRequest(ctx, SubmitFields);
  const { options: text, ...fields } = parsed;
  if (fields.webhookUrl !== undefined) throw badRequest('The legacy synchronous form (an "options" part) answers in the request and takes no webhookUrl.');
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw badRequest('The "options" part must be a JSON object.');
  }
  const options = LegacyOptionsSchema.safeParse(value);
  if (!options.success) {
    const issues = options.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.') || '(options)', message: issue.message }));
    // The legacy error layout has no details: the message names each problem.
    throw badRequest(`The "options" part is not valid: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}.`, { issues });
  }
  return { file, fields, options: options.data };
}
