import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Where a credential would sit in a logged object. Top-level names and fixed paths only: pino
 * checks a path only on the keys it starts with, so the per-request access line pays nothing.
 */
const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'sessionToken',
  'apiKey',
  'secret',
  'hmacSecret',
  'authValue',
  'parameters',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'webhookConfig.authValue',
  'webhookConfig.hmacSecret',
  'webhookConfig.headers',
  'secretAccessKey',
  'credentials',
  'storage.secretAccessKey',
  'config.storage.secretAccessKey',
];

export const REDACTED = '[redacted]';

/**
 * Properties an error may carry that hold request data: SQL parameter values (TypeORM's
 * `parameters`, mysql2's `sql` with the values written in, PostgreSQL's `detail`), and the
 * options, headers and bodies of HTTP clients' errors (got, LangChain).
 */
const DROPPED_ERROR_FIELDS = new Set(['parameters', 'driverError', 'sql', 'sqlMessage', 'detail', 'where', 'internalQuery', 'options', 'request', 'response', 'config', 'headers', 'body', 'timings']);

/** What a database error keeps: the statement with its placeholders and the names the database gives, never a value. */
const DATABASE_ERROR_FIELDS = new Set(['code', 'errno', 'sqlState', 'query', 'constraint', 'table', 'column', 'schema']);

const CREDENTIAL_PATTERNS: Array<[RegExp, string]> = [
  [/\b(dsk|dss)_[A-Za-z0-9_-]+/g, `$1_${REDACTED}`],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, `Bearer ${REDACTED}`],
  [/\bBasic\s+[A-Za-z0-9+/]{8,}={0,2}/g, `Basic ${REDACTED}`],
  [/(\/\/)[^/@\s:]*:[^/@\s]+@/g, `$1${REDACTED}@`],
];

/** Quoted text in a database's message is a value more often than a name ("Duplicate entry 'ann@example.com' for key …"). */
const QUOTED = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g;

/** `text` with API keys, session tokens, bearer and basic credentials and passwords in URLs replaced. */
export function scrubCredentials(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

interface ErrorLike {
  message: string;
  stack?: string;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

function isDatabaseError(error: ErrorLike): boolean {
  return 'driverError' in error || 'parameters' in error || typeof error.sql === 'string' || typeof error.sqlMessage === 'string';
}

/**
 * pino's `err` serializer with what must not reach a log taken out: credentials in any of the
 * error's texts, request data in the fields above, and quoted values in a database's message and
 * stack. Causes and aggregated errors are serialized the same way.
 */
export function serializeLoggedError(value: unknown, seen = new Set<unknown>()): unknown {
  if (!isErrorLike(value)) return typeof value === 'string' ? scrubCredentials(value) : value;
  seen.add(value);
  const database = isDatabaseError(value);
  const clean = (text: string) => scrubCredentials(database ? text.replace(QUOTED, `'${REDACTED}'`) : text);
  const constructorName = (value.constructor as { name?: unknown } | undefined)?.name;
  const serialized: Record<string, unknown> = {
    type: typeof constructorName === 'string' && constructorName !== 'Object' ? constructorName : value.name,
    message: clean(value.message),
    stack: clean(value.stack ?? ''),
  };
  for (const key in value) {
    if (key in serialized || DROPPED_ERROR_FIELDS.has(key) || (database && !DATABASE_ERROR_FIELDS.has(key))) continue;
    const field = value[key];
    if (isErrorLike(field)) {
      if (!seen.has(field)) serialized[key] = serializeLoggedError(field, seen);
    } else serialized[key] = typeof field === 'string' ? clean(field) : field;
  }
  if (isErrorLike(value.cause) && !seen.has(value.cause)) serialized.cause = serializeLoggedError(value.cause, seen);
  if (Array.isArray(value.errors)) serialized.aggregateErrors = value.errors.map((error) => serializeLoggedError(error, seen));
  return serialized;
}

/** The redaction every logger of the host uses (docs/operations.md, Security). */
export const LOG_REDACTION = {
  redact: { paths: REDACTED_PATHS, censor: REDACTED },
  serializers: { err: (value: unknown) => serializeLoggedError(value), error: (value: unknown) => serializeLoggedError(value) },
} satisfies Pick<LoggerOptions, 'redact' | 'serializers'>;

/** A JSON logger with the host's redaction. */
export function createLogger(options: { name: string; level: string }, destination?: DestinationStream): Logger {
  return destination ? pino({ ...options, ...LOG_REDACTION }, destination) : pino({ ...options, ...LOG_REDACTION });
}

/** `logger` (an embedder's or a test's) with the host's redaction added. */
export function withRedaction(logger: Logger): Logger {
  return logger.child({}, LOG_REDACTION);
}
