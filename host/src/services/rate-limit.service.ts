import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config.js';
import { ConcurrencyCounter, RUNNING_TTL_MS } from './rate-limit/concurrency-counter.js';
import { DeferredCounterStore, StoreTimeoutError, TimedCounterStore, type CounterStore } from './rate-limit/counter-store.js';
import { SqliteCounterStore } from './rate-limit/sqlite-store.js';
import { WindowCounter, type LimitState, type WindowDecision } from './rate-limit/window-counter.js';

export type { LimitState } from './rate-limit/window-counter.js';

export type LimitOutcome =
  | { allowed: true; tightest: LimitState; release: () => void }
  | { allowed: false; tightest: LimitState; retryAfter: number; reason: 'rate' | 'concurrency'; limit: number };

/** `lending`: a request to /api/lending/*, counted against the lending per-key limit instead of the primary one. */
export type LimitSurface = 'primary' | 'lending';

type ApiKeySubject = { kind: 'apiKey'; apiKeyId: string; organizationId: string; surface?: LimitSurface };

export type LimitSubject = ApiKeySubject | { kind: 'address'; address: string };

const WINDOW_MS = 60_000;
/** How often a process adds its counts to the shared store and reads the other processes' counts. */
export const SYNC_INTERVAL_MS = 200;

type CounterName = 'perKey' | 'perKeyLending' | 'perOrganization' | 'perAddress';

/**
 * Per key, per organization and per client address (docs/api.md) in fixed one-minute windows,
 * decided in memory and shared with every process through a store: Redis when
 * DOCSIFT_RATE_LIMIT_URL is set, else the MySQL server, else a SQLite file in the data directory.
 * Exact within a process; across processes exact up to one synchronisation (SYNC_INTERVAL_MS, or
 * sooner near a limit): see docs/operations.md. Concurrent requests per key are shared through
 * each process's absolute count in the store (ConcurrencyCounter). A store outage leaves each
 * process counting on its own until the store answers.
 */
export class RateLimitService {
  readonly #config: Config['rateLimits'];
  readonly #store: CounterStore;
  readonly #counters: Record<CounterName, WindowCounter>;
  readonly #concurrent: ConcurrencyCounter;
  /** This process in the store's running counts; `#sequence` orders its publications. */
  readonly #processId = randomUUID();
  #sequence = 0;
  readonly #timer: NodeJS.Timeout;
  #syncing: Promise<void> | null = null;
  /** Run by `close` before the store closes (StorageReservations withdraws its reservations). */
  readonly #beforeClose: Array<() => Promise<void>> = [];
  #nextSync: Promise<void> | null = null;

  constructor({ config }: { config: Config }) {
    this.#config = config.rateLimits;
    this.#store = createStore(config);
    const counter = (name: string, limit: number) =>
      new WindowCounter({
        name,
        limit,
        windowMs: WINDOW_MS,
        clock: Date.now,
        read: (key, expiresAt) => this.#store.add([{ key, by: 0, expiresAt }]).then(([total]) => total ?? 0),
        sync: () => this.sync(),
      });
    const r = this.#config;
    this.#counters = {
      perKey: counter('key', r.perKey),
      perKeyLending: counter('lend', r.lendingPerKey),
      perOrganization: counter('org', r.perOrganization),
      perAddress: counter('ip', r.perAddress),
    };
    this.#concurrent = new ConcurrencyCounter({ limit: r.concurrentPerKey, clock: Date.now, freshMs: 2 * SYNC_INTERVAL_MS, sync: () => this.sync() });
    this.#timer = setInterval(() => void this.sync(), SYNC_INTERVAL_MS).unref();
  }

  /** The store every process shares (also the failed logins', LoginThrottle). */
  get counterStore(): CounterStore {
    return this.#store;
  }

  /** `withdraw` runs when this service closes, while the store is still open. */
  beforeClose(withdraw: () => Promise<void>): void {
    this.#beforeClose.push(withdraw);
  }

  /** Decided at once while the counters know their windows (the usual case); a promise when one must read or synchronise first. */
  consume(subject: LimitSubject): LimitOutcome | Promise<LimitOutcome> {
    if (subject.kind === 'address') {
      const decision = this.#counters.perAddress.take(subject.address);
      return decision instanceof Promise ? decision.then(addressOutcome) : addressOutcome(decision);
    }
    const perKey = (subject.surface === 'lending' ? this.#counters.perKeyLending : this.#counters.perKey).take(subject.apiKeyId);
    if (perKey instanceof Promise) return perKey.then((decided) => this.#afterPerKey(subject, decided));
    return this.#afterPerKey(subject, perKey);
  }

  /**
   * Adds this process's counts to the store, publishes its running requests, and reads the shared
   * totals back (one batch; one more queued behind a running one).
   */
  sync(): Promise<void> {
    if (this.#syncing) {
      this.#nextSync ??= this.#syncing.then(() => {
        this.#nextSync = null;
        return this.sync();
      });
      return this.#nextSync;
    }
    this.#syncing = this.#syncOnce().finally(() => (this.#syncing = null));
    return this.#syncing;
  }

  /**
   * Adds the last counts and publishes 0 running requests for every key (and runs `beforeClose`):
   * called once the HTTP server is closed, so the other processes do not keep counting this one's
   * requests until they expire.
   */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.sync();
    const withdrawn = this.#concurrent.withdraw();
    this.#sequence += 1;
    await Promise.all([
      withdrawn.length > 0 ? this.#store.publish(this.#processId, this.#sequence, withdrawn, RUNNING_TTL_MS).catch(() => undefined) : null,
      ...this.#beforeClose.map((withdraw) => withdraw().catch(() => undefined)),
    ]);
    // A store that does not close in time (a hung connection) must not hold up the process's exit.
    await this.#store.close().catch(() => undefined);
  }

  async #syncOnce(): Promise<void> {
    const increments = Object.values(this.#counters).flatMap((counter) => counter.collect());
    const gauges = this.#concurrent.collect();
    // A batch given up on (timeout) may still be applied: its counts stay counted rather than be added twice.
    const added = increments.length === 0 ? null : this.#store.add(increments).catch((error: unknown) => (error instanceof StoreTimeoutError ? 'unknown' : null));
    this.#sequence += 1;
    const published = gauges.length === 0 ? null : this.#store.publish(this.#processId, this.#sequence, gauges, RUNNING_TTL_MS).catch(() => null);
    const [totals, others] = await Promise.all([added, published]);
    increments.forEach((increment, i) => increment.settle(totals === 'unknown' ? 'unknown' : (totals?.[i] ?? null)));
    gauges.forEach((gauge, i) => gauge.settle(others?.[i] ?? null));
  }

  #afterPerKey(subject: ApiKeySubject, perKey: WindowDecision): LimitOutcome | Promise<LimitOutcome> {
    if (!perKey.allowed) return refusal(perKey);
    const perOrganization = this.#counters.perOrganization.take(subject.organizationId);
    if (perOrganization instanceof Promise) return perOrganization.then((decided) => this.#admit(subject, perKey, decided));
    return this.#admit(subject, perKey, perOrganization);
  }

  #admit(subject: ApiKeySubject, perKey: WindowDecision, perOrganization: WindowDecision): LimitOutcome | Promise<LimitOutcome> {
    if (!perOrganization.allowed) return refusal(perOrganization);
    const placed = this.#concurrent.take(subject.apiKeyId);
    if (placed instanceof Promise) return placed.then((decided) => this.#afterConcurrency(subject, perKey, perOrganization, decided));
    return this.#afterConcurrency(subject, perKey, perOrganization, placed);
  }

  #afterConcurrency(subject: ApiKeySubject, perKey: WindowDecision, perOrganization: WindowDecision, placed: boolean): LimitOutcome {
    const limit = this.#config.concurrentPerKey;
    if (!placed) {
      const tightest = { limit, remaining: 0, reset: Math.ceil(Date.now() / 1000) + 1 };
      return { allowed: false, tightest, retryAfter: 1, reason: 'concurrency', limit };
    }
    const tightest = perOrganization.state.remaining < perKey.state.remaining ? perOrganization.state : perKey.state;
    return { allowed: true, tightest, release: () => this.#concurrent.release(subject.apiKeyId) };
  }
}

function addressOutcome(decision: WindowDecision): LimitOutcome {
  return decision.allowed ? { allowed: true, tightest: decision.state, release: () => undefined } : refusal(decision);
}
function refusal(decision: WindowDecision): LimitOutcome {
  return { allowed: false, tightest: decision.state, retryAfter: decision.retryAfter, reason: 'rate', limit: decision.state.limit };
}

function createStore(config: Config): CounterStore {
  return new TimedCounterStore(openStore(config));
}

function openStore(config: Config): CounterStore {
  const { storeUrl } = config.rateLimits;
  if (storeUrl) return new DeferredCounterStore(async () => new (await import('./rate-limit/redis-store.js')).RedisCounterStore(storeUrl));
  const { database } = config;
  if (database.kind === 'mysql') return new DeferredCounterStore(async () => new (await import('./rate-limit/mysql-store.js')).MysqlCounterStore(database.url));
  return new SqliteCounterStore(config.dataDir);
}
