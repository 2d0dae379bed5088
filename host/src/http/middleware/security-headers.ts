import type { Middleware } from 'koa';

/** Conservative headers on every response: the API serves JSON, never frames, never sniffs. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
