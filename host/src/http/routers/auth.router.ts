import type { Context } from 'koa';
import type { Config } from '../../config/config.js';
import type { SessionGrant } from '../../services/account.service.js';
import type { Principal } from '../../services/principal.js';
import { SESSION_COOKIE } from '../middleware/authenticate.js';
import { defineRoute } from '../route.js';
import { LoginRequest, MemberRequest, MemberResponse, SessionGrantResponse, SessionResponse, SignupRequest } from '../schemas/account.schemas.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';

function setSessionCookie(ctx: Context, config: Config, grant: SessionGrant | null): void {
  const secure = config.publicUrl.startsWith('https:');
  // Behind a TLS-terminating proxy the socket is plain HTTP; the public URL decides.
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

const tags = ['Accounts'];

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/auth/signup',
    summary: 'Create an organization and its owner; starts a session',
    tags,
    auth: { kind: 'public' },
    request: { json: SignupRequest },
    responses: { 201: json(SessionGrantResponse, 'Signed up'), 403: errorResponse('Signup is closed'), 409: errorResponse('Email taken'), ...commonErrors },
    handler: ({ accountService, config }) => async ({ body }, ctx) => {
      const grant = await accountService.signup(body);
      setSessionCookie(ctx, config, grant);
      return { status: 201, body: grant };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Start a session',
    tags,
    auth: { kind: 'public' },
    request: { json: LoginRequest },
    responses: {
      200: json(SessionGrantResponse, 'Logged in'),
      ...commonErrors,
      429: errorResponse('Too many requests from this address, or too many failed logins for this account from it (details.reason "login_backoff"); Retry-After says when to try again'),
    },
    handler: ({ accountService, config }) => async ({ body }, ctx) => {
      const grant = await accountService.login(body, ctx.ip || 'unknown');
      setSessionCookie(ctx, config, grant);
      return { status: 200, body: grant };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the session (token and cookie)',
    tags,
    auth: { kind: 'session' },
    responses: { 204: noContent, ...commonErrors },
    handler: ({ accountService, config }) => async ({ principal }, ctx) => {
      await accountService.logout(principal);
      setSessionCookie(ctx, config, null);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/session',
    summary: 'The current session: user, organization, role',
    tags,
    auth: { kind: 'session' },
    responses: { 200: json(SessionResponse, 'Session'), ...commonErrors },
    handler: ({ accountService }) => async ({ principal }) => ({
      status: 200,
      body: await accountService.describe(principal as Principal & { kind: 'session' }),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/organizations/members',
    summary: 'Add a member to the organization (owner or admin)',
    tags,
    auth: { kind: 'session', managerOnly: true },
    request: { json: MemberRequest },
    responses: { 201: json(MemberResponse, 'Member added'), 403: errorResponse('Not an owner or admin'), 409: errorResponse('Email taken'), ...commonErrors },
    handler: ({ accountService }) => async ({ body, principal }) => ({
      status: 201,
      body: await accountService.addMember(principal as Principal & { kind: 'session' }, body),
    }),
  }),
];
