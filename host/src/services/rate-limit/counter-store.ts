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

  /** A store that failed to open is forgotten: the next use tries again. */
  async add(increments: readonly Increment[]): Promise<number[]> {
    if (!this.#store) {
      const opening: Promise<CounterStore> = this.#open().catch((error: unknown) => {
        if (this.#store === opening) this.#store = null;
        throw error;
      });
      this.#store = opening;
    }
    return (await this.#store).add(increments);
  }

  async close(): Promise<void> {
    if (this.#store) await (await this.#store).close();
  }
}
