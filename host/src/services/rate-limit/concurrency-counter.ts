import type { PendingIncrement } from './window-counter.js';

/**
 * A process adds its running requests afresh to a new count this often, so the requests of a
 * process that died without ending them stop counting within this time.
 */
export const CONCURRENCY_EPOCH_MS = 10_000;

interface Entry {
  /** This process's requests under way. */
  running: number;
  epoch: number;
  /** What this process has added to the epoch's shared count. */
  added: number;
  /** The epoch's shared count as last read: every process's running requests, this one's included. */
  shared: number;
  /** When this process last admitted a request here (ms). */
  touched: number;
  /** Set while the shared count is read, the first time this process sees the id. */
  ready: Promise<void> | null;
}

export interface ConcurrencyCounterOptions {
  limit: number;
  clock: () => number;
  /** Reads a shared count (adding 0). */
  read(key: string, expiresAt: number): Promise<number>;
}

/**
 * Requests under way per id across every process, decided in memory from this process's own count
 * plus the other processes' as last read from the shared store: each process adds the change in
 * its running requests at every synchronisation, so the limit is exact within a process and exact
 * up to one synchronisation across processes. The shared count starts again every
 * CONCURRENCY_EPOCH_MS, each process adding its running requests to the new one.
 */
export class ConcurrencyCounter {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly options: ConcurrencyCounterOptions) {}

  /** True (and counted until `release`) when the id has a place left; a promise the first time this process sees the id. */
  take(id: string): boolean | Promise<boolean> {
    const entry = this.#entries.get(id) ?? this.#newEntry(id);
    return entry.ready ? entry.ready.then(() => this.#decide(entry)) : this.#decide(entry);
  }

  #decide(entry: Entry): boolean {
    const others = Math.max(0, entry.shared - entry.added);
    if (entry.running + others >= this.options.limit) return false;
    entry.running += 1;
    entry.touched = this.options.clock();
    return true;
  }

  #newEntry(id: string): Entry {
    const now = this.options.clock();
    const epoch = this.#epochOf(now);
    const entry: Entry = { running: 0, epoch, added: 0, shared: 0, touched: now, ready: null };
    entry.ready = this.options
      .read(this.#storeKey(id, epoch), epoch + 2 * CONCURRENCY_EPOCH_MS)
      .then(
        (total) => {
          if (entry.epoch === epoch) entry.shared = total;
        },
        // The store is unreachable: count in this process alone until it answers again.
        () => undefined,
      )
      .finally(() => (entry.ready = null));
    this.#entries.set(id, entry);
    return entry;
  }

  release(id: string): void {
    const entry = this.#entries.get(id);
    if (entry && entry.running > 0) entry.running -= 1;
  }

  /** The change in each id's running requests since the last synchronisation, as increments for the store. */
  collect(): PendingIncrement[] {
    const now = this.options.clock();
    const epoch = this.#epochOf(now);
    const increments: PendingIncrement[] = [];
    for (const [id, entry] of this.#entries) {
      if (entry.ready) continue;
      if (entry.epoch !== epoch) Object.assign(entry, { epoch, added: 0, shared: 0 });
      const by = entry.running - entry.added;
      if (by === 0 && entry.running === 0 && now - entry.touched > CONCURRENCY_EPOCH_MS) {
        this.#entries.delete(id);
        continue;
      }
      entry.added += by;
      increments.push({
        key: this.#storeKey(id, epoch),
        by,
        expiresAt: epoch + 2 * CONCURRENCY_EPOCH_MS,
        settle: (total) => {
          if (entry.epoch !== epoch) return;
          if (total === null) {
            // The store is unreachable: count in this process alone until it answers again.
            entry.added -= by;
            entry.shared = entry.added;
          } else entry.shared = total;
        },
      });
    }
    return increments;
  }

  #storeKey(id: string, epoch: number): string {
    return `conc:${id}:${epoch}`;
  }

  #epochOf(now: number): number {
    return Math.floor(now / CONCURRENCY_EPOCH_MS) * CONCURRENCY_EPOCH_MS;
  }
}
