import type { Middleware } from 'koa';

/** Conservative headers on every response: the API serves JSON, never frames, never sniffs. */
const SECURITY_HEADERS = Object.entries({
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
});

/** Set on Node's response directly: Koa's `ctx.set` allocates a few arrays per header, and these go on every response. */
export function securityHeaders(): Middleware {
  return (ctx, next) => {
    for (const [name, value] of SECURITY_HEADERS) ctx.res.setHeader(name, value);
    return next();
  };
}
