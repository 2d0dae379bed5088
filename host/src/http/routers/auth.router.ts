import type { SessionPrincipal } from '../../services/principal.js';
import { defineRoute } from '../route.js';
import {
  IdParams,
  LoginRequest,
  MemberList,
  MemberParams,
  MemberRemovalQuery,
  MemberRequest,
  MemberResponse,
  SessionGrantResponse,
  SessionList,
  SessionResponse,
  SignupRequest,
} from '../schemas/account.schemas.js';
import { commonErrors, errorResponse, json, noContent } from '../schemas/common.schemas.js';
import { setSessionCookie } from '../session-cookie.js';

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
      body: await accountService.describe(principal as SessionPrincipal),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/sessions',
    summary: "The user's sessions that have not expired, newest first",
    tags,
    auth: { kind: 'session' },
    responses: { 200: json(SessionList, 'Sessions'), ...commonErrors },
    handler: ({ accountService }) => async ({ principal }) => ({ status: 200, body: await accountService.listSessions(principal as SessionPrincipal) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/auth/sessions',
    summary: 'Sign out everywhere: end every session of the user, this one included',
    tags,
    auth: { kind: 'session' },
    responses: { 204: noContent, ...commonErrors },
    handler: ({ accountService, config }) => async ({ principal }, ctx) => {
      await accountService.endAllSessions(principal as SessionPrincipal);
      setSessionCookie(ctx, config, null);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/auth/sessions/{id}',
    summary: "End one of the user's sessions (a device signed in elsewhere)",
    tags,
    auth: { kind: 'session' },
    request: { params: IdParams },
    responses: { 204: noContent, 404: errorResponse('No such session of this user'), ...commonErrors },
    handler: ({ accountService, config }) => async ({ params, principal }, ctx) => {
      const { endedCurrent } = await accountService.endSession(principal as SessionPrincipal, params.id);
      if (endedCurrent) setSessionCookie(ctx, config, null);
      return { status: 204 };
    },
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
      body: await accountService.addMember(principal as SessionPrincipal, body),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/organizations/members',
    summary: "The organization's members with their roles",
    tags,
    auth: { kind: 'session' },
    responses: { 200: json(MemberList, 'Members'), ...commonErrors },
    handler: ({ accountService }) => async ({ principal }) => ({ status: 200, body: await accountService.listMembers(principal as SessionPrincipal) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/organizations/members/{userId}',
    summary: 'Remove a member (owner or admin); their sessions end at once',
    tags,
    auth: { kind: 'session', managerOnly: true },
    request: { params: MemberParams, query: MemberRemovalQuery },
    responses: {
      204: noContent,
      403: errorResponse('Not an owner or admin, or an admin removing an owner'),
      404: errorResponse('No such member in this organization'),
      409: errorResponse('The last owner (details.reason "last_owner")'),
      ...commonErrors,
    },
    handler: ({ accountService, config }) => async ({ params, query, principal }, ctx) => {
      const { removedSelf } = await accountService.removeMember(principal as SessionPrincipal, params.userId, { revokeApiKeys: query.revokeApiKeys === 'true' });
      if (removedSelf) setSessionCookie(ctx, config, null);
      return { status: 204 };
    },
  }),
];
