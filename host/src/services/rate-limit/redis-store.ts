import { Redis } from 'ioredis';
import type { CounterStore, Increment } from './counter-store.js';

/** Counts in Redis: one pipeline of INCRBY + PEXPIREAT per batch. */
export class RedisCounterStore implements CounterStore {
  readonly #redis: Redis;

  constructor(url: string) {
    this.#redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#redis.on('error', () => undefined);
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    const pipeline = this.#redis.pipeline();
    for (const { key, by, expiresAt } of increments) pipeline.incrby(`rl:${key}`, by).pexpireat(`rl:${key}`, expiresAt);
    const results = (await pipeline.exec()) ?? [];
    return increments.map((_, i) => {
      const [error, total] = results[2 * i] ?? [new Error('no reply')];
      if (error) throw error;
      return Number(total);
    });
  }

  close(): Promise<void> {
    this.#redis.disconnect();
    return Promise.resolve();
  }
}
