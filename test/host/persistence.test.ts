import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../host/src/config/config.js';
import { openDatabase } from '../../host/src/main/runtime.js';
import { JobRepository } from '../../host/src/persistence/job.repository.js';
import { canTransition, JOB_TRANSITIONS } from '../../host/src/persistence/entities/job.entities.js';
import { insertJob } from './support/job-rows.js';

describe('host: persistence on SQLite', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-db-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates a WAL-mode database file under the data directory', async () => {
    const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATA_DIR: dir }));
    const [mode] = (await dataSource.query('PRAGMA journal_mode')) as Array<{ journal_mode: string }>;
    expect(mode.journal_mode).to.equal('wal');
    expect(fs.existsSync(path.join(dir, 'docsift.sqlite'))).to.equal(true);
    await dataSource.destroy();
  });

  it('applies migrations once when two data sources open the same file at once', async () => {
    const config = loadConfig({ DOCSIFT_DATA_DIR: dir });
    const [a, b] = await Promise.all([openDatabase(config), openDatabase(config)]);
    const rows = (await a.query('SELECT name FROM migrations')) as Array<{ name: string }>;
    expect(rows.length).to.equal(new Set(rows.map((r) => r.name)).size);
    expect(rows.map((r) => r.name)).to.include('CreateCoreTables1763700000000');
    await Promise.all([a.destroy(), b.destroy()]);
  });

  it('round-trips dates in UTC with milliseconds and applies status changes only from allowed states', async () => {
    const dataSource = await openDatabase(loadConfig({ DOCSIFT_DATA_DIR: dir }));
    const jobs = new JobRepository({ dataSource });
    const created = new Date('2026-03-04T05:06:07.089Z');
    await insertJob(jobs, {
      id: '11111111-1111-4111-8111-111111111111', organizationId: 'o', apiKeyId: null, service: 'documents', status: 'pending', progress: 0,
      fileName: 'a.pdf', fileType: 'pdf', fileKey: null, fileSize: 3_000_000_000, typeHint: null, engine: 'local', aiModel: null, webhookUrl: null, metadata: { k: [1] },
      documentType: null, classificationConfidence: null, alternativeTypes: null, extractedData: null, fieldDetails: null, findings: null,
      analysis: null, pages: null, correctedData: null, correctedAt: null, correctedBy: null, error: null, attempts: 0, processingTime: null, createdAt: created, updatedAt: created, completedAt: null,
    });
    const job = (await jobs.find('11111111-1111-4111-8111-111111111111'))!;
    expect(job.createdAt.toISOString()).to.equal('2026-03-04T05:06:07.089Z');
    expect(job.fileSize).to.equal(3_000_000_000);
    expect(job.metadata).to.deep.equal({ k: [1] });
    expect(await jobs.update(job.id, ['processing'], { status: 'completed' })).to.equal(false);
    expect(await jobs.update(job.id, ['pending'], { status: 'processing' })).to.equal(true);
    await dataSource.destroy();
  });

  it('has a transition table in which finished jobs stay finished', () => {
    expect(JOB_TRANSITIONS.completed).to.deep.equal([]);
    expect(JOB_TRANSITIONS.failed).to.deep.equal([]);
    expect(canTransition('pending', 'processing')).to.equal(true);
    expect(canTransition('completed', 'processing')).to.equal(false);
  });
});
