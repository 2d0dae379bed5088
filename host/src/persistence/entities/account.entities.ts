import { EntitySchema } from 'typeorm';
import { id, json, optionalRef, optionalText, optionalTimestamp, ref, text, timestamp } from './columns.js';

export type Role = 'owner' | 'admin' | 'member';

export interface Organization {
  id: string;
  name: string;
  createdAt: Date;
}

export interface User {
  id: string;
  organizationId: string;
  email: string;
  name: string | null;
  passwordHash: string;
  role: Role;
  createdAt: Date;
}

export interface Session {
  id: string;
  tokenHash: string;
  userId: string;
  organizationId: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface ApiKey {
  id: string;
  organizationId: string;
  createdBy: string | null;
  name: string;
  keyHash: string;
  keyPrefix: string;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export const OrganizationEntity = new EntitySchema<Organization>({
  name: 'Organization',
  tableName: 'organizations',
  columns: { id, name: text(), createdAt: timestamp('created_at') },
});

export const UserEntity = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    email: text(320),
    name: optionalText(),
    passwordHash: { ...text(255), name: 'password_hash' },
    role: text(16),
    createdAt: timestamp('created_at'),
  },
});

export const SessionEntity = new EntitySchema<Session>({
  name: 'Session',
  tableName: 'sessions',
  columns: {
    id,
    tokenHash: { ...text(64), name: 'token_hash' },
    userId: { ...ref, name: 'user_id' },
    organizationId: { ...ref, name: 'organization_id' },
    expiresAt: timestamp('expires_at'),
    createdAt: timestamp('created_at'),
  },
});

export const ApiKeyEntity = new EntitySchema<ApiKey>({
  name: 'ApiKey',
  tableName: 'api_keys',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    createdBy: { ...optionalRef, name: 'created_by' },
    name: text(),
    keyHash: { ...text(64), name: 'key_hash' },
    keyPrefix: { ...text(16), name: 'key_prefix' },
    scopes: json,
    expiresAt: optionalTimestamp('expires_at'),
    lastUsedAt: optionalTimestamp('last_used_at'),
    revokedAt: optionalTimestamp('revoked_at'),
    createdAt: timestamp('created_at'),
  },
});
