import type { AgendaBackend } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { RedisBackend } from '@agendajs/redis-backend';
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

export function createQueueBackend(options: QueueBackendOptions): AgendaBackend {
  const { queueUrl, storeName } = options;
  switch (queueBackendKind(queueUrl)) {
    case 'redis':
      return new RedisBackend({
        connectionString: queueUrl,
        ...(storeName ? { keyPrefix: `${storeName}:`, channelName: `${storeName}:notifications` } : {}),
      });
    case 'postgres':
      return new PostgresBackend({
        connectionString: queueUrl,
        ...(storeName ? { tableName: storeName, channelName: storeName } : {}),
      });
    case 'mongodb':
      return new MongoBackend({ address: queueUrl!, ...(storeName ? { collection: storeName } : {}) });
    case 'typeorm':
      if (!options.dataSource) throw new Error('the TypeORM queue backend needs the host DataSource');
      return new TypeormBackend(options.dataSource, storeName ? { tableName: storeName } : {});
  }
}
