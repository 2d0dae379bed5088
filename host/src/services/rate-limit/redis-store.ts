import { Redis } from 'ioredis';
import type { CounterStore, FailureRecord, Gauge, Increment } from './counter-store.js';

/**
 * KEYS: one hash per gauge, a field per process holding "sequence value expiresAt"; ARGV: process
 * id, sequence, ttl, then per gauge its value, its claim's limit (-1: no claim) and fallback. Drops
 * the fields past their expiry by the server's clock, sums the others', sets this process's field
 * (unless a later sequence is there; for a claim, the fallback when the value does not fit), and
 * returns the others' sums.
 */
const PUBLISH_GAUGES = `
local id, sequence, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local totals = {}
for i, key in ipairs(KEYS) do
  local value, limit, fallback = tonumber(ARGV[3 * i + 1]), tonumber(ARGV[3 * i + 2]), tonumber(ARGV[3 * i + 3])
  local total = 0
  local fields = redis.call('HGETALL', key)
  for j = 1, #fields, 2 do
    local amount, expiresAt = string.match(fields[j + 1], '^%d+ (%d+) (%d+)$')
    if tonumber(expiresAt) <= now then redis.call('HDEL', key, fields[j])
    elseif fields[j] ~= id then total = total + tonumber(amount) end
  end
  if limit >= 0 and value + total > limit then value = fallback end
  local mine = redis.call('HGET', key, id)
  if not mine or tonumber(string.match(mine, '^(%d+)')) <= sequence then
    redis.call('HSET', key, id, ARGV[2] .. ' ' .. string.format('%d', value) .. ' ' .. string.format('%d', now + ttl))
  end
  redis.call('PEXPIRE', key, ttl)
  totals[i] = total
end
return totals
`;

/** KEYS: the record; ARGV: at, keepMs. A record past its expiry starts again from one. */
const ADD_FAILURE = `
local at, keep = tonumber(ARGV[1]), tonumber(ARGV[2])
local record = redis.call('HMGET', KEYS[1], 'failures', 'lastAt', 'expiresAt')
local failures, lastAt, expiresAt = tonumber(record[1]) or 0, tonumber(record[2]) or 0, tonumber(record[3]) or 0
if expiresAt <= at then failures = 0 end
failures = failures + 1
lastAt = math.max(lastAt, at)
expiresAt = math.max(expiresAt, at + keep)
redis.call('HSET', KEYS[1], 'failures', failures, 'lastAt', string.format('%d', lastAt), 'expiresAt', string.format('%d', expiresAt))
redis.call('PEXPIRE', KEYS[1], keep)
return {failures, string.format('%d', lastAt)}
`;

interface ScriptedRedis extends Redis {
  publishGauges(keyCount: number, ...args: Array<string | number>): Promise<number[]>;
  addFailure(key: string, at: number, keepMs: number): Promise<[number, string]>;
}

/** How long the first commands wait for the first connection before they fail. */
const CONNECT_WAIT_MS = 1_000;

/** Counts in Redis: one pipeline of INCRBY + PEXPIREAT per batch of windows, one script per publication. */
export class RedisCounterStore implements CounterStore {
  readonly #redis: ScriptedRedis;
  #firstConnectionOver = false;

  constructor(url: string) {
    // A command unanswered when the connection drops is not sent again: an INCRBY or a failure count applied twice would count twice.
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, autoResendUnfulfilledCommands: false });
    redis.defineCommand('publishGauges', { lua: PUBLISH_GAUGES });
    redis.defineCommand('addFailure', { lua: ADD_FAILURE, numberOfKeys: 1 });
    redis.on('error', () => undefined);
    redis.once('ready', () => (this.#firstConnectionOver = true));
    this.#redis = redis as ScriptedRedis;
  }

  async add(increments: readonly Increment[]): Promise<number[]> {
    await this.#connected();
    const pipeline = this.#redis.pipeline();
    for (const { key, by, expiresAt } of increments) pipeline.incrby(`rl:${key}`, by).pexpireat(`rl:${key}`, expiresAt);
    const results = (await pipeline.exec()) ?? [];
    return increments.map((_, i) => {
      const [error, total] = results[2 * i] ?? [new Error('no reply')];
      if (error) throw error;
      return Number(total);
    });
  }

  async publish(processId: string, sequence: number, gauges: readonly Gauge[], ttlMs: number): Promise<number[]> {
    if (gauges.length === 0) return [];
    await this.#connected();
    const totals = await this.#redis.publishGauges(
      gauges.length,
      ...gauges.map((gauge) => `rr:${gauge.key}`),
      processId,
      sequence,
      ttlMs,
      ...gauges.flatMap(({ value, claim }) => [value, claim?.limit ?? -1, claim?.fallback ?? 0]),
    );
    return totals.map(Number);
  }

  async addFailure(key: string, at: number, keepMs: number): Promise<FailureRecord> {
    await this.#connected();
    const [count, lastAt] = await this.#redis.addFailure(`lf:${key}`, at, keepMs);
    return { count: Number(count), lastAt: Number(lastAt) };
  }

  async readFailures(key: string, now: number): Promise<FailureRecord | null> {
    await this.#connected();
    const [failures, lastAt, expiresAt] = await this.#redis.hmget(`lf:${key}`, 'failures', 'lastAt', 'expiresAt');
    if (failures === null || Number(expiresAt) <= now) return null;
    return { count: Number(failures), lastAt: Number(lastAt) };
  }

  async clearFailures(key: string): Promise<void> {
    await this.#connected();
    await this.#redis.del(`lf:${key}`);
  }

  /**
   * Commands are not queued while the connection is down: they fail at once, and the limits are
   * counted in each process until Redis is back. Only the first commands wait, briefly, for the
   * first connection.
   */
  #connected(): Promise<void> {
    const redis = this.#redis;
    if (redis.status === 'ready') return Promise.resolve();
    if (this.#firstConnectionOver) return Promise.reject(new Error(`Redis is not connected (${redis.status})`));
    return new Promise((resolve, reject) => {
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        redis.off('ready', ready);
        this.#firstConnectionOver = true;
        reject(new Error(`Redis is not connected (${redis.status})`));
      }, CONNECT_WAIT_MS).unref();
      redis.once('ready', ready);
    });
  }

  close(): Promise<void> {
    this.#redis.disconnect();
    return Promise.resolve();
  }
}
