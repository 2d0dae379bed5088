import { z } from 'zod';
import { SCOPES } from '../../services/principal.js';

const email = z.string().trim().max(320).email();
const password = z.string().min(8).max(1024);

export const SignupRequest = z
  .object({ email, password, name: z.string().trim().min(1).max(255).optional(), organizationName: z.string().trim().min(1).max(255) })
  .meta({ id: 'SignupRequest' });

export const LoginRequest = z.object({ email: z.string().trim().max(320), password: z.string().max(1024) }).meta({ id: 'LoginRequest' });

export const MemberRequest = z
  .object({ email, password, name: z.string().trim().min(1).max(255).optional(), role: z.enum(['admin', 'member']) })
  .meta({ id: 'MemberRequest' });

const UserView = z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() });
const OrganizationView = z.object({ id: z.uuid(), name: z.string() });
const RoleView = z.enum(['owner', 'admin', 'member']);

export const SessionResponse = z.object({ user: UserView, organization: OrganizationView, role: RoleView }).meta({ id: 'Session' });
export const SessionGrantResponse = SessionResponse.extend({ sessionToken: z.string(), expiresAt: z.iso.datetime() }).meta({ id: 'SessionGrant' });
export const MemberResponse = z.object({ user: UserView, role: RoleView }).meta({ id: 'Member' });
export const MemberList = z
  .object({ members: z.array(z.object({ user: UserView, role: RoleView, createdAt: z.iso.datetime() })) })
  .meta({ id: 'MemberList' });
export const MemberParams = z.object({ userId: z.string().max(64) });
export const MemberRemovalQuery = z.object({
  revokeApiKeys: z
    .enum(['true', 'false'])
    .optional()
    .describe('"true" also revokes the API keys the member created (default "false": keys belong to the organization and keep working)'),
});

export const SessionList = z
  .object({
    sessions: z.array(
      z.object({
        id: z.uuid(),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
        current: z.boolean().describe('The session making this request'),
      }),
    ),
  })
  .meta({ id: 'SessionList' });

export const ApiKeyRequest = z
  .object({
    name: z.string().trim().min(1).max(255),
    expiresIn: z.string().max(16).optional().describe('"<n>d", "<n>h" or "never" (default)'),
    scopes: z.array(z.string().max(64)).max(SCOPES.length).optional().describe(`Any of: ${SCOPES.join(', ')}. Default ["*"].`),
  })
  .meta({ id: 'ApiKeyRequest' });

const ApiKeyFields = {
  id: z.uuid(),
  name: z.string(),
  keyPrefix: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  organizationId: z.uuid(),
};
export const ApiKeyCreated = z.object({ ...ApiKeyFields, key: z.string().describe('Shown in this response only.') }).meta({ id: 'ApiKeyCreated' });
export const ApiKeyList = z
  .object({
    apiKeys: z.array(
      z.object({
        ...ApiKeyFields,
        lastUsedAt: z.iso.datetime().nullable(),
        createdBy: z.uuid().nullable().describe('The user who created the key (null: created otherwise); the key stays when that user is removed'),
      }),
    ),
  })
  .meta({ id: 'ApiKeyList' });
export const IdParams = z.object({ id: z.string().max(64) });
