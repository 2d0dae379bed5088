import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { storageFrom, type StorageConfig } from './storage-config.js';

export { ConfigError } from './config-error.js';
export type { StorageConfig } from './storage-config.js';
export { maskConfig } from './masked-config.js';

/**
 * The one typed configuration of the host. This module is the only reader of process.env:
 * everything else receives a `Config`.
 */
const MB = 1_048_576;

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[], label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .url()
      .refine((url) => protocols.includes(new URL(url).protocol), `must be a ${label} URL (${protocols.join(', ')})`)
      .optional(),
  );

/** 32 bytes as base64 (44 characters with its padding, or 43 without; base64url too) or hex (64 characters). */
function secretKeyBytes(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return null;
}

/** The webhook secret key, normalised to base64; the message never repeats the value. */
const secretKey = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const key = secretKeyBytes(value);
      if (key?.length === 32) return key.toString('base64');
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes written as base64 (44 characters, or 43 without padding; URL-safe too) or hex (64 characters), e.g. the output of `openssl rand -base64 32`' });
      return z.NEVER;
    })
    .optional(),
);

/** The document-type plugins the host loads when DOCSIFT_PLUGINS is not set. */
export const BUNDLED_PLUGINS = ['@docsift/plugin-sor', '@docsift/plugin-insurance-cert', '@docsift/plugin-template'] as const;

/** A comma-separated list of module specifiers (docs/plugins.md), each at most once. */
const moduleList = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
  .refine((items) => new Set(items).size === items.length, 'a module is listed twice');

export const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DOCSIFT_DATA_DIR: z.string().min(1).default('./data'),
  DOCSIFT_DATABASE_URL: optionalUrl(['mysql:', 'sqlite:'], 'mysql:// or sqlite://'),
  DOCSIFT_QUEUE_URL: optionalUrl(['redis:', 'rediss:', 'postgres:', 'postgresql:', 'mongodb:', 'mongodb+srv:'], 'redis, postgres or mongodb'),
  DOCSIFT_QUEUE_POLL_MS: int(50, 3_600_000).default(1000),
  DOCSIFT_QUEUE_WAKE: z.enum(['on', 'off']).default('on'),
  DOCSIFT_QUEUE_WAKE_URL: optionalUrl(['redis:', 'rediss:', 'postgres:', 'postgresql:'], 'redis or postgres'),
  DOCSIFT_STORAGE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => value.startsWith('file://') || value.startsWith('s3://'), 'must be a file:// or s3:// URL')
      .optional(),
  ),
  DOCSIFT_S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'http(s)'),
  DOCSIFT_S3_REGION: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DOCSIFT_S3_FORCE_PATH_STYLE: z.preprocess(blankToUndefined, bool.optional()),
  DOCSIFT_S3_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().optional()),
  DOCSIFT_S3_SECRET_ACCESS_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  DOCSIFT_PUBLIC_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  DOCSIFT_SIGNUP: z.enum(['open', 'closed']).default('open'),
  DOCSIFT_RETENTION_DAYS: int(1).default(30),
  DOCSIFT_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  DOCSIFT_WEBHOOK_RETRY_BASE_MS: int(1).default(1000),
  DOCSIFT_WEBHOOK_SECRET_KEY: secretKey,
  DOCSIFT_SESSION_TTL_HOURS: int(1).default(168),
  DOCSIFT_ENGINE_WORKERS: int(1, 64).default(1),
  DOCSIFT_OCR_WORKERS: int(1, 64).default(2),
  DOCSIFT_JOB_CONCURRENCY: int(1, 64).default(2),
  DOCSIFT_JOB_ATTEMPTS: int(1, 20).default(3),
  DOCSIFT_JOB_RETRY_BASE_MS: int(1).default(5000),
  DOCSIFT_JOB_LOCK_LIFETIME_MS: int(1000).default(60_000),
  DOCSIFT_JOB_DEADLINE_BASE_MS: int(100).default(120_000),
  DOCSIFT_JOB_DEADLINE_PER_PAGE_MS: int(0).default(10_000),
  DOCSIFT_JOB_DEADLINE_MAX_MS: int(100).default(900_000),
  DOCSIFT_JOB_CONCURRENCY_PER_ORG: int(0, 64).default(1),
  DOCSIFT_LEGACY_SYNC_TIMEOUT_MS: int(1000).default(120_000),
  DOCSIFT_ENGINE_STOP_GRACE_MS: int(100).default(5000),
  DOCSIFT_SHUTDOWN_GRACE_MS: int(0, 3_600_000).default(10_000),
  DOCSIFT_WEBHOOK_CONCURRENCY: int(1, 256).default(16),
  DOCSIFT_ENGINE_MAX_HEAP_MB: int(64).default(1024),
  DOCSIFT_STORAGE_QUOTA_MB: int(0).default(0),
  DOCSIFT_MAX_FILE_MB: int(1, 100_000).default(100),
  DOCSIFT_LENDING_MAX_PDF_MB: int(1, 100_000).default(50),
  DOCSIFT_LENDING_MAX_IMAGE_MB: int(1, 100_000).default(10),
  DOCSIFT_CONSUMER_MAX_PDF_MB: int(1, 100_000).default(20),
  DOCSIFT_CONSUMER_MAX_IMAGE_MB: int(1, 100_000).default(5),
  DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: int(1).default(10),
  DOCSIFT_MAX_PAGES: int(1).default(500),
  DOCSIFT_MAX_PIXELS: int(1).default(100_000_000),
  DOCSIFT_RATE_LIMIT_PER_KEY: int(1).default(100),
  DOCSIFT_RATE_LIMIT_PER_ORG: int(1).default(1000),
  DOCSIFT_RATE_LIMIT_CONCURRENT: int(1).default(10),
  DOCSIFT_RATE_LIMIT_PER_ADDRESS: int(1).default(300),
  DOCSIFT_RATE_LIMIT_URL: optionalUrl(['redis:', 'rediss:'], 'redis'),
  DOCSIFT_TRUST_PROXY: z.preprocess(
    (value) => (value === 'true' ? '1' : value === 'false' ? '0' : value),
    int(0, 10).default(0),
  ),
  DOCSIFT_REQUEST_TIMEOUT_MS: int(1000).default(600_000),
  DOCSIFT_HEADERS_TIMEOUT_MS: int(1000).default(30_000),
  DOCSIFT_KEEP_ALIVE_TIMEOUT_MS: int(1000).default(5_000),
  DOCSIFT_MAX_CONNECTIONS: int(1).default(1024),
  DOCSIFT_LOGIN_BACKOFF_BASE_MS: int(1).default(1000),
  DOCSIFT_LOGIN_BACKOFF_MAX_MS: int(1).default(300_000),
  DOCSIFT_LOGIN_FREE_ATTEMPTS: int(0, 100).default(5),
  DOCSIFT_PASSWORD_HASH_CONCURRENCY: int(1, 64).default(2),
  DOCSIFT_METRICS_PORT: z.preprocess(blankToUndefined, int(0, 65535).optional()),
  DOCSIFT_METRICS_HOST: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  DOCSIFT_METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').max(256).optional()),
  DOCSIFT_PLUGINS: z.preprocess(blankToUndefined, moduleList.optional()),
  DOCSIFT_MAPPERS: z.preprocess(blankToUndefined, moduleList.optional()),
  DOCSIFT_WEBHOOK_TRANSPORT: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DOCSIFT_AI_BASE_URL: optionalUrl(['http:', 'https:'], 'http(s)'),
  DOCSIFT_AI_API_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  DOCSIFT_AI_MODEL: z.preprocess(blankToUndefined, z.string().optional()),
  DOCSIFT_AI_TIMEOUT_MS: int(1).default(60_000),
  DOCSIFT_AI_MAX_RETRIES: int(0, 10).default(2),
});

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'mysql'; url: string };

export interface Config {
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  database: DatabaseConfig;
  queueUrl: string | null;
  /**
   * How idle workers learn of new jobs: a poll every `pollMs` (the webhook queue every half of it),
   * and, with `wake`, a signal on enqueue (this process always; others through `wakeUrl`, Redis
   * pub/sub or PostgreSQL LISTEN/NOTIFY; null: none). docs/queue.md, Instant pickup.
   */
  queue: { pollMs: number; wake: boolean; wakeUrl: string | null };
  storage: StorageConfig;
  publicUrl: string;
  signup: 'open' | 'closed';
  retentionDays: number;
  webhooks: {
    allowPrivate: boolean;
    retryBaseMs: number;
    /** The key that seals webhook secrets at rest, base64 (DOCSIFT_WEBHOOK_SECRET_KEY); null: the key file of the data directory. */
    secretKey: string | null;
    /** Deliveries in flight at once per worker process (they wait on receivers, not on the CPU). */
    concurrency: number;
  };
  /**
   * On SIGTERM/SIGINT: how long running jobs (and HTTP requests) may take to finish; jobs still
   * running then are handed back to the queue for another worker (docs/operations.md).
   */
  shutdownGraceMs: number;
  sessionTtlHours: number;
  engine: {
    workers: number;
    ocrWorkers: number;
    maxPages: number;
    maxPixels: number;
    /** How long a stopped document's thread has to stop at a page boundary before it is terminated and replaced. */
    stopGraceMs: number;
    /** V8 heap limit of each engine thread (resourceLimits.maxOldGenerationSizeMb). */
    maxHeapMb: number;
  };
  jobs: {
    concurrency: number;
    attempts: number;
    retryBaseMs: number;
    lockLifetimeMs: number;
    /** A job's engine time: baseMs + perPageMs × pages, at most maxMs; baseMs until the page count is known. */
    deadline: { baseMs: number; perPageMs: number; maxMs: number };
    /** Jobs of one organization running at once across all workers; 0: no cap. */
    concurrencyPerOrganization: number;
    /** How long the legacy synchronous form of POST /api/documents/extract may run before it answers 503 (docs/legacy.md). */
    legacySyncTimeoutMs: number;
  };
  limits: {
    maxFileBytes: number;
    lending: { pdfBytes: number; imageBytes: number };
    /** Uploads to the consumer variant (/api/b2c/extract). */
    consumer: { pdfBytes: number; imageBytes: number };
    /** Bytes of stored files per organization; 0: no quota. */
    storageQuotaBytes: number;
  };
  rateLimits: {
    perKey: number;
    perOrganization: number;
    concurrentPerKey: number;
    perAddress: number;
    /** Per key on /api/lending/* (those requests count against this and the organization's limit, not perKey). */
    lendingPerKey: number;
    storeUrl: string | null;
  };
  /** How many reverse proxies stand before the API; the client address is the one the farthest of them saw (0: the socket's). */
  trustProxy: number;
  /** The HTTP server's limits (docs/operations.md, Security). */
  server: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number };
  /** Failed logins per account and address: free attempts, then a delay doubling from the base up to the cap; password hashes at once. */
  login: { freeAttempts: number; backoffBaseMs: number; backoffMaxMs: number; hashConcurrency: number };
  /**
   * Prometheus metrics and readiness (docs/operations.md, Monitoring): `port` a listener of their own
   * (null: none), on `host`; `token` also serves /metrics on the API port to that bearer token, and is
   * then required on the metrics port too (null: not on the API port).
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** Module specifiers of the document-type plugins, loaded by every process and engine thread (DOCSIFT_PLUGINS). */
  plugins: string[];
  /** Module specifiers of extra webhook mappers (DOCSIFT_MAPPERS). */
  mappers: string[];
  /** Module specifier of the transport that replaces webhook delivery over HTTP (DOCSIFT_WEBHOOK_TRANSPORT); null: HTTP. */
  webhookTransport: string | null;
  /** The OpenAI-compatible model the `model` submission parameter selects (docs/ai.md); null: only the local engine. */
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number; maxRetries: number } | null;
}

/** The metrics and readiness port of `docsift worker` when DOCSIFT_METRICS_PORT is not set (the worker has no other HTTP). */
export const WORKER_METRICS_PORT = 9464;


function databaseFrom(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'docsift.sqlite') };
  if (url.startsWith('mysql:')) return { kind: 'mysql', url };
  return { kind: 'sqlite', file: path.resolve(decodeURIComponent(new URL(url).pathname)) };
}

/** The relay for queue wakes: the one named, else the queue's own Redis or PostgreSQL, else the rate-limit Redis. */
function wakeUrlFrom(e: z.infer<typeof envSchema>): string | null {
  if (e.DOCSIFT_QUEUE_WAKE === 'off') return null;
  if (e.DOCSIFT_QUEUE_WAKE_URL) return e.DOCSIFT_QUEUE_WAKE_URL;
  if (e.DOCSIFT_QUEUE_URL && !e.DOCSIFT_QUEUE_URL.startsWith('mongodb')) return e.DOCSIFT_QUEUE_URL;
  return e.DOCSIFT_RATE_LIMIT_URL ?? null;
}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DOCSIFT_DATA_DIR);
  const publicHost = e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  if (e.DOCSIFT_HEADERS_TIMEOUT_MS > e.DOCSIFT_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  DOCSIFT_HEADERS_TIMEOUT_MS: must not be longer than DOCSIFT_REQUEST_TIMEOUT_MS');
  }
  if (e.DOCSIFT_LOGIN_BACKOFF_BASE_MS > e.DOCSIFT_LOGIN_BACKOFF_MAX_MS) {
    throw new ConfigError('Invalid configuration:\n  DOCSIFT_LOGIN_BACKOFF_BASE_MS: must not be longer than DOCSIFT_LOGIN_BACKOFF_MAX_MS');
  }
  if (e.DOCSIFT_JOB_DEADLINE_BASE_MS > e.DOCSIFT_JOB_DEADLINE_MAX_MS) {
    throw new ConfigError('Invalid configuration:\n  DOCSIFT_JOB_DEADLINE_BASE_MS: must not be longer than DOCSIFT_JOB_DEADLINE_MAX_MS');
  }
  if (e.DOCSIFT_AI_BASE_URL && !e.DOCSIFT_AI_MODEL) throw new ConfigError('Invalid configuration:\n  DOCSIFT_AI_MODEL: required when DOCSIFT_AI_BASE_URL is set');
  if (e.DOCSIFT_AI_MODEL && !e.DOCSIFT_AI_API_KEY && !e.DOCSIFT_AI_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DOCSIFT_AI_MODEL: needs DOCSIFT_AI_API_KEY, or DOCSIFT_AI_BASE_URL for an endpoint without a key');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: databaseFrom(e.DOCSIFT_DATABASE_URL, dataDir),
    queueUrl: e.DOCSIFT_QUEUE_URL ?? null,
    queue: { pollMs: e.DOCSIFT_QUEUE_POLL_MS, wake: e.DOCSIFT_QUEUE_WAKE === 'on', wakeUrl: wakeUrlFrom(e) },
    storage: storageFrom(e, dataDir),
    publicUrl: (e.DOCSIFT_PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/+$/, ''),
    signup: e.DOCSIFT_SIGNUP,
    retentionDays: e.DOCSIFT_RETENTION_DAYS,
    webhooks: {
      allowPrivate: e.DOCSIFT_WEBHOOK_ALLOW_PRIVATE,
      retryBaseMs: e.DOCSIFT_WEBHOOK_RETRY_BASE_MS,
      secretKey: e.DOCSIFT_WEBHOOK_SECRET_KEY ?? null,
      concurrency: e.DOCSIFT_WEBHOOK_CONCURRENCY,
    },
    shutdownGraceMs: e.DOCSIFT_SHUTDOWN_GRACE_MS,
    sessionTtlHours: e.DOCSIFT_SESSION_TTL_HOURS,
    engine: {
      workers: e.DOCSIFT_ENGINE_WORKERS,
      ocrWorkers: e.DOCSIFT_OCR_WORKERS,
      maxPages: e.DOCSIFT_MAX_PAGES,
      maxPixels: e.DOCSIFT_MAX_PIXELS,
      stopGraceMs: e.DOCSIFT_ENGINE_STOP_GRACE_MS,
      maxHeapMb: e.DOCSIFT_ENGINE_MAX_HEAP_MB,
    },
    jobs: {
      concurrency: e.DOCSIFT_JOB_CONCURRENCY,
      attempts: e.DOCSIFT_JOB_ATTEMPTS,
      retryBaseMs: e.DOCSIFT_JOB_RETRY_BASE_MS,
      lockLifetimeMs: e.DOCSIFT_JOB_LOCK_LIFETIME_MS,
      deadline: { baseMs: e.DOCSIFT_JOB_DEADLINE_BASE_MS, perPageMs: e.DOCSIFT_JOB_DEADLINE_PER_PAGE_MS, maxMs: e.DOCSIFT_JOB_DEADLINE_MAX_MS },
      concurrencyPerOrganization: e.DOCSIFT_JOB_CONCURRENCY_PER_ORG,
      legacySyncTimeoutMs: e.DOCSIFT_LEGACY_SYNC_TIMEOUT_MS,
    },
    limits: {
      maxFileBytes: e.DOCSIFT_MAX_FILE_MB * MB,
      lending: { pdfBytes: e.DOCSIFT_LENDING_MAX_PDF_MB * MB, imageBytes: e.DOCSIFT_LENDING_MAX_IMAGE_MB * MB },
      consumer: { pdfBytes: e.DOCSIFT_CONSUMER_MAX_PDF_MB * MB, imageBytes: e.DOCSIFT_CONSUMER_MAX_IMAGE_MB * MB },
      storageQuotaBytes: e.DOCSIFT_STORAGE_QUOTA_MB * MB,
    },
    rateLimits: {
      perKey: e.DOCSIFT_RATE_LIMIT_PER_KEY,
      lendingPerKey: e.DOCSIFT_RATE_LIMIT_LENDING_PER_KEY,
      perOrganization: e.DOCSIFT_RATE_LIMIT_PER_ORG,
      concurrentPerKey: e.DOCSIFT_RATE_LIMIT_CONCURRENT,
      perAddress: e.DOCSIFT_RATE_LIMIT_PER_ADDRESS,
      storeUrl: e.DOCSIFT_RATE_LIMIT_URL ?? null,
    },
    trustProxy: e.DOCSIFT_TRUST_PROXY,
    server: {
      requestTimeoutMs: e.DOCSIFT_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.DOCSIFT_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.DOCSIFT_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.DOCSIFT_MAX_CONNECTIONS,
    },
    login: {
      freeAttempts: e.DOCSIFT_LOGIN_FREE_ATTEMPTS,
      backoffBaseMs: e.DOCSIFT_LOGIN_BACKOFF_BASE_MS,
      backoffMaxMs: e.DOCSIFT_LOGIN_BACKOFF_MAX_MS,
      hashConcurrency: e.DOCSIFT_PASSWORD_HASH_CONCURRENCY,
    },
    metrics: { port: e.DOCSIFT_METRICS_PORT ?? null, host: e.DOCSIFT_METRICS_HOST ?? e.HOST, token: e.DOCSIFT_METRICS_TOKEN ?? null },
    plugins: e.DOCSIFT_PLUGINS ?? [...BUNDLED_PLUGINS],
    mappers: e.DOCSIFT_MAPPERS ?? [],
    webhookTransport: e.DOCSIFT_WEBHOOK_TRANSPORT ?? null,
    ai: e.DOCSIFT_AI_MODEL
      ? { baseUrl: e.DOCSIFT_AI_BASE_URL, apiKey: e.DOCSIFT_AI_API_KEY, model: e.DOCSIFT_AI_MODEL, timeoutMs: e.DOCSIFT_AI_TIMEOUT_MS, maxRetries: e.DOCSIFT_AI_MAX_RETRIES }
      : null,
  };
}

/** What `docsift extract` reads of the environment: the plugins and the engine's limits. */
export interface ExtractConfig {
  plugins: string[];
  ocrWorkers: number;
  maxPages: number;
  maxPixels: number;
}

/**
 * The settings the command line's engine uses, and only those: a server setting that is missing or
 * wrong (a storage URL, a database URL, a port) does not stop `docsift extract`.
 */
export function loadExtractConfig(env: Record<string, string | undefined> = process.env): ExtractConfig {
  const schema = envSchema.pick({ DOCSIFT_PLUGINS: true, DOCSIFT_OCR_WORKERS: true, DOCSIFT_MAX_PAGES: true, DOCSIFT_MAX_PIXELS: true });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return { plugins: e.DOCSIFT_PLUGINS ?? [...BUNDLED_PLUGINS], ocrWorkers: e.DOCSIFT_OCR_WORKERS, maxPages: e.DOCSIFT_MAX_PAGES, maxPixels: e.DOCSIFT_MAX_PIXELS };
}
