/** One window's count to add in a batch. */
export interface Increment {
  key: string;
  by: number;
  /** Unix time in milliseconds after which the count may be dropped. */
  expiresAt: number;
}

/** The store every process shares: SQLite file, MySQL table or Redis. */
export interface CounterStore {
  /** Adds each increment (creating the count) and returns the new totals, in order. */
  add(increments: readonly Increment[]): Promise<number[]>;
  close(): Promise<void>;
}

/** Expired counts are deleted at most this often by the SQL stores (Redis expires its keys itself). */
export const PURGE_INTERVAL_MS = 60_000;

/** A store opened on first use, so that only the configured store's module and driver are ever loaded. */
export class DeferredCounterStore implements CounterStore {
  readonly #open: () => Promise<CounterStore>;
  #store: Promise<CounterStore> | null = null;

  constructor(open: () => Promise<CounterStore>) {
    this.#open = open;
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    this.#store ??= this.#open();
    return (await this.#store).add(increments);
  }

  async close(): Promise<void> {
    if (this.#store) await (await this.#store).close();
  }
}
