import { validateHeaderName, validateHeaderValue } from 'node:http';
import { WebhookError } from './errors.js';
import { signWebhook } from './signing.js';
import { WEBHOOK_VERSION } from './version.js';

export const WEBHOOK_AUTH_TYPES = ['none', 'bearer', 'apikey', 'hmac'] as const;
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number];

/** The auth and header part of a webhook configuration, as the interface names it. */
export interface WebhookAuthConfig {
  authType: WebhookAuthType;
  /** bearer: the token; apikey: `HEADER_NAME:KEY`, or a bare key sent as `X-API-Key`. */
  authValue?: string | null;
  /** hmac: the shared secret. */
  hmacSecret?: string | null;
  /** Extra headers; they cannot replace a header docsift sets. */
  headers?: Record<string, string> | null;
}

export interface WebhookHeadersInput {
  config: WebhookAuthConfig;
  /** The exact body that will be sent. */
  body: string;
  /** Stable across the retries of one delivery. */
  webhookId: string;
  /** Signing time in milliseconds; X-Webhook-Timestamp carries it. */
  timestampMs: number;
  version?: string;
}

export const DEFAULT_API_KEY_HEADER = 'X-API-Key';

/** Set by the HTTP stack; an extra header must not try to set them. */
const TRANSPORT_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection'];

/**
 * All headers of one delivery attempt: Content-Type, User-Agent, X-Webhook-Id, the auth
 * headers of the configuration, then the extra headers that do not clash (case-insensitively)
 * with any of those. Throws `WebhookError` `invalid_config` for a missing secret or a header
 * name or value HTTP does not allow.
 */
export function buildWebhookHeaders(input: WebhookHeadersInput): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': `docsift-webhooks/${input.version ?? WEBHOOK_VERSION}`,
    'X-Webhook-Id': input.webhookId,
    ...authHeaders(input),
  };
  const taken = new Set([...Object.keys(headers).map((name) => name.toLowerCase()), ...TRANSPORT_HEADERS]);
  for (const [name, value] of Object.entries(input.config.headers ?? {})) {
    if (!taken.has(name.toLowerCase())) headers[name] = value;
  }
  for (const [name, value] of Object.entries(headers)) checkHeader(name, value);
  return headers;
}

function authHeaders({ config, body, timestampMs }: WebhookHeadersInput): Record<string, string> {
  switch (config.authType) {
    case 'none':
      return {};
    case 'bearer':
      return { Authorization: `Bearer ${required(config.authValue, 'authValue')}` };
    case 'apikey':
      return apiKeyHeader(required(config.authValue, 'authValue'));
    case 'hmac':
      return {
        'X-Webhook-Signature': signWebhook(required(config.hmacSecret, 'hmacSecret'), timestampMs, body),
        'X-Webhook-Timestamp': String(timestampMs),
      };
    default:
      throw new WebhookError('invalid_config', `unknown authType; use one of ${WEBHOOK_AUTH_TYPES.join(', ')}`);
  }
}

/** `HEADER:KEY` sends KEY in HEADER when HEADER is a valid header name; anything else is a bare key. */
function apiKeyHeader(authValue: string): Record<string, string> {
  const colon = authValue.indexOf(':');
  const name = colon > 0 ? authValue.slice(0, colon).trim() : '';
  if (name !== '' && isValidHeaderName(name)) return { [name]: authValue.slice(colon + 1).trim() };
  return { [DEFAULT_API_KEY_HEADER]: authValue };
}

function required(value: string | null | undefined, field: string): string {
  if (typeof value !== 'string' || value === '') throw new WebhookError('invalid_config', `${field} is required for this authType`);
  return value;
}

function isValidHeaderName(name: string): boolean {
  try {
    validateHeaderName(name);
    return true;
  } catch {
    return false;
  }
}

function checkHeader(name: string, value: string): void {
  if (!isValidHeaderName(name)) throw new WebhookError('invalid_config', `"${name.slice(0, 64)}" is not a valid header name`);
  try {
    if (typeof value !== 'string') throw new TypeError('not a string');
    validateHeaderValue(name, value);
  } catch {
    throw new WebhookError('invalid_config', `the value of header "${name}" is not a valid header value`);
  }
}
