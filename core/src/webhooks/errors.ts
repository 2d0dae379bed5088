export const WEBHOOK_ERROR_CODES = ['invalid_config', 'url_refused'] as const;
export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[number];

/** A webhook configuration or target that cannot be used. The message is safe to show its owner. */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isWebhookError(error: unknown): error is WebhookError {
  return error instanceof Error && error.name === 'WebhookError' && 'code' in error;
}
