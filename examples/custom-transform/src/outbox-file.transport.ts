import { appendFile } from 'node:fs/promises';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '@docsift/core';

/** One line of the outbox file. */
export interface OutboxLine {
  url: string;
  headers: Record<string, string>;
  body: string;
  writtenAt: string;
}

/**
 * A transport that appends each delivery to a JSON-lines file, which the integrator's own
 * importer drains (a stand-in for a message queue). Success is `error: null`; there is no HTTP
 * status, so `statusCode` stays null. Like every transport, it reports failures instead of
 * throwing, so the host records them and retries.
 */
export class OutboxFileTransport implements WebhookTransport {
  readonly name = 'outbox-file';

  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const line: OutboxLine = { url: request.url, headers: request.headers, body: request.body, writtenAt: this.now().toISOString() };
    try {
      await appendFile(this.path, `${JSON.stringify(line)}\n`, 'utf8');
      return { statusCode: null, durationMs: Math.round(performance.now() - started), error: null };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      return { statusCode: null, durationMs: Math.round(performance.now() - started), error: `the outbox file could not be written (${code})` };
    }
  }
}

/**
 * The factory a host loads by name (`DOCSIFT_WEBHOOK_TRANSPORT=@docsift/example-custom-transform#outboxFileTransport`):
 * factories take no arguments, so the file comes from the integrator's own setting, KEYSTONE_OUTBOX_FILE.
 */
export function outboxFileTransport(): OutboxFileTransport {
  const file = process.env.KEYSTONE_OUTBOX_FILE;
  if (!file) throw new Error('KEYSTONE_OUTBOX_FILE is not set (the JSON-lines file deliveries are appended to)');
  return new OutboxFileTransport(file);
}
