import type { Context } from 'koa';
import type { ZodType } from 'zod';
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { AccountService } from '../services/account.service.js';
import type { ApiKeyService } from '../services/api-key.service.js';
import type { DocumentService } from '../services/document.service.js';
import type { CorrectionService } from '../services/correction.service.js';
import type { JobCorrectionService } from '../services/job-correction.service.js';
import type { PageImageService } from '../services/page-image.service.js';
import type { ExtractionService } from '../services/extraction.service.js';
import type { HealthService } from '../services/health.service.js';
import type { LegacyExtractionService } from '../services/legacy-extraction.service.js';
import type { LendingService } from '../services/lending.service.js';
import type { Principal, Scope } from '../services/principal.js';
import type { TemplateService } from '../services/template.service.js';
import type { TaskService } from '../services/task.service.js';
import type { TypeService } from '../services/type.service.js';
import type { Upload } from '../common/upload.js';
import type { WebhookService } from '../webhooks/webhook.service.js';
import type { ErrorLayout } from './errors.js';
import type { FileLimits } from './upload-stream.js';

/** Who may call a route: nobody in particular, any credential, a session only, or a scope. */
export type RouteAuth = { kind: 'public' } | { kind: 'any' } | { kind: 'session'; managerOnly?: boolean } | { kind: 'scope'; scope: Scope };

/** What a route's handler is built from: the container's registrations it may use, by name (main/container.ts). */
export interface RouteCradle {
  config: Config;
  openApiDocument: object;
  accountService: AccountService;
  apiKeyService: ApiKeyService;
  documentService: DocumentService;
  healthService: HealthService;
  lendingService: LendingService;
  typeService: TypeService;
  webhookService: WebhookService;
  templateService: TemplateService;
  extractionService: ExtractionService;
  correctionService: CorrectionService;
  jobCorrectionService: JobCorrectionService;
  pageImageService: PageImageService;
  legacyExtractionService: LegacyExtractionService;
  taskService: TaskService;
}

export interface RouteInput<TParams, TQuery, TBody> {
  params: TParams;
  query: TQuery;
  body: TBody;
  /** The caller. Only routes whose auth is `public` may be reached without one (null there). */
  principal: Principal;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler<TParams, TQuery, TBody> = (input: RouteInput<TParams, TQuery, TBody>, ctx: Context) => Promise<RouteResult>;

/** One operation: it mounts on the router and describes itself in the OpenAPI document. */
export interface RouteDefinition<TParams = any, TQuery = any, TBody = any> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/api/documents/extract/{jobId}`. */
  path: string;
  summary: string;
  tags: string[];
  auth: RouteAuth;
  request?: {
    params?: ZodType<TParams>;
    query?: ZodType<TQuery>;
    /** JSON body, validated before the handler runs. */
    json?: ZodType<TBody>;
    /** multipart/form-data, parsed by the handler (for the file, streamed to disk). */
    multipart?: ZodType<unknown>;
    /** The upload size limits of this route per format, from the configured limits (default: `limits.maxFileBytes` for all). */
    fileLimits?: (limits: Config['limits']) => FileLimits;
    /** A multipart text part that makes the request the legacy form: once it is read, errors use the legacy layout. */
    legacyFormPart?: string;
  };
  responses: Record<number, ResponseConfig>;
  /** `legacy`: every error of this route uses the legacy layout, 401 and 429 included (a legacy surface: /api/tasks/*). */
  errorLayout?: ErrorLayout;
  /** Built once, on the route's first request, from the container's cradle (services by name). */
  handler: (cradle: RouteCradle) => RouteHandler<TParams, TQuery, TBody>;
  /**
   * An answer kept in memory, tried before routing for a request this route admits and whose path
   * and query are valid (null: the router and the handler answer); a promise when it checks that the
   * answer still holds first. Built once, like the handler.
   */
  answerFromMemory?: (cradle: RouteCradle) => (input: RouteInput<TParams, TQuery, undefined>) => RouteResult | null | Promise<RouteResult | null>;
}

export function defineRoute<TParams, TQuery, TBody>(route: RouteDefinition<TParams, TQuery, TBody>): RouteDefinition<TParams, TQuery, TBody> {
  return route;
}

export interface AppState {
  requestId: string;
  log: Logger;
  principal: Principal | null;
  /** The layout errors of this request use. */
  errorLayout: ErrorLayout;
  /** The file part of a multipart request, once streamed to disk. */
  upload?: Upload | null;
  /** The path template of the route that answered (`/api/documents/extract/{jobId}`), for metrics. */
  route?: string;
}
