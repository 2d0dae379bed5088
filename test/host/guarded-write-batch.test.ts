import { createRequire } from 'node:module';
import { expect } from 'chai';
import { guardedWrite } from '../../host/src/persistence/guarded-write.js';
import { startHarness, type Harness } from './support/harness.js';
import { TEST_DATABASES } from './support/test-databases.js';

interface Connection {
  function(name: string, fn: () => unknown): void;
  prepare(sql: string): { all(): unknown[]; get(): unknown };
  close(): void;
}
/** better-sqlite3 (TypeORM's SQLite driver), which ships no type declarations. */
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => Connection;

describe('host: guarded writes on SQLite arriving together share one commit', () => {
  let h: Harness;
  let reader: Connection;
  before(async () => {
    h = await startHarness();
    await h.dataSource.query('CREATE TABLE batch_probe (id TEXT PRIMARY KEY, committed_before INTEGER)');
    // A second connection to the same file sees only what is committed.
    reader = new Database(h.dataSource.options.database as string, { readonly: true });
    const connection = (h.dataSource.driver as unknown as { databaseConnection: Connection }).databaseConnection;
    connection.function('committed_rows', () => (reader.prepare('SELECT COUNT(*) AS n FROM batch_probe').get() as { n: number }).n);
  });
  after(async () => {
    reader.close();
    await h.close();
  });
  beforeEach(async () => h.dataSource.query('DELETE FROM batch_probe'));

  const insert = (id: string) => ({ sql: 'INSERT INTO batch_probe (id, committed_before) VALUES (?, committed_rows())', params: [id] });
  const rows = async () => (await h.dataSource.query('SELECT id, committed_before FROM batch_probe ORDER BY id')) as Array<{ id: string; committed_before: number }>;

  it('writes those of one turn in one commit, after the turn: none is committed before the last is written', async () => {
    const connection = (h.dataSource.driver as unknown as { databaseConnection: Connection }).databaseConnection;
    const writes = ['a', 'b', 'c'].map((id) => guardedWrite(h.dataSource, insert(id), []));
    expect(connection.prepare('SELECT id FROM batch_probe').all(), 'nothing written during the turn').to.deep.equal([]);
    expect(await Promise.all(writes)).to.deep.equal([true, true, true]);
    expect(await rows()).to.deep.equal([
      { id: 'a', committed_before: 0 },
      { id: 'b', committed_before: 0 },
      { id: 'c', committed_before: 0 },
    ]);
    await guardedWrite(h.dataSource, insert('d'), []);
    expect((await rows())[3], 'a write of a later turn sees the earlier commit').to.deep.equal({ id: 'd', committed_before: 3 });
  });

  it('gives each write its own outcome: a failing one rolls back alone, a guard that changes nothing writes nothing', async () => {
    const outcomes = await Promise.allSettled([
      guardedWrite(h.dataSource, insert('a'), []),
      guardedWrite(h.dataSource, insert('b'), [{ sql: 'INSERT INTO no_such_table (id) VALUES (?)', params: ['x'] }]),
      guardedWrite(h.dataSource, { sql: 'UPDATE batch_probe SET id = id WHERE id = ?', params: ['none'] }, [insert('c')]),
      guardedWrite(h.dataSource, insert('d'), [insert('e')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : null))).to.deep.equal([true, null, false, true]);
    expect((await rows()).map((row) => row.id)).to.deep.equal(['a', 'd', 'e']);
  });
});

describe('host: guarded writes queued on a SQLite connection closed before their commit', () => {
  it('rejects every one of them', async () => {
    const opened = (await TEST_DATABASES[0].open())!;
    const { dataSource } = opened;
    await dataSource.query('CREATE TABLE batch_probe (id TEXT PRIMARY KEY)');
    const writes = ['a', 'b'].map((id) => guardedWrite(dataSource, { sql: 'INSERT INTO batch_probe (id) VALUES (?)', params: [id] }, []));
    await opened.close();
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected']);
  });
});
