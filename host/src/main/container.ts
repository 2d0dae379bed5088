import { asClass, asFunction, asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import { createAiProvider, createDocsift, type Docsift, type DocsiftPlugin, type Logger as CoreLogger, type Mapper, type WebhookTransport } from '@docsift/core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import { createApp } from '../http/app.js';
import { createMetricsServer } from '../http/metrics-server.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import type { RouteCradle } from '../http/route.js';
import { allRoutes } from '../http/routes.js';
import { AccountRepository, ApiKeyRepository } from '../persistence/account.repository.js';
import { AccountService } from '../services/account.service.js';
import { ApiKeyService } from '../services/api-key.service.js';
import { TypeRepository } from '../persistence/type.repository.js';
import { TypeService } from '../services/type.service.js';
import { HealthService } from '../services/health.service.js';
import { Metrics } from '../observability/metrics.js';
import { RateLimitService } from '../services/rate-limit.service.js';
import { LoginThrottle } from '../services/rate-limit/login-throttle.js';
import { LocalFileStore, type FileStore } from '../storage/file-store.js';
import { S3FileStore } from '../storage/s3-file-store.js';
import { createEnginePool, createPageRenderer, createPdfSplitter, type EnginePool } from '../engine/index.js';
import { JobRepository } from '../persistence/job.repository.js';
import { DocumentJobRunner } from '../services/document-job.runner.js';
import { DocumentService } from '../services/document.service.js';
import { JobRecordCache } from '../services/job-record-cache.js';
import { StorageReservations } from '../services/storage-reservations.js';
import { LendingRequirementsRepository } from '../persistence/lending-requirements.repository.js';
import { LendingService } from '../services/lending.service.js';
import { LendingJobView, lendingTypes } from '../services/lending-view.js';
import { MaintenanceService } from '../services/maintenance.service.js';
import { TemplateRepository } from '../persistence/template.repository.js';
import { TemplateService } from '../services/template.service.js';
import { ExtractionService } from '../services/extraction.service.js';
import { LearnedLayoutRepository } from '../persistence/learned-layout.repository.js';
import { CorrectionService } from '../services/correction.service.js';
import { JobCorrectionService } from '../services/job-correction.service.js';
import { PageImageService } from '../services/page-image.service.js';
import { LegacyExtractionService } from '../services/legacy-extraction.service.js';
import { SplitPdfLinks } from '../services/split-pdf-links.js';
import { TaskService } from '../services/task.service.js';
import type { SecretBox } from '../webhooks/webhook-secrets.js';
import { HOST_VERSION } from '../common/version.js';
import { queueRegistration, wakeSignalRegistration } from './queue-workers.js';
import { webhookRegistrations } from './webhook-wiring.js';

export interface HostContainerOptions {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  /** The plugins loaded from `config.plugins` (the registry the API lists and maps legacy layouts with). */
  plugins: readonly DocsiftPlugin[];
  /** The mappers loaded from `config.mappers`. */
  mappers: readonly Mapper[];
  /** The transport loaded from `config.webhookTransport`; null delivers over HTTP. */
  webhookTransport: WebhookTransport | null;
  clock?: () => Date;
  /** The engine (defaults to a pool of worker threads running core). */
  enginePool?: EnginePool;
}

/** The composition root: every service registered by name, singletons unless per request. */
export function createHostContainer(options: HostContainerOptions): AwilixContainer<RouteCradle> {
  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  return container.register({
    container: asValue(container),
    config: asValue(options.config),
    logger: asValue(options.logger),
    clock: asValue(options.clock ?? (() => new Date())),
    dataSource: asValue(options.dataSource),
    routes: asValue(allRoutes),
    openApiDocument: asFunction(({ config }: { config: Config }) =>
      buildOpenApiDocument(allRoutes, { hostVersion: HOST_VERSION, serverUrl: config.publicUrl }),
    ).singleton(),
    fileStore: asFunction(({ config }: { config: Config }): FileStore => (config.storage.kind === 's3' ? new S3FileStore(config.storage) : new LocalFileStore(config.storage)))
      .singleton()
      .disposer((store) => store.close?.()),
    docsift: asFunction(({ logger, config }: { logger: Logger; config: Config }) =>
      createDocsift({
        plugins: options.plugins,
        mappers: options.mappers,
        webhookTransport: options.webhookTransport ?? undefined,
        logger: logger as unknown as CoreLogger,
        webhooks: { allowPrivate: config.webhooks.allowPrivate },
      }),
    )
      .singleton()
      .disposer((docsift) => docsift.close()),
    typeRepository: asClass(TypeRepository).singleton(),
    typeService: asClass(TypeService).singleton(),
    accountRepository: asClass(AccountRepository).singleton(),
    apiKeyRepository: asClass(ApiKeyRepository).singleton(),
    accountService: asClass(AccountService).singleton(),
    apiKeyService: asClass(ApiKeyService).singleton(),
    healthService: asClass(HealthService).singleton(),
    metrics: asClass(Metrics).singleton(),
    rateLimitService: asClass(RateLimitService)
      .singleton()
      .disposer((service) => service.close()),
    loginThrottle: asFunction(
      ({ config, clock, rateLimitService, webhookSecrets }: { config: Config; clock: () => Date; rateLimitService: RateLimitService; webhookSecrets: SecretBox }) => {
        const { freeAttempts, backoffBaseMs, backoffMaxMs } = config.login;
        const keySecret = webhookSecrets.deriveKey('docsift login throttle');
        return new LoginThrottle({ freeAttempts, backoffBaseMs, backoffMaxMs, clock, store: rateLimitService.counterStore, keySecret });
      },
    ).singleton(),
    app: asFunction(createApp).singleton(),
    metricsServer: asFunction(createMetricsServer).singleton(),
    jobQueue: queueRegistration({ concurrency: (config) => config.jobs.concurrency }),
    queueWakeSignal: wakeSignalRegistration(),
    enginePool: options.enginePool
      ? asValue(options.enginePool)
      : asFunction(({ config, logger }: { config: Config; logger: Logger }) =>
          createEnginePool({
            size: config.engine.workers,
            plugins: config.plugins,
            engineOptions: {
              limits: { maxPages: config.engine.maxPages, maxPixels: config.engine.maxPixels },
              ocr: { workers: config.engine.ocrWorkers },
              ai: config.ai,
            },
            stopGraceMs: config.engine.stopGraceMs,
            resourceLimits: { maxOldGenerationSizeMb: config.engine.maxHeapMb },
            logger,
          }),
        )
          .singleton()
          .disposer((pool) => pool.close()),
    jobRepository: asClass(JobRepository).singleton(),
    jobRecordCache: asClass(JobRecordCache).singleton(),
    storageReservations: asClass(StorageReservations)
      .singleton()
      .disposer((reservations) => reservations.close()),
    documentService: asClass(DocumentService).singleton(),
    lendingRequirementsRepository: asClass(LendingRequirementsRepository).singleton(),
    lendingJobView: asClass(LendingJobView).singleton(),
    lendingService: asClass(LendingService).singleton(),
    lendingTypes: asFunction(({ docsift }: { docsift: Docsift }) => lendingTypes(docsift)).singleton(),
    documentJobRunner: asClass(DocumentJobRunner).singleton(),
    documentReviewer: asFunction(({ config, logger }: { config: Config; logger: Logger }) =>
      config.ai ? createAiProvider(config.ai, { logger: logger as unknown as CoreLogger }).reviewer : null,
    ).singleton(),
    maintenanceService: asClass(MaintenanceService).singleton(),
    templateRepository: asClass(TemplateRepository).singleton(),
    templateService: asClass(TemplateService).singleton(),
    extractionService: asClass(ExtractionService).singleton(),
    learnedLayoutRepository: asClass(LearnedLayoutRepository).singleton(),
    correctionService: asClass(CorrectionService).singleton(),
    jobCorrectionService: asClass(JobCorrectionService).singleton(),
    pageImageService: asClass(PageImageService).singleton(),
    pageRenderer: asFunction(({ logger }: { logger: Logger }) => createPageRenderer({ logger }))
      .singleton()
      .disposer((renderer) => renderer.close()),
    splitPdfLinks: asFunction(({ webhookSecrets, config }: { webhookSecrets: SecretBox; config: Config }) => new SplitPdfLinks(webhookSecrets.deriveKey('docsift split-pdf links'), config.publicUrl)).singleton(),
    pdfSplitter: asFunction(({ logger }: { logger: Logger }) => createPdfSplitter({ logger }))
      .singleton()
      .disposer((splitter) => splitter.close()),
    legacyExtractionService: asClass(LegacyExtractionService).singleton(),
    taskService: asClass(TaskService).singleton(),
    ...webhookRegistrations(),
  });
}
