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

/** A place asked of the store for one request; `granted` is null until the store answered. */
interface Claim {
  granted: boolean | null;
}

interface Entry {
  /** This process's requests under way. */
  running: number;
  /** This process's value as the store last confirmed it. */
  published: number;
  /** The other processes' running requests as read at the last publication. */
  others: number;
  /** When `others` was read (ms). */
  readAt: number;
  /** Set while the first publication runs, the first time this process sees the id. */
  ready: Promise<void> | null;
  /** A place to ask of the store at the next publication (taken by `collect`). */
  claim: Claim | null;
  /** Set while a request is being confirmed: the next requests wait for it, so one burst asks for one place at a time. */
  confirming: Promise<boolean> | null;
  touched: number;
}

export interface ConcurrencyCounterOptions {
  limit: number;
  clock: () => number;
  /** The others' count read this recently is trusted to refuse a request without asking the store. */
  freshMs: number;
  /** Publishes every counter's values and reads the other processes' (RateLimitService.sync). */
  sync(): Promise<void>;
}

/**
 * Requests under way per id across every process. Each process publishes, per id, its own absolute
 * count under its process id (CounterStore.publish), so a write that is retried or fails after being
 * applied can never inflate the total, and the counts of a process that died expire by themselves.
 * A request is decided from this process's count plus the others' as last read: admitted at once
 * while this process's unpublished admissions stay within a quarter of the places it knows to be
 * free; refused at once when the others' count read within `freshMs` leaves no place; else claimed
 * in the store by a check-and-set (CounterStore.publish with a claim): this process's count plus one
 * is written only if it fits with the others' counts read in the same atomic step, and the count
 * without it otherwise, so a refused claim leaves nothing behind and two processes claiming the
 * last place cannot both get it nor both be refused. One claim per id at a time; while the store
 * does not answer, the claim is decided from the others' count as last read.
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

  /** Every id in use with this process's current count (plus one, claimed, where a claim waits), as gauges for the store; forgets the ids long unused. */
  collect(): PendingGauge[] {
    const now = this.options.clock();
    const gauges: PendingGauge[] = [];
    for (const [id, entry] of this.#entries) {
      if (entry.running === 0 && entry.published === 0 && !entry.ready && !entry.claim && !entry.confirming && now - entry.touched > REFRESH_AFTER_USE_MS) {
        this.#entries.delete(id);
        continue;
      }
      const { claim, running } = entry;
      entry.claim = null;
      const value = claim ? running + 1 : running;
      const { limit } = this.options;
      gauges.push({
        key: `conc:${id}`,
        value,
        ...(claim && { claim: { limit, fallback: running } }),
        settle: (others) => {
          if (others === null) return;
          entry.others = others;
          entry.readAt = now;
          if (!claim) {
            entry.published = value;
            return;
          }
          // The store wrote `value` or `fallback` by this same comparison.
          claim.granted = value + others <= limit;
          entry.published = claim.granted ? value : running;
          if (claim.granted) {
            entry.running += 1;
            entry.touched = this.options.clock();
          }
        },
      });
    }
    return gauges;
  }

  /** Gauges of 0 for every id this process may have published, for a process that stops: its counts need not wait for their expiry. */
  withdraw(): Gauge[] {
    return [...this.#entries.keys()].map((id) => ({ key: `conc:${id}`, value: 0 }));
  }

  #take(entry: Entry): boolean | Promise<boolean> {
    if (entry.confirming) return entry.confirming.then(() => this.#take(entry));
    const { limit, clock, freshMs } = this.options;
    if (entry.running >= limit) return false;
    const others = this.#others(entry);
    const after = entry.running + 1;
    const unpublished = after - entry.published;
    const atOnce = unpublished <= 0 ? after + others <= limit : unpublished * 4 <= limit - entry.published - others;
    if (atOnce) {
      entry.running = after;
      entry.touched = clock();
      return true;
    }
    if (after + others > limit && clock() - entry.readAt <= freshMs) return false;
    const confirming = this.#confirm(entry).finally(() => (entry.confirming = null));
    entry.confirming = confirming;
    return confirming;
  }

  async #confirm(entry: Entry): Promise<boolean> {
    const claim: Claim = { granted: null };
    entry.claim = claim;
    try {
      await this.options.sync();
    } finally {
      if (entry.claim === claim) entry.claim = null;
    }
    if (claim.granted !== null) return claim.granted;
    // The store did not answer: decide from the others' count as last read.
    if (entry.running + 1 + this.#others(entry) > this.options.limit) return false;
    entry.running += 1;
    entry.touched = this.options.clock();
    return true;
  }

  /** The others' count, unless it was read longer ago than their counts live (the store not answering): then this process counts alone. */
  #others(entry: Entry): number {
    return this.options.clock() - entry.readAt <= RUNNING_TTL_MS ? entry.others : 0;
  }

  #newEntry(id: string): Entry {
    const entry: Entry = { running: 0, published: 0, others: 0, readAt: 0, ready: null, claim: null, confirming: null, touched: this.options.clock() };
    this.#entries.set(id, entry);
    entry.ready = this.options
      .sync()
      .catch(() => undefined)
      .finally(() => (entry.ready = null));
    return entry;
  }
}
