import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { TypeormJobRepository } from '../../../host/src/queue/index.js';
import { sqliteDatabase, waitFor, type TestDatabase } from './support.js';

const racer = fileURLToPath(new URL('./fixtures/claim-racer.ts', import.meta.url));

describe('TypeORM queue backend on one SQLite file shared by two processes', function () {
  let database: TestDatabase;

  before(() => {
    database = sqliteDatabase();
  });
  after(async () => database.cleanup());

  it('never hands one job to both processes', async () => {
    const dataSource: DataSource = await database.open();
    const file = (dataSource.options as { database: string }).database;
    const repository = new TypeormJobRepository(dataSource, { tableName: database.tableName });
    await repository.connect();
    const child = spawn(process.execPath, [...process.execArgv, racer, file, database.tableName, 'race'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.startsWith('ready'), 30_000, 'the other process to be ready');

    const count = 200;
    const mine: string[] = [];
    for (let i = 0; i < count; i += 1) {
      await repository.saveJob({ name: 'race', priority: 0, nextRunAt: new Date(), type: 'normal', data: { i } }, undefined);
      if (i % 2 === 1) {
        const job = await repository.getNextJobToRun('race', new Date(), new Date(Date.now() - 600_000), new Date(), undefined);
        if (job) mine.push(String(job._id));
      }
    }
    for (;;) {
      const job = await repository.getNextJobToRun('race', new Date(), new Date(Date.now() - 600_000), new Date(), undefined);
      if (!job) break;
      mine.push(String(job._id));
    }
    child.stdin.end();
    await once(child, 'exit');
    const theirs = JSON.parse(output.split('\n')[1] ?? '[]') as string[];
    expect(mine.length + theirs.length).to.equal(count);
    expect(new Set([...mine, ...theirs]).size).to.equal(count);
    expect(theirs.length, 'the other process won some jobs').to.be.greaterThan(0);
  });
});
