import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { AccountRepository } from '../persistence/account.repository.js';
import type { Organization, Role, User } from '../persistence/entities/account.entities.js';
import { ApiError, forbidden, notFound, unauthorized } from './errors.js';
import { isManager, type Principal, type SessionPrincipal } from './principal.js';
import { PasswordHasher } from './password-hasher.js';
import type { LoginThrottle } from './rate-limit/login-throttle.js';
import { randomToken, tokenHash } from './secrets.js';

export const SESSION_PREFIX = 'dss_';

export interface SessionGrant {
  user: { id: string; email: string; name: string | null };
  organization: { id: string; name: string };
  role: Role;
  sessionToken: string;
  expiresAt: string;
}

export interface SessionView {
  id: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

export interface MemberView {
  user: SessionGrant['user'];
  role: Role;
  createdAt: string;
}

export interface AccountServiceDeps {
  config: Config;
  accountRepository: AccountRepository;
  loginThrottle: LoginThrottle;
  clock: () => Date;
}

const LOGIN_FAILED = 'The email or password is not correct.';

/** Signup, login, logout, sessions and members (docs/api.md, Credentials). */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  readonly #hasher: PasswordHasher;
  #dummyHash: Promise<string> | null = null;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
    this.#hasher = new PasswordHasher(deps.config.login.hashConcurrency);
  }

  async signup(input: { email: string; password: string; name?: string; organizationName: string }): Promise<SessionGrant> {
    if (this.#deps.config.signup === 'closed') throw forbidden('Signup is closed on this server.');
    const email = normalizeEmail(input.email);
    if (await this.#deps.accountRepository.findUserByEmail(email)) throw new ApiError('conflict', 'An account with this email already exists.');
    const now = this.#deps.clock();
    const organization: Organization = { id: randomUUID(), name: input.organizationName, createdAt: now };
    const user: User = {
      id: randomUUID(),
      organizationId: organization.id,
      email,
      name: input.name ?? null,
      passwordHash: await this.#hasher.hash(input.password),
      role: 'owner',
      createdAt: now,
    };
    try {
      await this.#deps.accountRepository.createOrganizationWithOwner(organization, user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('conflict', 'An account with this email already exists.');
      throw error;
    }
    return this.#grant(user, organization);
  }

  /**
   * A session for the email and password. Failures delay the next attempts of that email from that
   * client address, counted across processes (LoginThrottle): an attempt too soon is refused before
   * any hash is computed, the same for known and unknown emails.
   */
  async login(input: { email: string; password: string }, clientAddress: string): Promise<SessionGrant> {
    const email = normalizeEmail(input.email);
    const retryAfter = await this.#deps.loginThrottle.retryAfter(email, clientAddress);
    if (retryAfter > 0) {
      throw new ApiError(
        'rate_limit_exceeded',
        `Too many failed logins for this account; try again in ${retryAfter} s.`,
        { reason: 'login_backoff', retryAfter },
        { retryAfter },
      );
    }
    const user = await this.#deps.accountRepository.findUserByEmail(email);
    // Verify against a dummy hash for unknown emails, so both failures take the same time.
    const passwordHash = user?.passwordHash ?? (await this.#dummy());
    const valid = await this.#hasher.verify(passwordHash, input.password);
    const organization = user && valid ? await this.#deps.accountRepository.findOrganization(user.organizationId) : null;
    if (!user || !organization) {
      await this.#deps.loginThrottle.failed(email, clientAddress);
      throw unauthorized(LOGIN_FAILED);
    }
    await this.#deps.loginThrottle.succeeded(email, clientAddress);
    return this.#grant(user, organization);
  }

  async logout(principal: Principal): Promise<void> {
    if (principal.kind === 'session') await this.#deps.accountRepository.deleteSession(principal.sessionId);
  }

  /** The user's sessions that have not expired, newest first; `current` marks the caller's. */
  async listSessions(principal: SessionPrincipal): Promise<{ sessions: SessionView[] }> {
    const sessions = await this.#deps.accountRepository.listSessions(principal.userId, this.#deps.clock());
    return {
      sessions: sessions.map((session) => ({
        id: session.id,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        current: session.id === principal.sessionId,
      })),
    };
  }

  /** Ends one of the user's own sessions (another user's is not found); says whether it was the caller's. */
  async endSession(principal: SessionPrincipal, sessionId: string): Promise<{ endedCurrent: boolean }> {
    if (!(await this.#deps.accountRepository.deleteSessionOfUser(principal.userId, sessionId))) throw notFound('Session');
    return { endedCurrent: sessionId === principal.sessionId };
  }

  /** Signs the user out everywhere: every session of theirs ends, the caller's included. */
  async endAllSessions(principal: SessionPrincipal): Promise<void> {
    await this.#deps.accountRepository.deleteSessionsOfUser(principal.userId);
  }

  async describe(principal: SessionPrincipal): Promise<Omit<SessionGrant, 'sessionToken' | 'expiresAt'>> {
    const user = await this.#deps.accountRepository.findUser(principal.userId);
    const organization = await this.#deps.accountRepository.findOrganization(principal.organizationId);
    if (!user || !organization) throw unauthorized();
    return { user: userView(user), organization: { id: organization.id, name: organization.name }, role: user.role };
  }

  async listMembers(principal: SessionPrincipal): Promise<{ members: MemberView[] }> {
    const users = await this.#deps.accountRepository.listMembers(principal.organizationId);
    return { members: users.map((user) => ({ user: userView(user), role: user.role, createdAt: user.createdAt.toISOString() })) };
  }

  /**
   * Removes a user from the caller's organization (owner or admin; only an owner removes an owner,
   * and never the last one). Their sessions end at once. API keys belong to the organization and
   * stay, unless `revokeApiKeys` asks to revoke the ones the user created. Says whether the caller
   * removed themselves.
   */
  async removeMember(principal: SessionPrincipal, userId: string, options: { revokeApiKeys: boolean }): Promise<{ removedSelf: boolean }> {
    if (!isManager(principal)) throw forbidden('Only organization owners and admins may remove members.');
    const member = await this.#deps.accountRepository.findUser(userId);
    if (!member || member.organizationId !== principal.organizationId) throw notFound('Member');
    if (member.role === 'owner' && principal.role !== 'owner') throw forbidden('Only an owner may remove an owner.');
    const removed = await this.#deps.accountRepository.removeMember(principal.organizationId, userId, options.revokeApiKeys ? this.#deps.clock() : null);
    if (!removed) {
      if (!(await this.#deps.accountRepository.findUser(userId))) throw notFound('Member');
      throw new ApiError('conflict', "The organization's last owner cannot be removed.", { reason: 'last_owner' });
    }
    return { removedSelf: userId === principal.userId };
  }

  async addMember(
    principal: SessionPrincipal,
    input: { email: string; password: string; name?: string; role: 'admin' | 'member' },
  ): Promise<{ user: SessionGrant['user']; role: Role }> {
    const email = normalizeEmail(input.email);
    if (await this.#deps.accountRepository.findUserByEmail(email)) throw new ApiError('conflict', 'An account with this email already exists.');
    const user: User = {
      id: randomUUID(),
      organizationId: principal.organizationId,
      email,
      name: input.name ?? null,
      passwordHash: await this.#hasher.hash(input.password),
      role: input.role,
      createdAt: this.#deps.clock(),
    };
    try {
      await this.#deps.accountRepository.insertUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('conflict', 'An account with this email already exists.');
      throw error;
    }
    return { user: userView(user), role: user.role };
  }

  /** The principal of a session token, or null when it is unknown or expired. */
  async authenticate(token: string, viaCookie: boolean): Promise<Principal | null> {
    if (!token.startsWith(SESSION_PREFIX)) return null;
    const session = await this.#deps.accountRepository.findSessionByHash(tokenHash(token));
    if (!session || session.expiresAt.getTime() <= this.#deps.clock().getTime()) return null;
    const user = await this.#deps.accountRepository.findUser(session.userId);
    if (!user) return null;
    return { kind: 'session', organizationId: session.organizationId, userId: user.id, role: user.role, sessionId: session.id, viaCookie };
  }

  async #grant(user: User, organization: Organization): Promise<SessionGrant> {
    const now = this.#deps.clock();
    const token = randomToken(SESSION_PREFIX);
    const expiresAt = new Date(now.getTime() + this.#deps.config.sessionTtlHours * 3_600_000);
    await this.#deps.accountRepository.insertSession({
      id: randomUUID(),
      tokenHash: tokenHash(token),
      userId: user.id,
      organizationId: organization.id,
      expiresAt,
      createdAt: now,
    });
    return {
      user: userView(user),
      organization: { id: organization.id, name: organization.name },
      role: user.role,
      sessionToken: token,
      expiresAt: expiresAt.toISOString(),
    };
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= this.#hasher.hash(randomToken('dummy_'));
    return this.#dummyHash;
  }
}

function userView(user: User): SessionGrant['user'] {
  return { id: user.id, email: user.email, name: user.name };
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UNIQUE_VIOLATIONS = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A duplicate key, and no other refusal (a trigger, a NOT NULL): those are not the caller's conflict. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return UNIQUE_VIOLATIONS.has(e.driverError?.code ?? e.code ?? '');
}
