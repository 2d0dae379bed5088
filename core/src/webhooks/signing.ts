import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `${timestampMs}.${body}`, where body is the exact bytes sent. */
export function signWebhook(secret: string, timestampMs: number | string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestampMs}.`).update(body).digest('hex');
}

/** Receiver side: compares in constant time. Check the timestamp's age separately. */
export function verifyWebhookSignature(
  secret: string,
  timestampMs: number | string,
  body: string | Uint8Array,
  signature: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, timestampMs, body), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
