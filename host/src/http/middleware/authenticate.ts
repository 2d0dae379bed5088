import type { Middleware } from 'koa';
import type { AccountService } from '../../services/account.service.js';
import type { ApiKeyService } from '../../services/api-key.service.js';
import type { AppState } from '../route.js';

export const SESSION_COOKIE = 'docsift_session';
const MAX_CREDENTIAL_LENGTH = 512;

/**
 * Reads the credential (Bearer key or session token, X-API-Key, session cookie) and sets
 * `ctx.state.principal`. It never refuses: each route says what it needs, so that even a 401
 * passes through the rate limiter and carries its headers.
 */
export function authenticate({ accountService, apiKeyService }: { accountService: AccountService; apiKeyService: ApiKeyService }): Middleware<AppState> {
  return async (ctx, next) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    const headerKey = ctx.get('x-api-key').trim();
    const token = bearer ?? (headerKey || undefined);
    if (token && token.length <= MAX_CREDENTIAL_LENGTH) {
      const byKey = apiKeyService.authenticate(token);
      ctx.state.principal = (byKey instanceof Promise ? await byKey : byKey) ?? (bearer ? await accountService.authenticate(token, false) : null);
    } else if (!token) {
      const cookie = ctx.cookies.get(SESSION_COOKIE);
      if (cookie && cookie.length <= MAX_CREDENTIAL_LENGTH) ctx.state.principal = await accountService.authenticate(cookie, true);
    }
    await next();
  };
}
