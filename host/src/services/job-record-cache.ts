/** A serialised record is served from memory this long, so a deletion in another process applies within it. */
export const JOB_RECORD_CACHE_TTL_MS = 5_000;
const MAX_CACHED_BYTES = 32 * 1_048_576;

interface CachedRecord {
  jobId: string;
  json: Buffer;
  until: number;
}

/**
 * Serialised records of completed jobs (immutable until deleted), keyed by organization, job and
 * layout, so another organization never reads an entry it did not fill. A deletion in this
 * process evicts at once; other processes' deletions apply within the TTL. Bounded in bytes,
 * oldest entries out first.
 */
export class JobRecordCache {
  readonly #clock: () => Date;
  readonly #entries = new Map<string, CachedRecord>();
  #bytes = 0;
  /** Bumped by every eviction: a read that raced a deletion is not stored. */
  #generation = 0;

  constructor({ clock }: { clock: () => Date }) {
    this.#clock = clock;
  }

  get generation(): number {
    return this.#generation;
  }

  get(organizationId: string, jobId: string, layout: string): Buffer | null {
    const key = cacheKey(organizationId, jobId, layout);
    const cached = this.#entries.get(key);
    if (!cached) return null;
    if (cached.until > this.#clock().getTime()) return cached.json;
    this.#remove(key, cached);
    return null;
  }

  /** Stores a record read while the cache was at `generation` (from `generation`), unless a deletion came since. */
  set(organizationId: string, jobId: string, layout: string, json: Buffer, generation: number): void {
    if (generation !== this.#generation || json.length > MAX_CACHED_BYTES) return;
    const key = cacheKey(organizationId, jobId, layout);
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + json.length <= MAX_CACHED_BYTES) break;
      this.#remove(oldest, entry);
    }
    this.#entries.set(key, { jobId, json, until: this.#clock().getTime() + JOB_RECORD_CACHE_TTL_MS });
    this.#bytes += json.length;
  }

  evict(jobId: string): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (entry.jobId === jobId) this.#remove(key, entry);
  }

  #remove(key: string, entry: CachedRecord): void {
    this.#entries.delete(key);
    this.#bytes -= entry.json.length;
  }
}

function cacheKey(organizationId: string, jobId: string, layout: string): string {
  return `${organizationId}\u0000${jobId}\u0000${layout}`;
}
