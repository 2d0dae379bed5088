import type { Role } from '../persistence/entities/account.entities.js';

export const SCOPES = [
  '*',
  'documents:read',
  'documents:write',
  'lending:read',
  'lending:write',
  'types:manage',
  'webhooks:manage',
  'analysis:read',
  'analysis:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is calling: a user's session (token or cookie) or an organization's API key. */
export type Principal =
  | { kind: 'session'; organizationId: string; userId: string; role: Role; sessionId: string; viaCookie: boolean }
  | { kind: 'apiKey'; organizationId: string; apiKeyId: string; scopes: string[] };

export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;

const MEMBER_SCOPES: readonly Scope[] = ['documents:read', 'documents:write', 'lending:read', 'lending:write', 'analysis:read', 'analysis:write'];

/** Whether the caller holds a scope: keys by their scopes, sessions by the user's role. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  if (principal.kind === 'apiKey') return principal.scopes.includes('*') || principal.scopes.includes(scope);
  return principal.role !== 'member' || MEMBER_SCOPES.includes(scope);
}

export function isManager(principal: Principal): boolean {
  return principal.kind === 'session' && (principal.role === 'owner' || principal.role === 'admin');
}
