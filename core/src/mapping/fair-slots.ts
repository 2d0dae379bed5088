interface Tenant<T> {
  /** Slots this tenant holds now. */
  holding: number;
  /** When it was last handed a slot (a counter); 0 for never. */
  servedAt: number;
  waiting: Array<(slot: T) => void>;
}

/**
 * A few interchangeable slots (the sandbox's isolates) shared by tenants (organizations). No tenant
 * holds more than all slots but one (one slot: that one), so with two or more slots a tenant with a
 * queue of slow runs always leaves a slot to the others. A slot that comes free goes to the waiting
 * tenant, under that cap, holding the fewest slots, and among those to the one served least
 * recently: tenants with queues take turns instead of waiting behind each other's whole queue.
 */
export class FairSlots<T> {
  readonly #free: T[];
  readonly #maxPerTenant: number;
  readonly #tenants = new Map<string, Tenant<T>>();
  #served = 0;

  constructor(slots: readonly T[]) {
    this.#free = [...slots];
    this.#maxPerTenant = Math.max(1, slots.length - 1);
  }

  /** A slot for `tenant`: at once when one is free and the tenant is under the cap, otherwise at its turn. */
  acquire(tenant: string): Promise<T> {
    const state = this.#tenant(tenant);
    if (state.holding < this.#maxPerTenant && state.waiting.length === 0) {
      const slot = this.#free.pop();
      if (slot !== undefined) return Promise.resolve(this.#hand(state, slot));
    }
    return new Promise((resolve) => state.waiting.push(resolve));
  }

  /** Gives back a slot `tenant` acquired (possibly a replacement for it); the next turn gets it. */
  release(tenant: string, slot: T): void {
    const state = this.#tenants.get(tenant);
    if (state) state.holding -= 1;
    const next = this.#nextWaiting();
    if (next) {
      next.waiting.shift()!(this.#hand(next, slot));
    } else {
      this.#free.push(slot);
    }
    if (state && state.holding === 0 && state.waiting.length === 0) this.#tenants.delete(tenant);
  }

  #tenant(name: string): Tenant<T> {
    let state = this.#tenants.get(name);
    if (!state) {
      state = { holding: 0, servedAt: 0, waiting: [] };
      this.#tenants.set(name, state);
    }
    return state;
  }

  #hand(state: Tenant<T>, slot: T): T {
    state.holding += 1;
    this.#served += 1;
    state.servedAt = this.#served;
    return slot;
  }

  #nextWaiting(): Tenant<T> | undefined {
    let best: Tenant<T> | undefined;
    for (const state of this.#tenants.values()) {
      if (state.waiting.length === 0 || state.holding >= this.#maxPerTenant) continue;
      if (!best || state.holding < best.holding || (state.holding === best.holding && state.servedAt < best.servedAt)) best = state;
    }
    return best;
  }
}
