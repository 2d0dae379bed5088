import { z } from 'zod';
import { WEBHOOK_AUTH_TYPES } from '@docsift/core';
import { nextCursorField, pageQueryFields } from '../pagination.js';

const MAX_HEADERS = 50;
const MASKED = 'masked: •••• and the last 4 characters, or only •••• when shorter than 16 characters';
const secret = z.string().min(1).max(4096);

const Headers = z
  .record(z.string().min(1).max(256), z.string().max(8192))
  .refine((headers) => Object.keys(headers).length <= MAX_HEADERS, `at most ${MAX_HEADERS} headers`);

const configFields = {
  url: z.string().url().max(2048),
  authType: z.enum(WEBHOOK_AUTH_TYPES),
  authValue: secret.nullable(),
  hmacSecret: secret.nullable(),
  headers: Headers,
  retryEnabled: z.boolean(),
  maxRetries: z.number().int().min(1).max(20),
};

export const FieldMappingsSchema = z
  .object({
    format: z.string().min(1).max(64),
    fields: z.record(z.string().min(1).max(1024), z.string().min(1).max(256)).optional(),
    transform: z.string().min(1).max(65_536).optional(),
  })
  .meta({ id: 'WebhookFieldMappings' });

const WebhookStatus = z.enum(['active', 'inactive']);

export const WebhookCreateRequest = z
  .object({
    connectionName: z.string().trim().min(1).max(255),
    webhookConfig: z.object({
      url: configFields.url,
      authType: configFields.authType.default('none'),
      authValue: configFields.authValue.optional(),
      hmacSecret: configFields.hmacSecret.optional(),
      headers: configFields.headers.optional(),
      retryEnabled: configFields.retryEnabled.default(true),
      maxRetries: configFields.maxRetries.default(5),
    }),
    fieldMappings: FieldMappingsSchema.optional(),
    status: WebhookStatus.optional(),
  })
  .meta({ id: 'WebhookCreate' });

export const WebhookUpdateRequest = z
  .object({
    connectionName: z.string().trim().min(1).max(255).optional(),
    webhookConfig: z.object(configFields).partial().optional(),
    fieldMappings: FieldMappingsSchema.optional(),
    status: WebhookStatus.optional(),
  })
  .meta({ id: 'WebhookUpdate' });

export const WebhookView = z
  .object({
    id: z.uuid(),
    connectionName: z.string(),
    webhookConfig: z.object({
      url: z.string(),
      authType: z.enum(WEBHOOK_AUTH_TYPES),
      authValue: z.string().optional().describe(MASKED),
      hmacSecret: z.string().optional().describe(MASKED),
      headers: z.record(z.string(), z.string()).describe(`values ${MASKED}`),
      retryEnabled: z.boolean(),
      maxRetries: z.number().int(),
    }),
    fieldMappings: FieldMappingsSchema,
    status: WebhookStatus,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });

export const WebhookList = z.object({ webhooks: z.array(WebhookView) }).meta({ id: 'WebhookList' });

export const WebhookIdParams = z.object({ id: z.uuid() });

export const WebhookTestRequest = z
  .object({
    webhookId: z.uuid(),
    testData: z.object({ data: z.record(z.string(), z.unknown()).default({}) }).default({ data: {} }),
  })
  .meta({ id: 'WebhookTest' });

export const WebhookTestResult = z
  .object({
    delivered: z.boolean(),
    statusCode: z.number().int().nullable(),
    attempts: z.number().int().describe('1 when the request was sent; 0 when the mapping or headers failed first'),
    durationMs: z.number().int(),
    error: z.string().optional(),
  })
  .meta({ id: 'WebhookTestResult' });

const DeliveryAttempt = z.object({
  attempt: z.number().int(),
  at: z.iso.datetime(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const WebhookDeliveryList = z
  .object({
    deliveries: z.array(
      z.object({
        id: z.uuid().describe('the X-Webhook-Id of every attempt'),
        event: z.string(),
        jobId: z.string().nullable(),
        status: z.enum(['pending', 'delivered', 'failed']),
        attempts: z.array(DeliveryAttempt),
        nextAttemptAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
    nextCursor: nextCursorField,
  })
  .meta({ id: 'WebhookDeliveryList' });

export const WebhookDeliveryQuery = z.object(pageQueryFields);
