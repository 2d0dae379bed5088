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

/**
 * Maps the payload and signs the exact body with a fresh timestamp; `webhookId` stays the same on
 * every retry. Throws `MappingError` (the mapping failed) or `WebhookError` (bad auth or headers).
 */
export async function buildDeliveryRequest(
  mappers: MapperRegistry,
  target: DeliveryTarget,
  payload: Record<string, unknown>,
  webhookId: string,
  timestampMs: number,
): Promise<WebhookRequest> {
  const { format, fields, transform } = target.mapping;
  const body = JSON.stringify(await mappers.map(format, payload, { fields, transform }));
  const headers = buildWebhookHeaders({ config: target.auth, body, webhookId, timestampMs });
  return { url: target.url, headers, body };
}
