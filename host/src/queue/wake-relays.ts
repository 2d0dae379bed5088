import type { Logger } from 'pino';

/** Carries wake messages between processes: Redis pub/sub or PostgreSQL LISTEN/NOTIFY on one channel. */
export interface WakeRelay {
  /** Subscribes; resolves once subscribed. Keeps (re)connecting on its own until closed. */
  start(onMessage: (message: string) => void): Promise<void>;
  /** Sends to every subscriber, this process's included; dropped while disconnected. */
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

export type WakeRelayKind = 'redis' | 'postgres';

export function wakeRelayKind(url: string): WakeRelayKind {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') return 'redis';
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  throw new Error(`a queue wake relay must be redis:// or postgres://, not "${scheme}:"`);
}

/** A PostgreSQL relay that lost its connection tries again this often. */
const RECONNECT_MS = 1000;

/** The relay's driver (ioredis or pg) is loaded only when its URL names it. */
export async function createWakeRelay(url: string, channelName: string, logger: Logger): Promise<WakeRelay> {
  if (wakeRelayKind(url) === 'redis') {
    const { Redis } = await import('ioredis');
    return new RedisWakeRelay(new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }), channelName, logger);
  }
  const { default: pg } = await import('pg');
  return new PostgresWakeRelay(() => new pg.Client({ connectionString: url }), channelName, logger);
}

type RedisClient = import('ioredis').Redis;

/** Redis pub/sub: one connection publishes, a second subscribes (ioredis reconnects and subscribes again itself). */
class RedisWakeRelay implements WakeRelay {
  private readonly subscriber: RedisClient;

  constructor(
    private readonly publisher: RedisClient,
    private readonly channelName: string,
    private readonly logger: Logger,
  ) {
    // The subscription waits for the server however long it takes, instead of failing after a few retries.
    this.subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    for (const client of [publisher, this.subscriber]) client.on('error', (error: Error) => logger.debug({ err: error }, 'queue wake relay error'));
    let ready = false;
    this.subscriber.on('ready', () => {
      if (!ready) logger.info({ relay: 'redis' }, 'queue wake relay connected');
      ready = true;
    });
    this.subscriber.on('close', () => {
      if (ready) logger.warn({ relay: 'redis' }, 'queue wake relay lost; workers poll until it is back');
      ready = false;
    });
  }

  async start(onMessage: (message: string) => void): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channelName) onMessage(message);
    });
    await this.subscriber.subscribe(this.channelName);
  }

  async publish(message: string): Promise<void> {
    if (this.publisher.status !== 'ready') return;
    await this.publisher.publish(this.channelName, message);
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

type PgClient = import('pg').Client;

/** PostgreSQL LISTEN/NOTIFY on a connection of its own, opened again after a loss. */
class PostgresWakeRelay implements WakeRelay {
  private client: PgClient | null = null;
  private onMessage: (message: string) => void = () => undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly newClient: () => PgClient,
    private readonly channelName: string,
    private readonly logger: Logger,
  ) {}

  async start(onMessage: (message: string) => void): Promise<void> {
    this.onMessage = onMessage;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = this.newClient();
    let lost = false;
    const onLoss = (error?: Error) => {
      if (lost || this.closed) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        this.logger.warn({ err: error, relay: 'postgres' }, 'queue wake relay lost; workers poll until it is back');
      }
      client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.connect().catch(() => undefined), RECONNECT_MS);
    };
    client.on('error', onLoss);
    client.on('end', () => onLoss());
    client.on('notification', ({ channel, payload }) => {
      if (channel === this.channelName && payload) this.onMessage(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channelName.replace(/"/g, '""')}"`);
    } catch (error) {
      onLoss(error as Error);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.logger.info({ relay: 'postgres' }, 'queue wake relay connected');
  }

  async publish(message: string): Promise<void> {
    await this.client?.query('SELECT pg_notify($1, $2)', [this.channelName, message]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const { client } = this;
    this.client = null;
    await client?.end();
  }
}
