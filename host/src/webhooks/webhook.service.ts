import { randomUUID } from 'node:crypto';
import {
  buildTemplatePayload,
  buildWebhookHeaders,
  isMappingError,
  isWebhookError,
  type MapperRegistry,
  type WebhookAuthConfig,
  type WebhookTransport,
} from '@docsift/core';
import { badRequest, notFound } from '../services/errors.js';
import type { WebhookConfigInput, WebhookCreateInput, WebhookTestInput, WebhookUpdateInput } from './webhook-inputs.js';
import type { FieldMappings, WebhookConfigRecord, WebhookDelivery } from '../persistence/entities/webhook.entities.js';
import type { WebhookRepository } from '../persistence/webhook.repository.js';
import type { Principal } from '../services/principal.js';
import type { PageRequest } from '../common/pagination.js';
import { buildDeliveryRequest } from './webhook-request.js';
import { maskSecret, type SecretBox } from './webhook-secrets.js';
import type { WebhookUrlGuard } from './webhook-url-guard.js';

export interface WebhookServiceDeps {
  webhookRepository: WebhookRepository;
  webhookUrlGuard: WebhookUrlGuard;
  webhookSecrets: SecretBox;
  webhookMappers: MapperRegistry;
  webhookTransport: WebhookTransport;
  clock: () => Date;
}

/** What a configuration keeps sealed: the auth secrets and the extra headers (their values may be credentials too). */
interface Secrets {
  authValue?: string;
  hmacSecret?: string;
  headers?: Record<string, string>;
}

const TEST_FILE_NAME = 'webhook-test.pdf';

/** Webhook configurations of an organization (docs/webhooks.md): CRUD, a test delivery, the delivery log. */
export class WebhookService {
  readonly #deps: WebhookServiceDeps;

  constructor(deps: WebhookServiceDeps) {
    this.#deps = deps;
  }

  async create(principal: Principal, input: WebhookCreateInput): Promise<Record<string, unknown>> {
    const now = this.#deps.clock();
    const { authValue, hmacSecret, headers, ...config } = input.webhookConfig;
    const secrets: Secrets = compact({ authValue, hmacSecret, headers: nonEmpty(headers) });
    const record: WebhookConfigRecord = {
      id: randomUUID(),
      organizationId: principal.organizationId,
      connectionName: input.connectionName,
      url: config.url,
      authType: config.authType,
      secrets: null,
      retryEnabled: config.retryEnabled,
      maxRetries: config.maxRetries,
      fieldMappings: input.fieldMappings ?? { format: 'default' },
      status: input.status ?? 'active',
      createdAt: now,
      updatedAt: now,
    };
    await this.#check(record, secrets);
    await this.#deps.webhookRepository.insertConfig({ ...record, secrets: this.#seal(secrets) });
    return view(record, secrets);
  }

  async list(principal: Principal): Promise<Record<string, unknown>> {
    const records = await this.#deps.webhookRepository.listConfigs(principal.organizationId);
    return { webhooks: records.map((record) => view(record, this.secretsOf(record))) };
  }

  async update(principal: Principal, id: string, input: WebhookUpdateInput): Promise<Record<string, unknown>> {
    const existing = await this.#find(principal, id);
    const current = this.secretsOf(existing);
    const { authValue, hmacSecret, headers, ...config } = input.webhookConfig ?? {};
    const secrets = compact({
      authValue: mergeSecret(current.authValue, authValue),
      hmacSecret: mergeSecret(current.hmacSecret, hmacSecret),
      headers: nonEmpty(headers === undefined ? current.headers : mergeHeaders(current.headers, headers)),
    });
    const record: WebhookConfigRecord = {
      ...existing,
      ...compact(config),
      connectionName: input.connectionName ?? existing.connectionName,
      fieldMappings: input.fieldMappings ?? existing.fieldMappings,
      status: input.status ?? existing.status,
      updatedAt: this.#deps.clock(),
    };
    await this.#check(record, secrets);
    if (originOf(record.url) !== originOf(existing.url)) refuseKeptCredentials(current, { authValue, hmacSecret, headers }, record.url);
    if (!(await this.#deps.webhookRepository.updateConfig({ ...record, secrets: this.#seal(secrets) }))) throw notFound('Webhook');
    return view(record, secrets);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    if (!(await this.#deps.webhookRepository.deleteConfig(principal.organizationId, id))) throw notFound('Webhook');
  }

  /**
   * One attempt, no retries, nothing recorded: the configuration applied to a template payload of
   * `testData.data`, marked as a test (X-Webhook-Test and `"test": true`, webhook-request.ts).
   */
  async test(principal: Principal, input: WebhookTestInput): Promise<Record<string, unknown>> {
    const record = await this.#find(principal, input.webhookId);
    const now = this.#deps.clock();
    const data = input.testData.data;
    const payload = buildTemplatePayload({
      extractionId: randomUUID(),
      templateId: randomUUID(),
      fileName: TEST_FILE_NAME,
      timestamp: now,
      organizationId: principal.organizationId,
      userId: principal.kind === 'session' ? principal.userId : principal.apiKeyId,
      data,
      fieldConfidence: Object.fromEntries(Object.keys(data).map((name) => [name, 1])),
    });
    let request;
    try {
      request = await buildDeliveryRequest(this.#deps.webhookMappers, {
        target: this.targetOf(record),
        payload: { ...payload },
        webhookId: randomUUID(),
        timestampMs: now.getTime(),
        organizationId: principal.organizationId,
        test: true,
      });
    } catch (error) {
      if (!isMappingError(error) && !isWebhookError(error)) throw error;
      return { delivered: false, statusCode: null, attempts: 0, durationMs: 0, error: error.message };
    }
    const response = await this.#deps.webhookTransport.send(request);
    return {
      delivered: response.error === null,
      statusCode: response.statusCode,
      attempts: 1,
      durationMs: response.durationMs,
      ...(response.error === null ? {} : { error: response.error }),
    };
  }

  /** A configuration's deliveries newest first, one page (`nextCursor` continues). */
  async deliveries(principal: Principal, id: string, page: PageRequest): Promise<Record<string, unknown>> {
    await this.#find(principal, id);
    const { items, nextCursor } = await this.#deps.webhookRepository.listDeliveries(id, page);
    return { deliveries: items.map(deliveryView), nextCursor };
  }

  /** The receiver of a configuration's deliveries, secrets opened. */
  targetOf(record: WebhookConfigRecord): { url: string; auth: WebhookAuthConfig; mapping: FieldMappings } {
    return { url: record.url, auth: { authType: record.authType, ...this.secretsOf(record) }, mapping: record.fieldMappings };
  }

  secretsOf(record: WebhookConfigRecord): Secrets {
    return record.secrets ? (JSON.parse(this.#deps.webhookSecrets.open(record.secrets)) as Secrets) : {};
  }

  async #find(principal: Principal, id: string): Promise<WebhookConfigRecord> {
    const record = await this.#deps.webhookRepository.findConfig(principal.organizationId, id);
    if (!record) throw notFound('Webhook');
    return record;
  }

  #seal(secrets: Secrets): string | null {
    return Object.keys(secrets).length === 0 ? null : this.#deps.webhookSecrets.seal(JSON.stringify(secrets));
  }

  /** The URL (SSRF policy, the rule of submissions), the auth and headers, and the mapping, checked before anything is saved. */
  async #check(record: WebhookConfigRecord, secrets: Secrets): Promise<void> {
    await this.#deps.webhookUrlGuard.check(record.url, 'webhookConfig.url');
    try {
      buildWebhookHeaders({ config: { authType: record.authType, ...secrets }, body: '{}', webhookId: 'check', timestampMs: 0 });
      const { format, fields, transform } = record.fieldMappings;
      await this.#deps.webhookMappers.validate(format, { fields, transform });
    } catch (error) {
      if (isWebhookError(error)) throw badRequest(error.message, { field: 'webhookConfig', reason: error.code });
      if (isMappingError(error)) throw badRequest(error.message, { field: 'fieldMappings', reason: error.code });
      throw error;
    }
  }
}

/** A value equal to the masked form of the stored secret keeps it (a GET body sent back); null removes it. */
function mergeSecret(current: string | undefined, given: string | null | undefined): string | undefined {
  if (given === undefined) return current;
  if (given === null) return undefined;
  return current !== undefined && given === maskSecret(current) ? current : given;
}

/** Headers sent back as a GET shows them keep their stored values; any other value replaces it; a name left out is removed. */
function mergeHeaders(current: Record<string, string> | undefined, given: Record<string, string>): Record<string, string> {
  const stored = new Map(Object.entries(current ?? {}));
  return Object.fromEntries(Object.entries(given).map(([name, value]) => [name, mergeSecret(stored.get(name), value) ?? value]));
}

function nonEmpty(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  return headers && Object.keys(headers).length > 0 ? headers : undefined;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * A URL moved to another origin (scheme, host, port) must not take the stored credentials with
 * it: each one must be sent again in clear, or removed (`null` for a secret; leaving a header out
 * of `headers`). Throws `invalid_request` naming those that would have moved.
 */
function refuseKeptCredentials(current: Secrets, given: Partial<Pick<WebhookConfigInput, 'authValue' | 'hmacSecret' | 'headers'>>, url: string): void {
  const kept = (stored: string | undefined, value: string | null | undefined) => stored !== undefined && (value === undefined || value === maskSecret(stored));
  const credentials = [
    ...(kept(current.authValue, given.authValue) ? ['authValue'] : []),
    ...(kept(current.hmacSecret, given.hmacSecret) ? ['hmacSecret'] : []),
    ...Object.entries(current.headers ?? {})
      .filter(([name, value]) => given.headers === undefined || (Object.hasOwn(given.headers, name) && given.headers[name] === maskSecret(value)))
      .map(([name]) => `headers.${name}`),
  ];
  if (credentials.length === 0) return;
  throw badRequest(
    `webhookConfig.url moves this configuration to ${originOf(url)}: send its credentials again, or remove them, so that they are not sent to a new host (${credentials.join(', ')}).`,
    { field: 'webhookConfig.url', reason: 'credentials_required', credentials },
  );
}

function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined | null> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null)) as never;
}

function view(record: WebhookConfigRecord, secrets: Secrets): Record<string, unknown> {
  return {
    id: record.id,
    connectionName: record.connectionName,
    webhookConfig: {
      url: record.url,
      authType: record.authType,
      ...(secrets.authValue === undefined ? {} : { authValue: maskSecret(secrets.authValue) }),
      ...(secrets.hmacSecret === undefined ? {} : { hmacSecret: maskSecret(secrets.hmacSecret) }),
      headers: Object.fromEntries(Object.entries(secrets.headers ?? {}).map(([name, value]) => [name, maskSecret(value)])),
      retryEnabled: record.retryEnabled,
      maxRetries: record.maxRetries,
    },
    fieldMappings: record.fieldMappings,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function deliveryView(delivery: WebhookDelivery): Record<string, unknown> {
  return {
    id: delivery.id,
    event: delivery.event,
    jobId: delivery.jobId,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}
