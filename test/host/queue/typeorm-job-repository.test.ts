import { expect } from 'chai';
import type { JobParameters } from 'agenda';
import type { DataSource } from 'typeorm';
import { TypeormJobRepository } from '../../../host/src/queue/index.js';
import { sqlDatabases, type TestDatabase } from './support.js';

function job(name: string, overrides: Partial<JobParameters> = {}): JobParameters {
  return { name, priority: 0, nextRunAt: new Date(), type: 'normal', data: {}, ...overrides };
}

const by = { lastModifiedBy: 'test' };

for (const { label, make } of sqlDatabases()) {
  const suite = make ? describe : describe.skip;
  const title = make ? label : `${label} (skipped: DOCSIFT_TEST_MYSQL_URL is not set)`;

  suite(`TypeORM queue repository contract on ${title}`, function () {
    let database: TestDatabase;
    let dataSource: DataSource;
    let repo: TypeormJobRepository;

    before(async () => {
      database = make!();
      dataSource = await database.open();
    });
    after(async () => database.cleanup());
    beforeEach(async () => {
      repo = new TypeormJobRepository(dataSource, { tableName: database.tableName });
      await repo.connect();
      await repo.purgeAllJobs();
    });

    it('saves every field and reads it back with millisecond dates', async () => {
      const at = new Date('2030-01-02T03:04:05.678Z');
      const saved = await repo.saveJob(
        job('roundtrip', {
          nextRunAt: at,
          priority: 10,
          data: { a: 1, nested: { b: 'x' } },
          repeatInterval: 60000,
          repeatTimezone: 'Europe/Paris',
          startDate: at,
          endDate: new Date('2031-01-01T00:00:00.001Z'),
          skipDays: [0, 6],
          fork: true,
        }),
        by,
      );
      expect(saved._id).to.be.a('string');
      const read = await repo.getJobById(String(saved._id));
      expect(read).to.include({ name: 'roundtrip', priority: 10, repeatInterval: 60000, repeatTimezone: 'Europe/Paris', fork: true });
      expect(read!.nextRunAt!.toISOString()).to.equal(at.toISOString());
      expect(read!.startDate!.toISOString()).to.equal(at.toISOString());
      expect(read!.endDate!.toISOString()).to.equal('2031-01-01T00:00:00.001Z');
      expect(read!.skipDays).to.deep.equal([0, 6]);
      expect(read!.data).to.deep.equal({ a: 1, nested: { b: 'x' } });
      expect(read!.lastModifiedBy).to.equal('test');
    });

    it('keeps one row per name for single jobs and does not postpone a due run', async () => {
      const due = new Date(Date.now() - 60_000);
      const first = await repo.saveJob(job('every-minute', { type: 'single', nextRunAt: due }), by);
      const second = await repo.saveJob(job('every-minute', { type: 'single', nextRunAt: new Date(), data: { v: 2 } }), by);
      expect(second._id).to.equal(first._id);
      expect(second.nextRunAt!.getTime()).to.equal(due.getTime());
      expect(second.data).to.deep.equal({ v: 2 });
      expect((await repo.queryJobs({ name: 'every-minute' })).total).to.equal(1);
    });

    it('keeps one row per unique filter, returning the existing one when insertOnly', async () => {
      const unique = { 'data.jobKey': 'k1' };
      const first = await repo.saveJob(job('process', { data: { jobKey: 'k1', n: 1 }, unique, uniqueOpts: { insertOnly: true } }), by);
      const again = await repo.saveJob(job('process', { data: { jobKey: 'k1', n: 2 }, unique, uniqueOpts: { insertOnly: true } }), by);
      expect(again._id).to.equal(first._id);
      expect(again.data).to.deep.equal({ jobKey: 'k1', n: 1 });
      const updated = await repo.saveJob(job('process', { data: { jobKey: 'k1', n: 3 }, unique }), by);
      expect(updated._id).to.equal(first._id);
      expect(updated.data).to.deep.equal({ jobKey: 'k1', n: 3 });
      await repo.saveJob(job('process', { data: { jobKey: 'k2' }, unique: { 'data.jobKey': 'k2' }, uniqueOpts: { insertOnly: true } }), by);
      expect((await repo.queryJobs({ name: 'process' })).total).to.equal(2);
    });

    it('keeps one row when the same unique job is saved concurrently', async () => {
      const unique = { 'data.jobKey': 'race' };
      const saves = Array.from({ length: 8 }, () =>
        repo.saveJob(job('process', { data: { jobKey: 'race' }, unique, uniqueOpts: { insertOnly: true } }), by),
      );
      const ids = new Set((await Promise.all(saves)).map((saved) => String(saved._id)));
      expect(ids.size).to.equal(1);
      expect((await repo.queryJobs({ name: 'process' })).total).to.equal(1);
    });

    it('queries by name, data, state, search, sort and page', async () => {
      await repo.saveJob(job('alpha', { data: { jobKey: 'a', org: 'o1' }, priority: 1 }), by);
      await repo.saveJob(job('alpha', { data: { jobKey: 'b', org: 'o2' }, priority: 5, nextRunAt: new Date(Date.now() + 3_600_000) }), by);
      await repo.saveJob(job('beta', { data: { jobKey: 'c' }, disabled: true }), by);
      expect((await repo.queryJobs({ name: 'alpha' })).total).to.equal(2);
      expect((await repo.queryJobs({ data: { jobKey: 'b' } })).jobs.map((j) => j.name)).to.deep.equal(['alpha']);
      expect((await repo.queryJobs({ search: 'ET' })).total).to.equal(1);
      expect((await repo.queryJobs({ includeDisabled: false })).total).to.equal(2);
      expect((await repo.queryJobs({ state: 'scheduled' })).jobs.map((j) => j.data)).to.deep.equal([{ jobKey: 'b', org: 'o2' }]);
      expect((await repo.queryJobs({ state: 'paused' })).total).to.equal(1);
      const sorted = await repo.queryJobs({ name: 'alpha', sort: { priority: 'desc' }, limit: 1 });
      expect(sorted.total).to.equal(2);
      expect(sorted.jobs.map((j) => j.priority)).to.deep.equal([5]);
      expect(await repo.getDistinctJobNames()).to.deep.equal(['alpha', 'beta']);
      const overview = await repo.getJobsOverview();
      expect(overview.find((o) => o.name === 'alpha')).to.include({ total: 2, queued: 1, scheduled: 1 });
      expect(await repo.getQueueSize()).to.equal(2);
    });

    it('removes, disables and enables by id, name, names and data', async () => {
      const a = await repo.saveJob(job('one', { data: { k: 1 } }), by);
      await repo.saveJob(job('one', { data: { k: 2 } }), by);
      await repo.saveJob(job('two', { data: { k: 1 } }), by);
      expect(await repo.disableJobs({ data: { k: 1 } })).to.equal(2);
      expect((await repo.queryJobs({ includeDisabled: false })).total).to.equal(1);
      expect(await repo.enableJobs({ name: 'two' })).to.equal(1);
      expect(await repo.removeJobs({})).to.equal(0);
      expect(await repo.removeJobs({ id: String(a._id) })).to.equal(1);
      expect(await repo.removeJobs({ notNames: ['two'] })).to.equal(1);
      expect(await repo.purgeAllJobs()).to.equal(1);
    });

    it('locks a job only while unlocked and at the exact nextRunAt', async () => {
      const saved = await repo.saveJob(job('lockme', { nextRunAt: new Date(Date.now() - 1234) }), by);
      expect(await repo.lockJob({ ...saved, nextRunAt: new Date(saved.nextRunAt!.getTime() + 1) }, by)).to.equal(undefined);
      const locked = await repo.lockJob(saved, by);
      expect(locked?.lockedAt).to.be.instanceOf(Date);
      expect(await repo.lockJob(saved, by)).to.equal(undefined);
      await repo.unlockJob(saved);
      expect((await repo.getJobById(String(saved._id)))!.lockedAt).to.equal(undefined);
      await repo.lockJob(saved, by);
      await repo.unlockJobs([String(saved._id)]);
      expect((await repo.getJobById(String(saved._id)))!.lockedAt).to.equal(undefined);
    });

    it('hands out the next job by run time then priority, skipping locked, disabled and future jobs', async () => {
      const now = Date.now();
      await repo.saveJob(job('next', { nextRunAt: new Date(now - 1000), priority: 0, data: { n: 'low' } }), by);
      await repo.saveJob(job('next', { nextRunAt: new Date(now - 1000), priority: 10, data: { n: 'high' } }), by);
      await repo.saveJob(job('next', { nextRunAt: new Date(now - 5000), priority: -10, data: { n: 'oldest' } }), by);
      await repo.saveJob(job('next', { nextRunAt: new Date(now - 9000), disabled: true, data: { n: 'disabled' } }), by);
      await repo.saveJob(job('next', { nextRunAt: new Date(now + 60_000), data: { n: 'future' } }), by);
      const deadline = new Date(now - 600_000);
      const order: unknown[] = [];
      for (let i = 0; i < 4; i += 1) {
        const claimed = await repo.getNextJobToRun('next', new Date(), deadline, new Date(), by);
        order.push(claimed?.data ?? null);
      }
      expect(order).to.deep.equal([{ n: 'oldest' }, { n: 'high' }, { n: 'low' }, null]);
    });

    it('hands out a job again once its lease has expired', async () => {
      await repo.saveJob(job('lease'), by);
      const first = await repo.getNextJobToRun('lease', new Date(), new Date(Date.now() - 60_000), new Date(), by);
      expect(first).to.not.equal(undefined);
      await repo.saveJobState({ ...first!, nextRunAt: null }, by);
      expect(await repo.getNextJobToRun('lease', new Date(), new Date(Date.now() - 60_000), new Date(), by)).to.equal(undefined);
      const again = await repo.getNextJobToRun('lease', new Date(), new Date(Date.now() + 1), new Date(), by);
      expect(again?._id).to.equal(first!._id);
    });

    it('saves job state and refuses a job that no longer exists', async () => {
      const saved = await repo.saveJob(job('state'), by);
      const finishedAt = new Date();
      await repo.saveJobState({ ...saved, progress: 42, failCount: 2, failReason: 'boom', failedAt: finishedAt, lastFinishedAt: finishedAt }, by);
      await repo.saveJobState({ ...saved, progress: 42, failCount: 2, failReason: 'boom', failedAt: finishedAt, lastFinishedAt: finishedAt }, by);
      expect(await repo.getJobById(String(saved._id))).to.include({ progress: 42, failCount: 2, failReason: 'boom' });
      await repo.removeJobs({ id: String(saved._id) });
      let error: unknown;
      await repo.saveJobState(saved, by).catch((caught: unknown) => (error = caught));
      expect(String(error)).to.match(/cannot be updated/);
    });

    it('never hands one job to two repositories racing on one database', async () => {
      const other = new TypeormJobRepository(await database.open(), { tableName: database.tableName });
      await other.connect();
      for (let i = 0; i < 40; i += 1) await repo.saveJob(job('race', { data: { i } }), by);
      const claims: string[] = [];
      const drain = async (r: TypeormJobRepository): Promise<void> => {
        for (;;) {
          const claimed = await r.getNextJobToRun('race', new Date(), new Date(Date.now() - 600_000), new Date(), by);
          if (!claimed) return;
          claims.push(String(claimed._id));
        }
      };
      await Promise.all([drain(repo), drain(other), drain(repo), drain(other)]);
      expect(claims).to.have.length(40);
      expect(new Set(claims).size).to.equal(40);
    });

    if (label === 'MariaDB') {
      it('claims without SKIP LOCKED too (compare-and-set for older servers)', async () => {
        const cas = [0, 1].map(() => new TypeormJobRepository(dataSource, { tableName: database.tableName, mysqlClaimStrategy: 'compare-and-set' }));
        expect(repo.mysqlClaimStrategy).to.equal('skip-locked');
        for (let i = 0; i < 20; i += 1) await repo.saveJob(job('cas', { data: { i } }), by);
        const claims: string[] = [];
        await Promise.all(
          [...cas, ...cas].map(async (r) => {
            for (;;) {
              const claimed = await r.getNextJobToRun('cas', new Date(), new Date(Date.now() - 600_000), new Date(), by);
              if (!claimed) return;
              claims.push(String(claimed._id));
            }
          }),
        );
        expect(new Set(claims).size).to.equal(20);
        expect(claims).to.have.length(20);
      });
    }
  });
}
