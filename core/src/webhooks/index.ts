export { HttpWebhookTransport, type HttpWebhookTransportOptions } from './http-transport.js';
export {
  assertDeliverableUrl,
  refusedAddressReason,
  parseWebhookUrl,
  guardedLookup,
  type DeliverableUrlOptions,
} from './address-policy.js';
export {
  buildWebhookHeaders,
  WEBHOOK_AUTH_TYPES,
  DEFAULT_API_KEY_HEADER,
  type WebhookAuthType,
  type WebhookAuthConfig,
  type WebhookHeadersInput,
} from './headers.js';
export {
  buildSubmissionPayload,
  buildTemplatePayload,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type SubmissionPayload,
  type SubmissionPayloadInput,
  type TemplatePayload,
  type TemplatePayloadInput,
} from './payloads.js';
export { signWebhook, verifyWebhookSignature } from './signing.js';
export { retryDelayMs, MAX_RETRY_DELAY_MS } from './retry.js';
export { WebhookError, isWebhookError, WEBHOOK_ERROR_CODES, type WebhookErrorCode } from './errors.js';
export { WEBHOOK_VERSION } from './version.js';
