import { assertDeliverableUrl, isWebhookError } from '@docsift/core';
import type { Config } from '../config/config.js';
import { badRequest } from '../services/errors.js';

/**
 * Checks a webhook URL that comes with a request (a submission's `webhookUrl`, a configuration's
 * `webhookConfig.url`) before anything is saved: http(s) only, and not resolving to an address the
 * SSRF policy refuses (docs/webhooks.md), unless DOCSIFT_WEBHOOK_ALLOW_PRIVATE=true. A host name
 * that does not resolve now is accepted: DNS may be down, and each delivery checks again after its
 * own lookup.
 */
export class WebhookUrlGuard {
  readonly #allowPrivate: boolean;

  constructor({ config }: { config: Config }) {
    this.#allowPrivate = config.webhooks.allowPrivate;
  }

  /** Throws `invalid_request` naming `field` (`details.field`, `details.reason: "url_refused"`). */
  async check(url: string, field: string): Promise<void> {
    try {
      await assertDeliverableUrl(url, { allowPrivate: this.#allowPrivate, allowUnresolved: true });
    } catch (error) {
      if (isWebhookError(error)) throw badRequest(`${field} is refused: ${error.message}.`, { field, reason: error.code });
      throw error;
    }
  }
}
