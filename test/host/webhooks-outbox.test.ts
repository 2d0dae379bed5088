import { expect } from 'chai';
import { WebhookDeliveryEntity } from '../../host/src/persistence/entities/webhook.entities.js';
import { JobRepository } from '../../host/src/persistence/job.repository.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { completion, deliveryOf, insertJob, processingJob } from './support/job-rows.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

for (const dialect of TEST_DATABASES) {
  describe(`host: a job's outcome and its webhook deliveries are one transaction on ${dialect.name}`, function () {
    let db: OpenedDatabase;
    let jobs: JobRepository;
    before(async function () {
      const opened = await dialect.open();
      if (!opened) {
        process.stderr.write(`notice: ${dialect.name} is not configured; outbox transaction tests skipped there\n`);
        this.skip();
      }
      db = opened!;
      jobs = new JobRepository({ dataSource: db.dataSource });
    });
    after(async () => db?.close());

    const deliveriesOf = (jobId: string) => db.dataSource.getRepository(WebhookDeliveryEntity).findBy({ jobId });

    it('rolls the transition back when a delivery cannot be inserted, then writes both once it can', async () => {
      const job = processingJob();
      await insertJob(jobs, job);
      await db.dataSource.query(dialect.refuse('INSERT', 'webhook_deliveries'));
      try {
        await jobs.finish(job.id, 'completed', completion(new Date()), [deliveryOf(job)]).then(
          () => expect.fail('the finish should have failed'),
          (error: Error) => expect(error.message).to.contain('webhook_deliveries refused'),
        );
      } finally {
        await db.dataSource.query('DROP TRIGGER refuse_webhook_deliveries');
      }
      const unchanged = (await jobs.find(job.id))!;
      expect(unchanged).to.include({ status: 'processing', progress: 40, documentType: null, extractedData: null, completedAt: null });
      expect(await deliveriesOf(job.id)).to.have.length(0);

      const delivery = deliveryOf(job);
      expect(await jobs.finish(job.id, 'completed', completion(new Date()), [delivery])).to.equal(true);
      expect((await jobs.find(job.id))!).to.include({ status: 'completed', progress: 100, documentType: 'insurance_cert' });
      expect((await deliveriesOf(job.id)).map((row) => row.id)).to.deep.equal([delivery.id]);
    });

    it('writes nothing for a job already finished or deleted (no second set of deliveries)', async () => {
      const job = processingJob();
      await insertJob(jobs, job);
      expect(await jobs.finish(job.id, 'failed', { error: 'refused', updatedAt: new Date() }, [deliveryOf(job)])).to.equal(true);
      expect(await jobs.finish(job.id, 'completed', completion(new Date()), [deliveryOf(job)])).to.equal(false);
      expect(await jobs.finish(job.id, 'failed', { error: 'again', updatedAt: new Date() }, [deliveryOf(job)])).to.equal(false);
      expect((await jobs.find(job.id))!).to.include({ status: 'failed', error: 'refused' });
      expect(await deliveriesOf(job.id)).to.have.length(1);
      await jobs.delete(job.id);
      expect(await jobs.finish(job.id, 'failed', { error: 'gone', updatedAt: new Date() }, [deliveryOf(job)])).to.equal(false);
      // The deletion took the job's webhookUrl delivery with it; the refused finish wrote none.
      expect(await deliveriesOf(job.id)).to.have.length(0);
    });

    it('writes a job that has no receivers with no delivery', async () => {
      const job = processingJob();
      await insertJob(jobs, job);
      expect(await jobs.finish(job.id, 'completed', completion(new Date()), [])).to.equal(true);
      expect((await jobs.find(job.id))!.status).to.equal('completed');
      expect(await deliveriesOf(job.id)).to.have.length(0);
    });
  });
}

describe('host: a job whose deliveries cannot be written is not finished', () => {
  let h: Harness;
  let receiver: Receiver;
  const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'T-1' }));
  before(async () => {
    receiver = await startReceiver();
    h = await startHarness({ DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', DOCSIFT_JOB_RETRY_BASE_MS: '1500' }, { worker: true, enginePool: engine });
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  it('retries the attempt (the result is not kept without its deliveries) and delivers once when the retry succeeds', async () => {
    const account = await signup(h);
    const key = await createKey(h, account);
    await h.dataSource.query(TEST_DATABASES[0]!.refuse('INSERT', 'webhook_deliveries'));
    const res = await h.request('POST', '/api/documents/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' }, webhookUrl: `${receiver.url}/tx` }),
      headers: bearer(key),
    });
    const { jobId } = (await res.json()) as { jobId: string };
    const jobs = h.container.resolve<JobRepository>('jobRepository');
    const afterFirst = await waitFor(() => jobs.find(jobId), (job) => job?.attempts === 1 && job.status === 'pending');
    await h.dataSource.query('DROP TRIGGER refuse_webhook_deliveries');
    expect(afterFirst).to.include({ status: 'pending', documentType: null, completedAt: null });
    const done = await waitFor(() => jobs.find(jobId), (job) => job?.status === 'completed');
    expect(done).to.include({ status: 'completed', attempts: 2 });
    const requests = await waitFor(async () => receiver.on('/tx'), (list) => list.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.on('/tx')).to.have.length(1);
    expect(requests[0]!.body).to.deep.include({ jobId, event: 'extraction.completed', status: 'completed' });
  });
});
