import { EntitySchema } from 'typeorm';
import type { WebhookAuthType } from '@docsift/core';
import { id, json, optionalRef, optionalText, optionalTimestamp, ref, text, timestamp } from './columns.js';

/** A configuration receives deliveries only while `active` (PUT moves it either way). */
export type WebhookStatus = 'active' | 'inactive';

export interface FieldMappings {
  format: string;
  fields?: Record<string, string>;
  transform?: string;
}

/** An organization's webhook configuration; `secrets` holds authValue, hmacSecret and the extra headers, encrypted. */
export interface WebhookConfigRecord {
  id: string;
  organizationId: string;
  connectionName: string;
  url: string;
  authType: WebhookAuthType;
  /** AES-256-GCM sealed JSON `{authValue?, hmacSecret?, headers?}` (see webhooks/webhook-secrets.ts). */
  secrets: string | null;
  retryEnabled: boolean;
  maxRetries: number;
  fieldMappings: FieldMappings;
  status: WebhookStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** A delivery waits for its next attempt while `pending`, then ends `delivered` or `failed`. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['pending', 'delivered', 'failed'],
  delivered: [],
  failed: [],
};

export interface DeliveryAttempt {
  attempt: number;
  /** ISO time the attempt started. */
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One payload for one receiver: a configuration (`webhookId`) or a submission's `url`. */
export interface WebhookDelivery {
  id: string;
  organizationId: string;
  webhookId: string | null;
  jobId: string | null;
  url: string | null;
  event: string;
  /** `{}` once its job was deleted (JobRepository.delete). */
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  maxAttempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const bool = { type: 'boolean' } as const;
const int = { type: 'int' } as const;

export const WebhookConfigEntity = new EntitySchema<WebhookConfigRecord>({
  name: 'WebhookConfigRecord',
  tableName: 'webhook_configs',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    connectionName: { ...text(255), name: 'connection_name' },
    url: text(2048),
    authType: { ...text(16), name: 'auth_type' },
    secrets: { type: 'text', nullable: true },
    retryEnabled: { ...bool, name: 'retry_enabled' },
    maxRetries: { ...int, name: 'max_retries' },
    fieldMappings: { ...json, name: 'field_mappings' },
    status: text(16),
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});

export const WebhookDeliveryEntity = new EntitySchema<WebhookDelivery>({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    webhookId: { ...optionalRef, name: 'webhook_id' },
    jobId: { ...optionalRef, name: 'job_id' },
    url: optionalText(2048),
    event: text(64),
    payload: json,
    status: text(16),
    attempts: json,
    attemptCount: { ...int, name: 'attempt_count' },
    maxAttempts: { ...int, name: 'max_attempts' },
    nextAttemptAt: optionalTimestamp('next_attempt_at'),
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});
