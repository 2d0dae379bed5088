import type { AgendaBackend } from 'agenda';
import type { DataSource } from 'typeorm';
import { TypeormBackend } from './typeorm-backend/index.js';

/** Where the queue lives: the host's database (default) or one of Agenda's official backends. */
export type QueueBackendKind = 'typeorm' | 'redis' | 'postgres' | 'mongodb';

export interface QueueBackendOptions {
  dataSource?: DataSource;
  queueUrl?: string;
  /** Table, collection or key prefix; each backend has its own default. */
  storeName?: string;
}

export function queueBackendKind(queueUrl: string | undefined): QueueBackendKind {
  if (queueUrl === undefined || queueUrl === '') return 'typeorm';
  const scheme = queueUrl.slice(0, queueUrl.indexOf(':')).toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') return 'redis';
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'mongodb' || scheme === 'mongodb+srv') return 'mongodb';
  throw new Error(`DOCSIFT_QUEUE_URL must be redis://, postgres:// or mongodb://, not "${scheme}:"`);
}

/** Agenda's Redis, PostgreSQL and MongoDB backends (and their drivers) are loaded only when the URL names them. */
export async function createQueueBackend(options: QueueBackendOptions): Promise<AgendaBackend> {
  const { queueUrl, storeName } = options;
  switch (queueBackendKind(queueUrl)) {
    case 'redis': {
      const { RedisBackend } = await import('@agendajs/redis-backend');
      return new RedisBackend({
        connectionString: queueUrl,
        ...(storeName ? { keyPrefix: `${storeName}:`, channelName: `${storeName}:notifications` } : {}),
      });
    }
    case 'postgres': {
      const { PostgresBackend } = await import('@agendajs/postgres-backend');
      return new PostgresBackend({
        connectionString: queueUrl,
        ...(storeName ? { tableName: storeName, channelName: storeName } : {}),
      });
    }
    case 'mongodb': {
      const { MongoBackend } = await import('@agendajs/mongo-backend');
      return new MongoBackend({ address: queueUrl!, ...(storeName ? { collection: storeName } : {}) });
    }
    case 'typeorm':
      if (!options.dataSource) throw new Error('the TypeORM queue backend needs the host DataSource');
      return new TypeormBackend(options.dataSource, storeName ? { tableName: storeName } : {});
  }
}
