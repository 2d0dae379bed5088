import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../host/src/config/config.js';
import { openDatabase } from '../../host/src/main/runtime.js';
import { sqliteConnectionOf, type SqliteConnection } from '../../host/src/persistence/sql.js';
import { CHECKPOINT_INTERVAL_MS, WalCheckpointer } from '../../host/src/persistence/wal-checkpointer.js';

const autocheckpoint = (connection: SqliteConnection) => connection.pragma('wal_autocheckpoint', { simple: true });

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Commits that add about `pages` 4 KB pages to the WAL (one organization row per page). */
function writePages(connection: SqliteConnection, pages: number, from: number): void {
  const insert = connection.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)');
  const commit = connection.transaction((start: number) => {
    for (let i = start; i < start + 100; i += 1) insert.run(`org-${i}`, 'x'.repeat(3000), '2026-11-21 00:00:00.000');
  });
  for (let start = from; start < from + pages; start += 100) commit(start);
}

describe('host: WAL checkpoints off the event loop (SQLite)', () => {
  let dir: string;
  let dataSource: DataSource;
  let connection: SqliteConnection;
  let file: string;
  const logger = pino({ level: 'silent' });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-wal-'));
    const config = loadConfig({ DOCSIFT_DATA_DIR: dir });
    if (config.database.kind !== 'sqlite') throw new Error('expected the SQLite default');
    file = config.database.file;
    dataSource = await openDatabase(config);
    connection = sqliteConnectionOf(dataSource);
  });

  afterEach(async () => {
    await dataSource.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('turns off checkpoints on commit, and the worker copies committed pages into the database file', async () => {
    const checkpointer = WalCheckpointer.start(file, connection, logger);
    try {
      await waitFor(() => autocheckpoint(connection) === 0, 5000);
      const before = fs.statSync(file).size;
      // 1500 pages: past SQLite's automatic threshold (1000), which no longer applies on this connection.
      writePages(connection, 1500, 0);
      expect(fs.statSync(file).size, 'no checkpoint during the commits').to.equal(before);
      await waitFor(() => fs.statSync(file).size > before + 1000 * 4096, 20 * CHECKPOINT_INTERVAL_MS);
    } finally {
      await checkpointer.stop();
    }
  });

  it('on stop takes a last checkpoint and gives the shared connection its automatic checkpoints back', async () => {
    const checkpointer = WalCheckpointer.start(file, connection, logger);
    await waitFor(() => autocheckpoint(connection) === 0, 5000);
    writePages(connection, 200, 0);
    await checkpointer.stop();
    expect(autocheckpoint(connection)).to.equal(1000);
    const [result] = (await dataSource.query('PRAGMA wal_checkpoint(PASSIVE)')) as Array<{ log: number; checkpointed: number }>;
    expect(result!.checkpointed, 'every page was already in the database file').to.equal(result!.log);
  });

  it('stops at once and leaves automatic checkpoints on when its worker could not open the file', async () => {
    const logged: string[] = [];
    const warnings = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const checkpointer = WalCheckpointer.start(dir, connection, warnings);
    await waitFor(() => logged.length > 0, 5000);
    await checkpointer.stop();
    expect(autocheckpoint(connection)).to.equal(1000);
    expect(logged.join('')).to.match(/checkpointer/);
  });

  it('without a checkpointer, the shared connection keeps SQLite automatic checkpoints', () => {
    expect(autocheckpoint(connection)).to.equal(1000);
  });
});
