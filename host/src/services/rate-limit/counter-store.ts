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
