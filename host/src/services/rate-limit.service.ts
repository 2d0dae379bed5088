import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createPool } from 'mysql2';
import {
  RateLimiterMemory,
  RateLimiterMySQL,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config/config.js';

/** One limit's state after a request was counted against it. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Unix time in seconds. */
  reset: number;
}

export type LimitOutcome =
  | { allowed: true; tightest: LimitState; release: () => Promise<void> }
  | { allowed: false; tightest: LimitState; retryAfter: number; reason: 'rate' | 'concurrency'; limit: number };

/** `lending`: a request to /api/lending/*, counted against the lending per-key limit instead of the primary one. */
export type LimitSurface = 'primary' | 'lending';

export type LimitSubject =
  | { kind: 'apiKey'; apiKeyId: string; organizationId: string; surface?: LimitSurface }
  | { kind: 'address'; address: string };

interface SqliteStatement {
  get(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  pragma(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options?: { timeout?: number }) => SqliteDatabase;

const WINDOW_SECONDS = 60;
/** A concurrency slot that is never released (a crashed process) frees itself after this. */
const CONCURRENCY_TTL_SECONDS = 300;

interface Limiters {
  perKey: RateLimiterAbstract;
  perKeyLending: RateLimiterAbstract;
  perOrganization: RateLimiterAbstract;
  perAddress: RateLimiterAbstract;
  concurrent: RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * Per key, per organization, concurrent per key and per client address (CONTRACT §4), in a store
 * every process shares: Redis when DOCSIFT_RATE_LIMIT_URL is set, else the MySQL server, else a
 * SQLite file in the data directory. A store outage falls back to in-process counting.
 */
export class RateLimitService {
  readonly #limiters: Limiters;
  readonly #config: Config['rateLimits'];

  constructor({ config }: { config: Config }) {
    this.#config = config.rateLimits;
    this.#limiters = createLimiters(config);
  }

  async consume(subject: LimitSubject): Promise<LimitOutcome> {
    if (subject.kind === 'address') {
      const result = await attempt(this.#limiters.perAddress, `ip:${subject.address}`, this.#config.perAddress);
      return result.ok ? { allowed: true, tightest: result.state, release: async () => {} } : refusal(result, 'rate', this.#config.perAddress);
    }
    const lending = subject.surface === 'lending';
    const keyLimit = lending ? this.#config.lendingPerKey : this.#config.perKey;
    const perKey = await attempt(lending ? this.#limiters.perKeyLending : this.#limiters.perKey, `key:${subject.apiKeyId}`, keyLimit);
    if (!perKey.ok) return refusal(perKey, 'rate', keyLimit);
    const perOrganization = await attempt(this.#limiters.perOrganization, `org:${subject.organizationId}`, this.#config.perOrganization);
    if (!perOrganization.ok) return refusal(perOrganization, 'rate', this.#config.perOrganization);
    const concurrentKey = `conc:${subject.apiKeyId}`;
    const concurrent = await attempt(this.#limiters.concurrent, concurrentKey, this.#config.concurrentPerKey);
    if (!concurrent.ok) {
      await this.#limiters.concurrent.reward(concurrentKey, 1).catch(() => undefined);
      return { allowed: false, tightest: concurrent.state, retryAfter: 1, reason: 'concurrency', limit: this.#config.concurrentPerKey };
    }
    const tightest = perOrganization.state.remaining < perKey.state.remaining ? perOrganization.state : perKey.state;
    return { allowed: true, tightest, release: () => this.#limiters.concurrent.reward(concurrentKey, 1).then(() => undefined, () => undefined) };
  }

  close(): Promise<void> {
    return this.#limiters.close();
  }
}

type Attempt = { ok: true; state: LimitState } | { ok: false; state: LimitState; msBeforeNext: number };

async function attempt(limiter: RateLimiterAbstract, key: string, limit: number): Promise<Attempt> {
  try {
    const res = await limiter.consume(key, 1);
    return { ok: true, state: stateOf(res, limit) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { ok: false, state: stateOf(rejection, limit), msBeforeNext: rejection.msBeforeNext };
  }
}

function refusal(result: Attempt & { ok: false }, reason: 'rate' | 'concurrency', limit: number): LimitOutcome {
  return { allowed: false, tightest: result.state, retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)), reason, limit };
}

function stateOf(res: RateLimiterRes, limit: number): LimitState {
  const msBeforeNext = res.msBeforeNext > 0 ? res.msBeforeNext : WINDOW_SECONDS * 1000;
  return { limit, remaining: Math.max(0, res.remainingPoints), reset: Math.ceil((Date.now() + msBeforeNext) / 1000) };
}

function createLimiters(config: Config): Limiters {
  const r = config.rateLimits;
  const specs = {
    perKey: { points: r.perKey, duration: WINDOW_SECONDS, keyPrefix: 'rl_key' },
    perKeyLending: { points: r.lendingPerKey, duration: WINDOW_SECONDS, keyPrefix: 'rl_lend' },
    perOrganization: { points: r.perOrganization, duration: WINDOW_SECONDS, keyPrefix: 'rl_org' },
    perAddress: { points: r.perAddress, duration: WINDOW_SECONDS, keyPrefix: 'rl_ip' },
    concurrent: { points: r.concurrentPerKey, duration: CONCURRENCY_TTL_SECONDS, keyPrefix: 'rl_conc' },
  };
  const insured = (spec: (typeof specs)['perKey']) => ({ ...spec, insuranceLimiter: new RateLimiterMemory(spec) });
  if (r.storeUrl) {
    const redis = new Redis(r.storeUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    const make = (spec: (typeof specs)['perKey']) => new RateLimiterRedis({ ...insured(spec), storeClient: redis });
    return { ...mapSpecs(specs, make), close: async () => void redis.disconnect() };
  }
  if (config.database.kind === 'mysql') {
    const pool = createPool({ uri: config.database.url, connectionLimit: 5 });
    const dbName = new URL(config.database.url).pathname.slice(1) || 'docsift';
    const make = (spec: (typeof specs)['perKey']) =>
      new RateLimiterMySQL({ ...insured(spec), storeClient: pool, storeType: 'pool', dbName, tableName: 'rate_limits', tableCreated: false }, () => undefined);
    return { ...mapSpecs(specs, make), close: () => new Promise((resolve) => pool.end(() => resolve())) };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = new Database(path.join(config.dataDir, 'rate-limits.sqlite'), { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const client = withStatementCache(db);
  const make = (spec: (typeof specs)['perKey']) =>
    new RateLimiterSQLite({ ...insured(spec), storeClient: client, storeType: 'better-sqlite3', tableName: 'rate_limits' });
  return { ...mapSpecs(specs, make), close: async () => void db.close() };
}

/**
 * The SQLite limiter prepares its SQL on every call and wraps its single upsert in a transaction
 * function built per call. Prepared statements are reusable, and one statement is atomic in SQLite
 * on its own, so both are short-cut here: the counters stay exact and a request costs a fraction.
 */
function withStatementCache(db: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      if (property === 'transaction') return (work: () => unknown) => work;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function mapSpecs<T>(specs: Record<keyof Omit<Limiters, 'close'>, T>, make: (spec: T) => RateLimiterAbstract): Omit<Limiters, 'close'> {
  return {
    perKey: make(specs.perKey),
    perKeyLending: make(specs.perKeyLending),
    perOrganization: make(specs.perOrganization),
    perAddress: make(specs.perAddress),
    concurrent: make(specs.concurrent),
  };
}
