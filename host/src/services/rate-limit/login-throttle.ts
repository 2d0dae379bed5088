/** Entries kept at most; past it the longest-quiet ones go first (a flood of made-up emails must not grow memory without end). */
const MAX_ENTRIES = 100_000;

export interface LoginThrottleOptions {
  /** Failures allowed before any delay. */
  freeAttempts: number;
  /** The first delay; each further failure doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  clock: () => Date;
}

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Failed logins per account and client address (in this process): after `freeAttempts` failures in a
 * row, the next attempt must wait a delay that doubles with each further failure, up to a cap. A
 * success forgets the failures; a failure older than twice the cap is forgotten too. Keyed by address
 * as well as account, so that guessing from elsewhere never keeps the owner out; the owner's own
 * mistakes delay them at most the cap.
 */
export class LoginThrottle {
  readonly #options: LoginThrottleOptions;
  readonly #failures = new Map<string, Failures>();

  constructor(options: LoginThrottleOptions) {
    this.#options = options;
  }

  /** Seconds to wait before the next attempt of this account from this address, or 0. */
  retryAfter(account: string, address: string): number {
    const entry = this.#current(keyOf(account, address));
    if (!entry || entry.count < this.#options.freeAttempts) return 0;
    const wait = Math.min(this.#options.backoffMaxMs, this.#options.backoffBaseMs * 2 ** (entry.count - this.#options.freeAttempts));
    const left = entry.lastAt + wait - this.#now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  failed(account: string, address: string): void {
    const key = keyOf(account, address);
    const count = (this.#current(key)?.count ?? 0) + 1;
    // Deleted and set again: the map's order is then the order of last failure, oldest first.
    this.#failures.delete(key);
    this.#failures.set(key, { count, lastAt: this.#now() });
    if (this.#failures.size > MAX_ENTRIES) this.#failures.delete(this.#failures.keys().next().value!);
  }

  succeeded(account: string, address: string): void {
    this.#failures.delete(keyOf(account, address));
  }

  #current(key: string): Failures | undefined {
    const entry = this.#failures.get(key);
    if (entry && this.#now() - entry.lastAt > 2 * this.#options.backoffMaxMs) {
      this.#failures.delete(key);
      return undefined;
    }
    return entry;
  }

  #now(): number {
    return this.#options.clock().getTime();
  }
}

function keyOf(account: string, address: string): string {
  return `${account}\n${address}`;
}
