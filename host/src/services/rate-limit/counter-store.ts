/** One window's count to add in a batch. */
export interface Increment {
  key: string;
  by: number;
  /** Unix time in milliseconds after which the count may be dropped. */
  expiresAt: number;
}

/** This process's current amount under one key (its requests running with one API key, its bytes reserved for one organization). */
export interface Gauge {
  key: string;
  value: number;
  /**
   * Makes the write a check-and-set: `value` is written only if, with the other processes' sum read
   * in the same atomic step, it stays within `limit`; otherwise `fallback` is written.
   */
  claim?: { limit: number; fallback: number };
}

/** Failed attempts under one key: how many in a row, and when the latest was (Unix ms). */
export interface FailureRecord {
  count: number;
  lastAt: number;
}

/** The store every process shares: SQLite file, MySQL table or Redis. */
export interface CounterStore {
  /** Adds each increment (creating the count) and returns the new totals, in order. */
  add(increments: readonly Increment[]): Promise<number[]>;
  /**
   * Sets this process's value of each gauge, live for `ttlMs` by the store's clock, and returns per
   * gauge the sum of the other processes' live values. The values are absolute and `sequence` rises
   * with each call of a process, so a write retried, or applied after a later one, never counts twice
   * nor overrides a newer value; a process that stops publishing stops counting after `ttlMs`. A
   * gauge with a `claim` is decided against the others' sum atomically: of two processes claiming
   * the last place at once, one sees the other's claim.
   */
  publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]>;
  /** Counts one failure at `at` (a record whose latest failure is `keepMs` old starts again from one) and returns the record. */
  addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord>;
  /** The record of `key`, unless it was kept past `now` (its latest failure `keepMs` before). */
  readFailures(key: string, now: number): Promise<FailureRecord | null>;
  clearFailures(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Expired counts are deleted at most this often by the SQL stores (Redis expires its keys itself). */
export const PURGE_INTERVAL_MS = 60_000;

/** How long a call to the store may take before the caller goes on without its answer. */
export const STORE_TIMEOUT_MS = 2_000;

/** The store did not answer in time: the call may still have been applied, or may be later. */
export class StoreTimeoutError extends Error {
  constructor(operation: string) {
    super(`The counter store did not answer ${operation} within ${STORE_TIMEOUT_MS} ms`);
    this.name = 'StoreTimeoutError';
  }
}

/**
 * Every call given up after STORE_TIMEOUT_MS (StoreTimeoutError), so a hung query never blocks the
 * requests that wait for the store. An `add` given up on may still be applied: callers must not
 * count it again.
 */
export class TimedCounterStore implements CounterStore {
  constructor(private readonly store: CounterStore) {}

  add(increments: readonly Increment[]): Promise<number[]> {
    return withinTimeout('add', this.store.add(increments));
  }

  publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    return withinTimeout('publish', this.store.publish(processId, sequence, gauges, ttlMs));
  }

  addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord> {
    return withinTimeout('addFailure', this.store.addFailure(key, at, keepMs));
  }

  readFailures(key: string, now: number): Promise<FailureRecord | null> {
    return withinTimeout('readFailures', this.store.readFailures(key, now));
  }

  clearFailures(key: string): Promise<void> {
    return withinTimeout('clearFailures', this.store.clearFailures(key));
  }

  close(): Promise<void> {
    return withinTimeout('close', this.store.close());
  }
}

function withinTimeout<T>(operation: string, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(operation)), STORE_TIMEOUT_MS).unref();
  });
  call.catch(() => undefined);
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** A store opened on first use, so that only the configured store's module and driver are ever loaded. */
export class DeferredCounterStore implements CounterStore {
  readonly #open: () => Promise<CounterStore>;
  #store: Promise<CounterStore> | null = null;

  constructor(open: () => Promise<CounterStore>) {
    this.#open = open;
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    return (await this.#opened()).add(increments);
  }

  async publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    return (await this.#opened()).publish(processId, sequence, gauges, ttlMs);
  }

  async addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord> {
    return (await this.#opened()).addFailure(key, at, keepMs);
  }

  async readFailures(key: string, now: number): Promise<FailureRecord | null> {
    return (await this.#opened()).readFailures(key, now);
  }

  async clearFailures(key: string): Promise<void> {
    return (await this.#opened()).clearFailures(key);
  }

  async close(): Promise<void> {
    if (this.#store) await (await this.#store).close();
  }

  /** A store that failed to open is forgotten: the next use tries again. */
  #opened(): Promise<CounterStore> {
    if (!this.#store) {
      const opening: Promise<CounterStore> = this.#open().catch((error: unknown) => {
        if (this.#store === opening) this.#store = null;
        throw error;
      });
      this.#store = opening;
    }
    return this.#store;
  }
}
