import { buildWebhookHeaders, type MapperRegistry, type WebhookAuthConfig, type WebhookRequest } from '@docsift/core';
import type { FieldMappings } from '../persistence/entities/webhook.entities.js';

/** What one attempt needs to know about its receiver. */
export interface DeliveryTarget {
  url: string;
  auth: WebhookAuthConfig;
  mapping: FieldMappings;
}

/** Submission webhookUrls: no auth, the payload as it is. */
export const SUBMISSION_MAPPING: FieldMappings = { format: 'default' };

/** The header that marks a test delivery; docsift sets it, an extra header of that name is dropped. */
export const TEST_HEADER = 'X-Webhook-Test';

export interface DeliveryRequestInput {
  target: DeliveryTarget;
  payload: Record<string, unknown>;
  /** X-Webhook-Id: the same on every retry of one delivery. */
  webhookId: string;
  timestampMs: number;
  /** The organization the payload belongs to: its custom transforms take turns with other organizations'. */
  organizationId: string;
  /** A test delivery (POST /api/integrations/webhooks/test): marked by TEST_HEADER and `"test": true` in the body. */
  test?: boolean;
}

/**
 * Maps the payload and signs the exact body with a fresh timestamp. A test delivery carries
 * `"test": true` in the payload the mapping sees and in the mapped body, whatever the mapping
 * made of it, and the TEST_HEADER header. Throws `MappingError` (the mapping failed) or
 * `WebhookError` (bad auth or headers).
 */
export async function buildDeliveryRequest(mappers: MapperRegistry, input: DeliveryRequestInput): Promise<WebhookRequest> {
  const { target, test = false } = input;
  const { format, fields, transform } = target.mapping;
  const payload = test ? { ...input.payload, test: true } : input.payload;
  const mapped = await mappers.map(format, payload, { fields, transform, tenant: input.organizationId });
  const body = JSON.stringify(test ? { ...mapped, test: true } : mapped);
  const extra = Object.fromEntries(Object.entries(target.auth.headers ?? {}).filter(([name]) => name.toLowerCase() !== TEST_HEADER.toLowerCase()));
  const headers = buildWebhookHeaders({ config: { ...target.auth, headers: extra }, body, webhookId: input.webhookId, timestampMs: input.timestampMs });
  return { url: target.url, headers: test ? { ...headers, [TEST_HEADER]: 'true' } : headers, body };
}
