import { randomUUID } from 'node:crypto';
import type { CounterStore } from './rate-limit/counter-store.js';
import type { RateLimitService } from './rate-limit.service.js';

/** How long a process's published reservations count without a new publication: a process that died frees them within it. */
export const RESERVATION_TTL_MS = 10_000;
/** How often a process publishes its reservations again while it holds any (uploads to object storage may take a while). */
const REFRESH_MS = 2_000;

export interface Reservation {
  /**
   * The bytes other submissions under way hold reserved for the organization: the other processes'
   * (read after this reservation was published) and this process's earlier ones.
   */
  othersBytes: number;
  release(): Promise<void>;
}

/**
 * Bytes of submissions under way per organization, from the quota check until their job row is
 * written, published to the counter store as this process's absolute total per organization
 * (CounterStore.publish). A reservation is published before the quota is checked and released only
 * once the job row is written or the submission failed, so a check always sees another upload,
 * either as a reservation or in the job rows, and of two uploads checked at once in different
 * processes at least one reads the other's reservation (in one process, the later one counts the
 * earlier): concurrent submissions cannot pass the quota together. Two that race for the last
 * space in different processes may both be refused.
 */
export class StorageReservations {
  readonly #store: CounterStore;
  readonly #processId = randomUUID();
  #sequence = 0;
  /** This process's reserved bytes per organization; an organization stays (at 0) until a publication of its 0 succeeded. */
  readonly #reserved = new Map<string, number>();
  #publishing: Promise<unknown> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;

  constructor({ rateLimitService }: { rateLimitService: RateLimitService }) {
    this.#store = rateLimitService.counterStore;
    this.#timer = setInterval(() => {
      if (this.#reserved.size > 0) this.#publish([...this.#reserved.keys()]).catch(() => undefined);
    }, REFRESH_MS).unref();
    rateLimitService.beforeClose(() => this.#withdraw());
  }

  /** While the store does not answer, `othersBytes` is 0: each process checks the quota on its own. */
  async reserve(organizationId: string, bytes: number): Promise<Reservation> {
    const earlier = this.#reserved.get(organizationId) ?? 0;
    this.#reserved.set(organizationId, earlier + bytes);
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.#reserved.set(organizationId, Math.max(0, (this.#reserved.get(organizationId) ?? bytes) - bytes));
      await this.#publish([organizationId]).catch(() => undefined);
    };
    const [otherProcesses] = await this.#publish([organizationId]).catch(() => [0]);
    return { othersBytes: earlier + (otherProcesses ?? 0), release };
  }

  close(): void {
    clearInterval(this.#timer);
  }

  /** Publishes 0 for every organization, for a process that stops (RateLimitService.beforeClose). */
  async #withdraw(): Promise<void> {
    clearInterval(this.#timer);
    for (const id of this.#reserved.keys()) this.#reserved.set(id, 0);
    if (this.#reserved.size > 0) await this.#publish([...this.#reserved.keys()]);
  }

  /**
   * One publication after another, each with the totals of its moment, so their sequence numbers
   * follow the changes. An organization published at 0 is forgotten once the store has it.
   */
  #publish(organizationIds: string[]): Promise<number[]> {
    const published = this.#publishing.then(async () => {
      this.#sequence += 1;
      const gauges = organizationIds.map((id) => ({ key: `quota:${id}`, value: this.#reserved.get(id) ?? 0 }));
      const others = await this.#store.publish(this.#processId, this.#sequence, gauges, RESERVATION_TTL_MS);
      for (const { key, value } of gauges) {
        const id = key.slice('quota:'.length);
        if (value === 0 && this.#reserved.get(id) === 0) this.#reserved.delete(id);
      }
      return others;
    });
    this.#publishing = published.catch(() => undefined);
    return published;
  }
}
