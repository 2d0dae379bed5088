import type { Gauge } from './counter-store.js';

/**
 * How long a process's published running requests count without a new publication: the requests
 * of a process that died stop counting within this time. A live process publishes every
 * synchronisation (200 ms).
 */
export const RUNNING_TTL_MS = 5_000;

/** Ids this process used this recently are published at every synchronisation, even with nothing running. */
const REFRESH_AFTER_USE_MS = 5_000;

/** This process's running requests under one id, to publish; `settle` receives the other processes' sum, or null when the store failed. */
export interface PendingGauge extends Gauge {
  settle(othersRunning: number | null): void;
}

interface Entry {
  /** This process's requests under way, those being confirmed included. */
  running: number;
  /** This process's value as the store last confirmed it. */
  published: number;
  /** The other processes' running requests as read at the last publication. */
  others: number;
  /** When `others` was read (ms). */
  readAt: number;
  /** Set while the first publication runs, the first time this process sees the id. */
  ready: Promise<void> | null;
  /** Set while a request is being confirmed: the next requests wait for it, so one burst reserves one place at a time. */
  confirming: Promise<boolean> | null;
  touched: number;
}

export interface ConcurrencyCounterOptions {
  limit: number;
  clock: () => number;
  /** Publishes every counter's values and reads the other processes' (RateLimitService.sync). */
  sync(): Promise<void>;
}

/**
 * Requests under way per id across every process. Each process publishes, per id, its own absolute
 * count under its process id (CounterStore.publish), so a write that is retried or fails after being
 * applied can never inflate the total, and the counts of a process that died expire by themselves.
 * A request is decided from this process's count plus the others' as last read: at once while this
 * process's unpublished admissions stay within a quarter of the places it knows to be free; else it
 * is counted, published and checked against the others' values read after that write (so two
 * processes confirming at once cannot both take the last place), and given back if over the limit;
 * one request of an id at a time is confirmed.
 */
export class ConcurrencyCounter {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly options: ConcurrencyCounterOptions) {}

  /** True (and counted until `release`) when the id has a place left; a promise when the store must answer first. */
  take(id: string): boolean | Promise<boolean> {
    const entry = this.#entries.get(id) ?? this.#newEntry(id);
    return entry.ready ? entry.ready.then(() => this.#take(entry)) : this.#take(entry);
  }

  release(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry || entry.running === 0) return;
    entry.running -= 1;
    entry.touched = this.options.clock();
  }

  /** Every id in use with this process's current count, as gauges for the store; forgets the ids long unused. */
  collect(): PendingGauge[] {
    const now = this.options.clock();
    const gauges: PendingGauge[] = [];
    for (const [id, entry] of this.#entries) {
      if (entry.running === 0 && entry.published === 0 && !entry.ready && now - entry.touched > REFRESH_AFTER_USE_MS) {
        this.#entries.delete(id);
        continue;
      }
      const value = entry.running;
      gauges.push({
        key: `conc:${id}`,
        value,
        settle: (others) => {
          if (others === null) return;
          entry.published = value;
          entry.others = others;
          entry.readAt = now;
        },
      });
    }
    return gauges;
  }

  #take(entry: Entry): boolean | Promise<boolean> {
    if (entry.confirming) return entry.confirming.then(() => this.#take(entry));
    const { limit } = this.options;
    if (entry.running >= limit) return false;
    const others = this.#others(entry);
    const after = entry.running + 1;
    const unpublished = after - entry.published;
    const atOnce = unpublished <= 0 ? after + others <= limit : unpublished * 4 <= limit - entry.published - others;
    if (!atOnce) {
      const confirming = this.#confirm(entry).finally(() => (entry.confirming = null));
      entry.confirming = confirming;
      return confirming;
    }
    entry.running = after;
    entry.touched = this.options.clock();
    return true;
  }

  async #confirm(entry: Entry): Promise<boolean> {
    entry.running += 1;
    entry.touched = this.options.clock();
    await this.options.sync();
    if (entry.running + this.#others(entry) <= this.options.limit) return true;
    entry.running -= 1;
    return false;
  }

  /** The others' count, unless it was read longer ago than their counts live (the store not answering): then this process counts alone. */
  #others(entry: Entry): number {
    return this.options.clock() - entry.readAt <= RUNNING_TTL_MS ? entry.others : 0;
  }

  #newEntry(id: string): Entry {
    const entry: Entry = { running: 0, published: 0, others: 0, readAt: 0, ready: null, confirming: null, touched: this.options.clock() };
    this.#entries.set(id, entry);
    entry.ready = this.options
      .sync()
      .catch(() => undefined)
      .finally(() => (entry.ready = null));
    return entry;
  }
}
