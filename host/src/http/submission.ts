import type { Context } from 'koa';
import type { Submitted } from '../common/submission.js';
import { badRequest } from '../services/errors.js';
import type { AppState, RouteResult } from './route.js';
import { SubmitFields } from './schemas/document.schemas.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Multipart fields arrive as arrays when repeated; the first value counts. */
function flatten(body: unknown): Record<string, unknown> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
}

/**
 * The parts of an extraction submission (primary and lending alike): the file, the validated fields
 * and the Idempotency-Key. `legacyOptionsRefusal` is the message for a request with an `options` part.
 */
export function readSubmission(ctx: Context, legacyOptionsRefusal: string) {
  const request = ctx.request as { body?: unknown };
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
  if (parsed.data.options !== undefined) throw badRequest(legacyOptionsRefusal);
  const file = (ctx.state as AppState).upload;
  if (!file) throw badRequest('No file provided: send the document in a multipart part named "file".');
  const { options: _options, ...fields } = parsed.data;
  return { file, fields, idempotencyKey };
}

/** 202 with the job creation body; a replayed Idempotency-Key says so in a header. */
export function acceptedResponse(submitted: Submitted): RouteResult {
  return { status: 202, body: submitted.body, headers: submitted.replayed ? { 'Idempotent-Replayed': 'true' } : {} };
}
