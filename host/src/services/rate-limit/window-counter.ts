/** One limit's state after a request was counted against it. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Unix time in seconds. */
  reset: number;
}

export interface WindowDecision {
  allowed: boolean;
  state: LimitState;
  /** Seconds until the window ends (for a refusal). */
  retryAfter: number;
}

/**
 * Counts added to the shared store in one batch; `settle` receives the new shared total, null when
 * the store failed (nothing added), or 'unknown' when it did not answer in time (perhaps added).
 */
export interface PendingIncrement {
  key: string;
  by: number;
  /** Unix time in milliseconds after which the shared count may be dropped. */
  expiresAt: number;
  settle(total: number | null | 'unknown'): void;
}

interface Entry {
  window: number;
  /** The shared count as last read from the store (this process's synchronised requests included). */
  shared: number;
  /** Requests this process admitted and has not yet added to the store. */
  pending: number;
  ready: Promise<void> | null;
  /** When this process last counted a request here (ms). */
  touched: number;
}

/** Windows this process used this recently are re-read at every synchronisation, even without new requests. */
const REFRESH_AFTER_USE_MS = 5_000;

export interface WindowCounterOptions {
  /** Prefix of the store keys (`key`, `org`, …). */
  name: string;
  limit: number;
  windowMs: number;
  clock: () => number;
  /** Reads the shared count of a window the first time this process sees it (adding 0). */
  read(key: string, expiresAt: number): Promise<number>;
  /** Adds every counter's unsynchronised requests to the store and reads the totals back. */
  sync(): Promise<void>;
}

/**
 * A fixed-window limit decided in memory from the last known shared count plus this process's
 * own unsynchronised requests, so it is exact within one process. The shared count is read once
 * per window, then refreshed at every synchronisation while the window is in use: on a timer, and
 * before a request whenever this process's unsynchronised requests reach a quarter of what the
 * window has left.
 */
export class WindowCounter {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly options: WindowCounterOptions) {}

  /** Decided at once, unless the window's shared count is still being read or a synchronisation must come first. */
  take(id: string): WindowDecision | Promise<WindowDecision> {
    const entry = this.#entry(id);
    if (entry.ready || entry.pending >= this.#syncThreshold(entry)) return this.#takeAfterSync(entry);
    return this.#decide(entry);
  }

  async #takeAfterSync(entry: Entry): Promise<WindowDecision> {
    if (entry.ready) await entry.ready;
    // Never more than a quarter of what is left unsynchronised: past that, synchronise first.
    for (let attempt = 0; attempt < 2 && entry.pending >= this.#syncThreshold(entry); attempt += 1) await this.options.sync();
    return this.#decide(entry);
  }

  #decide(entry: Entry): WindowDecision {
    const { limit, windowMs, clock } = this.options;
    const end = entry.window + windowMs;
    const used = entry.shared + entry.pending;
    const reset = Math.ceil(end / 1000);
    if (used >= limit) return { allowed: false, state: { limit, remaining: 0, reset }, retryAfter: Math.max(1, Math.ceil((end - clock()) / 1000)) };
    entry.pending += 1;
    entry.touched = clock();
    return { allowed: true, state: { limit, remaining: limit - used - 1, reset }, retryAfter: 0 };
  }

  /** Moves this process's unsynchronised counts into increments for the store; forgets past windows. */
  collect(): PendingIncrement[] {
    const now = this.options.clock();
    const current = this.#windowOf(now);
    const increments: PendingIncrement[] = [];
    for (const [id, entry] of this.#entries) {
      if (entry.window < current) {
        this.#entries.delete(id);
        continue;
      }
      if (entry.ready || (entry.pending === 0 && now - entry.touched > REFRESH_AFTER_USE_MS)) continue;
      const by = entry.pending;
      entry.pending = 0;
      entry.shared += by;
      increments.push({
        key: this.#storeKey(id, entry.window),
        by,
        expiresAt: entry.window + 2 * this.options.windowMs,
        settle: (total) => {
          if (total === null) {
            entry.shared -= by;
            entry.pending += by;
          } else if (total !== 'unknown') {
            entry.shared = Math.max(entry.shared, total);
          }
        },
      });
    }
    return increments;
  }

  #entry(id: string): Entry {
    const window = this.#windowOf(this.options.clock());
    const known = this.#entries.get(id);
    if (known && known.window === window) return known;
    const entry: Entry = { window, shared: 0, pending: 0, ready: null, touched: 0 };
    entry.ready = this.options
      .read(this.#storeKey(id, window), window + 2 * this.options.windowMs)
      .then(
        (total) => void (entry.shared = total),
        // The store is unreachable: count in this process alone until it answers again.
        () => undefined,
      )
      .finally(() => (entry.ready = null));
    this.#entries.set(id, entry);
    return entry;
  }

  #syncThreshold(entry: Entry): number {
    return Math.max(1, Math.ceil((this.options.limit - entry.shared) / 4));
  }

  #windowOf(now: number): number {
    return Math.floor(now / this.options.windowMs) * this.options.windowMs;
  }

  #storeKey(id: string, window: number): string {
    return `${this.options.name}:${id}:${window}`;
  }
}
