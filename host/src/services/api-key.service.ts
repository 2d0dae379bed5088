import { randomUUID } from 'node:crypto';
import type { ApiKeyRepository } from '../persistence/account.repository.js';
import type { ApiKey } from '../persistence/entities/account.entities.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { isManager, SCOPES, type Principal } from './principal.js';
import { randomToken, sameHash, tokenHash } from './secrets.js';

export const API_KEY_PREFIX = 'dsk_';
const VISIBLE_PREFIX_LENGTH = 12;
const TOUCH_INTERVAL_MS = 60_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;

export interface ApiKeyView {
  id: string;
  name: string;
  keyPrefix: string;
  scopes: string[];
  expiresAt: string | null;
  createdAt: string;
  organizationId: string;
  lastUsedAt?: string | null;
  createdBy?: string | null;
}

/** `<n>d`, `<n>h` or `never` → milliseconds (null for never); anything else is `invalid_request`. */
export function parseExpiresIn(value: string | undefined): number | null {
  if (value === undefined || value === 'never') return null;
  const match = /^([1-9]\d{0,5})([dh])$/.exec(value);
  if (!match) throw badRequest('expiresIn must be "<n>d", "<n>h" or "never".', { field: 'expiresIn' });
  return Number(match[1]) * (match[2] === 'd' ? 86_400_000 : 3_600_000);
}

/** API keys: created by owners and admins, shown once, stored hashed, revocable. */
export class ApiKeyService {
  readonly #repository: ApiKeyRepository;
  readonly #clock: () => Date;
  readonly #lastTouched = new Map<string, number>();
  /**
   * Verified keys by the SHA-256 of the key. An entry only saves finding and reading the row: every
   * use first checks by primary key that the key is still unrevoked (`ApiKeyRepository.isActive`), so
   * a revocation by any process applies at once, with no message between processes to lose.
   */
  readonly #verified = new Map<string, ApiKey>();

  constructor({ apiKeyRepository, clock }: { apiKeyRepository: ApiKeyRepository; clock: () => Date }) {
    this.#repository = apiKeyRepository;
    this.#clock = clock;
  }

  async create(principal: Principal, input: { name: string; expiresIn?: string; scopes?: string[] }): Promise<ApiKeyView & { key: string }> {
    if (!isManager(principal)) throw forbidden('Only organization owners and admins may create API keys.');
    const lifetime = parseExpiresIn(input.expiresIn);
    const scopes = [...new Set(input.scopes ?? ['*'])];
    const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0) throw badRequest(`Unknown scope: ${unknown.join(', ')}.`, { allowedScopes: SCOPES });
    const now = this.#clock();
    const key = randomToken(API_KEY_PREFIX);
    const record: ApiKey = {
      id: randomUUID(),
      organizationId: principal.organizationId,
      createdBy: principal.kind === 'session' ? principal.userId : null,
      name: input.name,
      keyHash: tokenHash(key),
      keyPrefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
      scopes,
      expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
      lastUsedAt: null,
      revokedAt: null,
      createdAt: now,
    };
    await this.#repository.insert(record);
    return { ...view(record), key };
  }

  async list(principal: Principal): Promise<{ apiKeys: ApiKeyView[] }> {
    const keys = await this.#repository.listActive(principal.organizationId);
    return { apiKeys: keys.map((key) => ({ ...view(key), lastUsedAt: key.lastUsedAt?.toISOString() ?? null, createdBy: key.createdBy })) };
  }

  async revoke(principal: Principal, id: string): Promise<void> {
    if (!isManager(principal)) throw forbidden('Only organization owners and admins may revoke API keys.');
    if (!(await this.#repository.revoke(principal.organizationId, id, this.#clock()))) throw notFound('API key');
  }

  /**
   * The principal of a key, or null when it is unknown, revoked or expired: null at once for a
   * malformed or expired key, else a promise (one indexed lookup for a key verified before).
   */
  authenticate(key: string): Principal | null | Promise<Principal | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const hashed = tokenHash(key);
    const now = this.#clock().getTime();
    const cached = this.#verified.get(hashed);
    if (cached && isExpired(cached, now)) return null;
    return this.#authenticateFromDatabase(hashed, cached, now);
  }

  async #authenticateFromDatabase(hashed: string, cached: ApiKey | undefined, now: number): Promise<Principal | null> {
    const record = cached ? await this.#stillActive(hashed, cached) : await this.#verifiedRecord(hashed);
    if (!record || isExpired(record, now)) return null;
    if (this.#touchDue(record.id, now)) {
      this.#lastTouched.set(record.id, now);
      await this.#repository.touch(record.id, new Date(now));
    }
    return principalOf(record, now);
  }

  #touchDue(id: string, now: number): boolean {
    return now - (this.#lastTouched.get(id) ?? 0) > TOUCH_INTERVAL_MS;
  }

  async #stillActive(hashed: string, cached: ApiKey): Promise<ApiKey | null> {
    if (await this.#repository.isActive(cached.id)) return cached;
    this.#verified.delete(hashed);
    return null;
  }

  async #verifiedRecord(hashed: string): Promise<ApiKey | null> {
    const record = await this.#repository.findActiveByHash(hashed);
    if (!record || !sameHash(record.keyHash, hashed)) return null;
    if (this.#verified.size >= KEY_CACHE_MAX_ENTRIES) this.#verified.clear();
    this.#verified.set(hashed, record);
    return record;
  }
}

function isExpired(record: ApiKey, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt.getTime() <= now;
}

/** An unexpired key's principal, or null. */
function principalOf(record: ApiKey, now: number): Principal | null {
  if (isExpired(record, now)) return null;
  return { kind: 'apiKey', organizationId: record.organizationId, apiKeyId: record.id, scopes: record.scopes };
}

function view(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    keyPrefix: key.keyPrefix,
    scopes: key.scopes,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    organizationId: key.organizationId,
  };
}
