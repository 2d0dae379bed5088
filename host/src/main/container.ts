import { asClass, asFunction, asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import { createDocsift, type Logger as CoreLogger } from '@docsift/core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import { createApp } from '../http/app.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import { allRoutes } from '../http/routes.js';
import { AccountRepository, ApiKeyRepository } from '../persistence/account.repository.js';
import { AccountService } from '../services/account.service.js';
import { ApiKeyService } from '../services/api-key.service.js';
import { TypeRepository } from '../persistence/type.repository.js';
import { TypeService } from '../services/type.service.js';
import { HealthService } from '../services/health.service.js';
import { RateLimitService } from '../services/rate-limit.service.js';
import { LocalFileStore } from '../storage/file-store.js';
import { HOST_VERSION } from './version.js';

export interface HostContainerOptions {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  /** The document-type plugins (the registry the API lists and maps legacy layouts with). */
  plugins: readonly unknown[];
  clock?: () => Date;
}

/** The composition root: every service registered by name, singletons unless per request. */
export function createHostContainer(options: HostContainerOptions): AwilixContainer {
  const container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register({
    container: asValue(container),
    config: asValue(options.config),
    logger: asValue(options.logger),
    clock: asValue(options.clock ?? (() => new Date())),
    dataSource: asValue(options.dataSource),
    routes: asValue(allRoutes),
    openApiDocument: asFunction(({ config }: { config: Config }) =>
      buildOpenApiDocument(allRoutes, { version: HOST_VERSION, serverUrl: config.publicUrl }),
    ).singleton(),
    fileStore: asFunction(({ config }: { config: Config }) => new LocalFileStore({ root: config.storage.root })).singleton(),
    docsift: asFunction(({ logger }: { logger: Logger }) => createDocsift({ plugins: options.plugins, logger: logger as unknown as CoreLogger }))
      .singleton()
      .disposer((docsift) => docsift.close()),
    typeRepository: asClass(TypeRepository).singleton(),
    typeService: asClass(TypeService).singleton(),
    accountRepository: asClass(AccountRepository).singleton(),
    apiKeyRepository: asClass(ApiKeyRepository).singleton(),
    accountService: asClass(AccountService).singleton(),
    apiKeyService: asClass(ApiKeyService).singleton(),
    healthService: asClass(HealthService).singleton(),
    rateLimitService: asClass(RateLimitService)
      .singleton()
      .disposer((service) => service.close()),
    app: asFunction(createApp).singleton(),
  });
  return container;
}
