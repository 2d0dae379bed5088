import { createHmac } from 'node:crypto';
import type { CounterStore, FailureRecord } from './counter-store.js';

/** Entries kept at most; past it the longest-quiet ones go first (a flood of made-up emails must not grow memory without end). */
const MAX_ENTRIES = 100_000;

export interface LoginThrottleOptions {
  /** Failures allowed before any delay. */
  freeAttempts: number;
  /** The first delay; each further failure doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  clock: () => Date;
  /** The store every process shares (RateLimitService.counterStore). */
  store: CounterStore;
  /** Keys the records' names (HMAC-SHA-256), the same in every process: the store holds no email or address, nor anything to test a guess of one against. */
  keySecret: Buffer;
}

/**
 * Failed logins per account and client address, counted in the store every process shares, so N
 * API processes give a guesser no more attempts than one: after `freeAttempts` failures in a row,
 * the next attempt must wait a delay that doubles with each further failure, up to a cap. A success
 * forgets the failures; a failure older than twice the cap is forgotten too. Keyed by address as well
 * as account, so that guessing from elsewhere never keeps the owner out; the owner's own mistakes
 * delay them at most the cap. The store's record is copied into this process's memory, which
 * decides alone while the store does not answer (adding its own failures); a failed write to the
 * store is not retried, so a failure never counts twice there. The times of failures and delays are
 * this process's clock, not the store's: the processes' clocks must agree (docs/operations.md).
 */
export class LoginThrottle {
  readonly #options: LoginThrottleOptions;
  readonly #failures = new Map<string, FailureRecord>();

  constructor(options: LoginThrottleOptions) {
    this.#options = options;
  }

  /** Seconds to wait before the next attempt of this account from this address, or 0. */
  async retryAfter(account: string, address: string): Promise<number> {
    const key = this.#keyOf(account, address);
    const record = await this.#options.store.readFailures(key, this.#now()).catch(() => this.#current(key));
    if (!record || record.count < this.#options.freeAttempts) return 0;
    const wait = Math.min(this.#options.backoffMaxMs, this.#options.backoffBaseMs * 2 ** (record.count - this.#options.freeAttempts));
    const left = record.lastAt + wait - this.#now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  async failed(account: string, address: string): Promise<void> {
    const key = this.#keyOf(account, address);
    const now = this.#now();
    const record = await this.#options.store
      .addFailure(key, now, this.#keepMs())
      .catch((): FailureRecord => ({ count: (this.#current(key)?.count ?? 0) + 1, lastAt: now }));
    // Deleted and set again: the map's order is then the order of last failure, oldest first.
    this.#failures.delete(key);
    this.#failures.set(key, record);
    if (this.#failures.size > MAX_ENTRIES) this.#failures.delete(this.#failures.keys().next().value!);
  }

  async succeeded(account: string, address: string): Promise<void> {
    const key = this.#keyOf(account, address);
    this.#failures.delete(key);
    await this.#options.store.clearFailures(key).catch(() => undefined);
  }

  #current(key: string): FailureRecord | undefined {
    const entry = this.#failures.get(key);
    if (entry && this.#now() - entry.lastAt > this.#keepMs()) {
      this.#failures.delete(key);
      return undefined;
    }
    return entry;
  }

  #keyOf(account: string, address: string): string {
    return createHmac('sha256', this.#options.keySecret).update(`${account}\n${address}`).digest('hex');
  }

  #keepMs(): number {
    return 2 * this.#options.backoffMaxMs;
  }

  #now(): number {
    return this.#options.clock().getTime();
  }
}
