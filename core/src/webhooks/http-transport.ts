import type { ClientRequest } from 'node:http';
import { isIP } from 'node:net';
import type { RequestError } from 'got';
import type { Logger } from '../contracts/logger.js';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../contracts/services.js';
import { ADDRESS_REFUSED_CODE, guardedLookup, hostOf, parseWebhookUrl, refusedAddressReason } from './address-policy.js';
import { isWebhookError } from './errors.js';

export interface HttpWebhookTransportOptions {
  /** Deliver to loopback and private addresses too (DOCSIFT_WEBHOOK_ALLOW_PRIVATE=true). */
  allowPrivate?: boolean;
  /** Receiver time limit when a request gives none (default 30,000 ms). */
  timeoutMs?: number;
  /** A receiver that answers with more than this is cut off; its status still counts (default 1 MiB). */
  maxResponseBytes?: number;
  logger?: Logger;
}

const NETWORK_MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'the receiver refused the connection',
  ECONNRESET: 'the receiver reset the connection',
  ENOTFOUND: 'the receiver host name does not resolve',
  EAI_AGAIN: 'the receiver host name could not be resolved',
  EHOSTUNREACH: 'the receiver host is unreachable',
  ENETUNREACH: 'the receiver network is unreachable',
  EPIPE: 'the receiver closed the connection',
};

/**
 * Sends one attempt with got: a POST of the exact body, no redirects followed (a 3xx is a failed
 * attempt), no retries of its own (the host schedules them), any 2xx is success. Failures are
 * reported in the result, never thrown. Unless private targets are allowed, a literal IP is
 * checked before sending and a host name at connection time, after DNS resolution, so the
 * socket goes only to an address that passed the check; a refused target is `retryable: false`.
 */
export class HttpWebhookTransport implements WebhookTransport {
  readonly name = 'http';
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: HttpWebhookTransportOptions = {}) {
    this.allowPrivate = options.allowPrivate ?? false;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 1024 * 1024;
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const refusal = this.refusal(request.url);
    if (refusal) return { statusCode: null, durationMs: elapsed(), error: refusal, retryable: false };
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    let statusCode: number | null = null;
    // got loads with the first webhook: processes that never send one (the command line) skip its start-up cost.
    const { default: got } = await import('got');
    try {
      const pending = got.post(request.url, {
        body: request.body,
        headers: request.headers,
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        timeout: { request: timeoutMs },
        dnsLookup: this.allowPrivate ? undefined : guardedLookup,
      });
      // got emits its own 'response' only after the whole body; the status line is enough here.
      pending.on('request', (outgoing: ClientRequest) => outgoing.once('response', (response) => (statusCode = response.statusCode ?? null)));
      pending.on('downloadProgress', (progress: { transferred: number }) => {
        if (progress.transferred > this.maxResponseBytes) pending.cancel();
      });
      const response = await pending;
      return outcome(response.statusCode, elapsed());
    } catch (error) {
      if (statusCode !== null) return outcome(statusCode, elapsed());
      const { code } = error as RequestError;
      const message = this.networkMessage(error as RequestError, timeoutMs);
      this.options.logger?.debug({ url: redacted(request.url), code }, message);
      return { statusCode: null, durationMs: elapsed(), error: message, ...(code === ADDRESS_REFUSED_CODE && { retryable: false }) };
    }
  }

  /** The scheme, and a literal IP host (which never goes through DNS), checked before sending. */
  private refusal(url: string): string | null {
    try {
      const host = hostOf(parseWebhookUrl(url));
      const reason = !this.allowPrivate && isIP(host) ? refusedAddressReason(host) : null;
      return reason ? `webhook URLs may not point to a ${reason} address` : null;
    } catch (error) {
      if (isWebhookError(error)) return error.message;
      throw error;
    }
  }

  private networkMessage(error: RequestError, timeoutMs: number): string {
    if (error.name === 'TimeoutError') return `the receiver did not answer within ${timeoutMs} ms`;
    if (error.code === ADDRESS_REFUSED_CODE) return error.message;
    return NETWORK_MESSAGES[error.code] ?? `the request failed (${error.code ?? 'network error'})`;
  }
}

function outcome(statusCode: number, durationMs: number): WebhookResponse {
  if (statusCode >= 200 && statusCode < 300) return { statusCode, durationMs, error: null };
  const error =
    statusCode >= 300 && statusCode < 400
      ? `the receiver answered ${statusCode} (redirects are not followed)`
      : `the receiver answered ${statusCode}`;
  return { statusCode, durationMs, error };
}

/** Logs the receiver's origin and path only: query strings often carry tokens. */
function redacted(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
