import { expect } from 'chai';
import { createQueueBackend, queueBackendKind } from '../../../host/src/queue/index.js';
import { sqliteDatabase } from './support.js';

describe('queue backend selection from DOCSIFT_QUEUE_URL', function () {
  it('maps each scheme to its backend', () => {
    expect(queueBackendKind(undefined)).to.equal('typeorm');
    expect(queueBackendKind('')).to.equal('typeorm');
    expect(queueBackendKind('redis://127.0.0.1:6379')).to.equal('redis');
    expect(queueBackendKind('rediss://cache.example:6380')).to.equal('redis');
    expect(queueBackendKind('postgres://u@db/queue')).to.equal('postgres');
    expect(queueBackendKind('postgresql://u@db/queue')).to.equal('postgres');
    expect(queueBackendKind('mongodb://db/queue')).to.equal('mongodb');
    expect(queueBackendKind('mongodb+srv://cluster.example/queue')).to.equal('mongodb');
  });

  it('refuses an unknown scheme, naming the setting', () => {
    expect(() => queueBackendKind('amqp://broker')).to.throw(/DOCSIFT_QUEUE_URL.*amqp/);
  });

  it('builds the MongoDB backend without contacting a server (MongoDB is not tested here)', async () => {
    const backend = await createQueueBackend({ queueUrl: 'mongodb://127.0.0.1:1/docsift' });
    expect(backend.name).to.match(/mongo/i);
  });

  it('needs the DataSource for the default backend, and uses it', async () => {
    const refusal = await createQueueBackend({}).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refusal?.message).to.match(/DataSource/);
    const database = sqliteDatabase();
    try {
      const backend = await createQueueBackend({ dataSource: await database.open(), storeName: database.tableName });
      expect(backend).to.include({ name: 'TypeORM', ownsConnection: false });
      await backend.connect();
    } finally {
      await database.cleanup();
    }
  });
});
