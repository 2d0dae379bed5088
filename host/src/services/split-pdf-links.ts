import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a split PDF link stays valid. */
export const SPLIT_LINK_LIFETIME_MS = 24 * 3_600_000;

export type SplitLinkVerdict = 'valid' | 'expired' | 'invalid';

/**
 * Signed, expiring addresses of one part of a job's file as a PDF of its own: `GET
 * /api/documents/split/{jobId}/{first}-{last}?expires=<unix seconds>&signature=<HMAC-SHA256>`,
 * answered without an API key. The signature covers the job, the pages and the expiry.
 */
export class SplitPdfLinks {
  readonly #key: Buffer;
  readonly #publicUrl: string;

  constructor(key: Buffer, publicUrl: string) {
    this.#key = key;
    this.#publicUrl = publicUrl;
  }

  url(jobId: string, pages: readonly [number, number], now: Date): string {
    const expires = Math.floor((now.getTime() + SPLIT_LINK_LIFETIME_MS) / 1000);
    const signature = this.#sign(jobId, pages, expires);
    return `${this.#publicUrl}/api/documents/split/${jobId}/${pages[0]}-${pages[1]}?expires=${expires}&signature=${signature}`;
  }

  verify(jobId: string, pages: readonly [number, number], expires: number, signature: string, now: Date): SplitLinkVerdict {
    const expected = Buffer.from(this.#sign(jobId, pages, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
  }

  #sign(jobId: string, pages: readonly [number, number], expires: number): string {
    return createHmac('sha256', this.#key).update(`split-pdf\n${jobId}\n${pages[0]}-${pages[1]}\n${expires}`).digest('base64url');
  }
}
