import { expect } from 'chai';
import { guardedWrite } from '../../host/src/persistence/guarded-write.js';
import { startHarness, type Harness } from './support/harness.js';
import { TEST_DATABASES } from './support/test-databases.js';

describe('host: guarded writes on SQLite arriving together share one commit', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.dataSource.query('CREATE TABLE batch_probe (id TEXT PRIMARY KEY)');
  });
  after(async () => h.close());

  const insert = (id: string) => ({ sql: 'INSERT INTO batch_probe (id) VALUES (?)', params: [id] });

  it('gives each write its own outcome: a failing one rolls back alone, a guard that changes nothing writes nothing', async () => {
    const outcomes = await Promise.allSettled([
      guardedWrite(h.dataSource, insert('a'), []),
      guardedWrite(h.dataSource, insert('b'), [{ sql: 'INSERT INTO no_such_table (id) VALUES (?)', params: ['x'] }]),
      guardedWrite(h.dataSource, { sql: 'UPDATE batch_probe SET id = id WHERE id = ?', params: ['none'] }, [insert('c')]),
      guardedWrite(h.dataSource, insert('d'), [insert('e')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : null))).to.deep.equal([true, null, false, true]);
    const rows = (await h.dataSource.query('SELECT id FROM batch_probe ORDER BY id')) as Array<{ id: string }>;
    expect(rows.map((row) => row.id)).to.deep.equal(['a', 'd', 'e']);
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
