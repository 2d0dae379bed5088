const MAX_CACHED_BYTES = 32 * 1_048_576;

interface CachedRecord {
  jobId: string;
  json: Buffer;
}

/**
 * Serialised records of completed, uncorrected jobs (immutable until deleted or corrected), keyed by
 * organization, job and layout, so another organization never reads an entry it did not fill. An
 * entry only saves reading and serialising the row: before serving it, the caller checks that the
 * job still exists uncorrected (one indexed lookup, `DocumentService.cachedJson`), so a deletion or
 * correction by any process applies at once and nothing depends on a message between processes. Evicting on delete only frees the memory. Bounded
 * in bytes, oldest entries out first.
 */
export class JobRecordCache {
  readonly #entries = new Map<string, CachedRecord>();
  #bytes = 0;

  get(organizationId: string, jobId: string, layout: string): Buffer | null {
    return this.#entries.get(cacheKey(organizationId, jobId, layout))?.json ?? null;
  }

  set(organizationId: string, jobId: string, layout: string, json: Buffer): void {
    if (json.length > MAX_CACHED_BYTES) return;
    const key = cacheKey(organizationId, jobId, layout);
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes + json.length <= MAX_CACHED_BYTES) break;
      this.#remove(oldest, entry);
    }
    this.#entries.set(key, { jobId, json });
    this.#bytes += json.length;
  }

  evict(jobId: string): void {
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
