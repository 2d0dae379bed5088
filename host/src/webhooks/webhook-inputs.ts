import type { WebhookAuthType } from '@docsift/core';
import type { FieldMappings, WebhookStatus } from '../persistence/entities/webhook.entities.js';

/**
 * What the webhook service takes, once validated. The HTTP layer's schemas
 * (http/schemas/webhook.schemas.ts) produce these shapes; the service never sees a schema.
 */
export type WebhookConfigInput = {
  url: string;
  authType: WebhookAuthType;
  /** null removes the secret; a masked value (`••••` and the last 4 characters) keeps it. */
  authValue: string | null;
  hmacSecret: string | null;
  /** Sealed like the secrets. On update the whole set: a name left out is removed, a masked value keeps the stored one. */
  headers: Record<string, string>;
  retryEnabled: boolean;
  maxRetries: number;
};

export type WebhookCreateInput = {
  connectionName: string;
  webhookConfig: Pick<WebhookConfigInput, 'url' | 'authType' | 'retryEnabled' | 'maxRetries'> &
    Partial<Pick<WebhookConfigInput, 'authValue' | 'hmacSecret' | 'headers'>>;
  fieldMappings?: FieldMappings;
  status?: WebhookStatus;
};

export type WebhookUpdateInput = {
  connectionName?: string;
  /** Merged into the saved configuration. */
  webhookConfig?: Partial<WebhookConfigInput>;
  fieldMappings?: FieldMappings;
  status?: WebhookStatus;
};

export type WebhookTestInput = {
  webhookId: string;
  testData: { data: Record<string, unknown> };
};
