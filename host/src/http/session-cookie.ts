import type { TLSSocket } from 'node:tls';
import type { Context } from 'koa';
import type { Config } from '../config/config.js';
import { SESSION_COOKIE } from './middleware/authenticate.js';

/**
 * Whether the client reached the service over TLS: this server's own socket, or, behind
 * `DOCSIFT_TRUST_PROXY` hops, the `X-Forwarded-Proto` entry of the farthest trusted proxy (the
 * n-th from the right, as for X-Forwarded-For; with fewer entries, the first). Without trusted
 * proxies the header is the client's own word and is ignored. Koa's `ctx.secure` takes the
 * leftmost entry, which a client behind more than one proxy writes itself.
 */
export function reachedOverTls(ctx: Context, trustedHops: number): boolean {
  if ((ctx.req.socket as Partial<TLSSocket>).encrypted) return true;
  if (trustedHops === 0) return false;
  const entries = ctx.get('x-forwarded-proto').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.slice(-trustedHops)[0]?.toLowerCase() === 'https';
}

/**
 * Sets the session cookie for `grant`, or clears it (null). Secure when the public URL is https or
 * the request came over TLS (`reachedOverTls`): a TLS-terminating proxy hands the host plain HTTP.
 */
export function setSessionCookie(ctx: Context, config: Config, grant: { sessionToken: string; expiresAt: string } | null): void {
  const secure = config.publicUrl.startsWith('https:') || reachedOverTls(ctx, config.trustProxy);
  // The cookies module refuses a Secure cookie on a connection Koa judges plain (by the socket, or the leftmost X-Forwarded-Proto).
  if (secure) (ctx.cookies as { secure?: boolean }).secure = true;
  ctx.cookies.set(SESSION_COOKIE, grant?.sessionToken ?? '', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    expires: grant ? new Date(grant.expiresAt) : new Date(0),
    overwrite: true,
  });
}
