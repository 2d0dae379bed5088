import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Job, JobStatus } from '../../host/src/persistence/entities/job.entities.js';
import { WebhookDeliveryEntity, type WebhookDelivery } from '../../host/src/persistence/entities/webhook.entities.js';
import { JobRepository } from '../../host/src/persistence/job.repository.js';
import { decodeCursor, type PagePosition } from '../../host/src/common/pagination.js';
import { timeOrderedUuid } from '../../host/src/persistence/time-ordered-id.js';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { deliveryOf, insertJob, processingJob } from './support/job-rows.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';

interface Listed {
  jobId: string;
  service: string;
  status: string;
  documentType?: string;
  pollingUrl: string;
  createdAt: string;
}

const BASE = Date.parse('2026-03-01T12:00:00.000Z');

function jobRow(organizationId: string, minute: number, change: Partial<Job> = {}): Job {
  const createdAt = new Date(BASE + minute * 60_000);
  return { ...processingJob(), id: timeOrderedUuid(createdAt.getTime()), organizationId, status: 'pending', progress: 0, createdAt, updatedAt: createdAt, ...change };
}

/** Every page of a listing, following nextCursor; the cursors are checked to be opaque. */
async function allPages<T>(h: Harness, token: string, url: (cursor: string | null) => string, itemsOf: (body: any) => T[]): Promise<{ pages: T[][]; items: T[] }> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const res = await h.request('GET', url(cursor), { headers: bearer(token) });
    expect(res.status, await res.clone().text()).to.equal(200);
    const body = (await res.json()) as { nextCursor: string | null };
    pages.push(itemsOf(body));
    if (body.nextCursor !== null) expect(body.nextCursor).to.match(/^[A-Za-z0-9_-]+$/);
    cursor = body.nextCursor;
    expect(pages.length).to.be.below(50);
  } while (cursor !== null);
  return { pages, items: pages.flat() };
}

describe('host: GET /api/documents/extract lists the organization\'s jobs', () => {
  let h: Harness;
  let owner: Account;
  let key: string;
  let jobs: JobRepository;
  /** The organization's document and lending jobs as the listing must give them: newest first, ties by id. */
  let expected: Job[];
  before(async () => {
    h = await startHarness();
    owner = await signup(h);
    key = await createKey(h, owner);
    jobs = h.container.resolve<JobRepository>('jobRepository');
    const statuses: JobStatus[] = ['pending', 'processing', 'completed', 'failed'];
    const rows: Job[] = [];
    for (let i = 0; i < 23; i += 1) {
      // Minutes repeat: several jobs share a creation millisecond, so the id must order them.
      const status = statuses[i % 4]!;
      rows.push(
        jobRow(owner.organizationId, Math.floor(i / 3), {
          id: randomUUID(),
          status,
          service: i % 5 === 0 ? 'lending' : 'documents',
          documentType: status === 'completed' ? (i % 8 === 2 ? 'sor' : 'insurance_cert') : null,
          error: status === 'failed' ? 'The document could not be processed.' : null,
        }),
      );
    }
    for (const row of rows) await insertJob(jobs, row);
    await insertJob(jobs, jobRow(owner.organizationId, 30, { service: 'b2c' }));
    const stranger = await signup(h);
    for (let i = 0; i < 4; i += 1) await insertJob(jobs, jobRow(stranger.organizationId, i));
    expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  });
  after(async () => h.close());

  const list = (query: string) => (cursor: string | null) => `/api/documents/extract?${query}${cursor ? `&cursor=${cursor}` : ''}`;

  it('pages through every job newest first, none twice and none missed, never another organization\'s or a consumer extraction', async () => {
    const { pages, items } = await allPages<Listed>(h, key, list('limit=5'), (body) => body.jobs);
    expect(pages.map((page) => page.length)).to.deep.equal([5, 5, 5, 5, 3]);
    expect(items.map((item) => item.jobId)).to.deep.equal(expected.map((job) => job.id));
    const lending = items.find((item) => item.service === 'lending')!;
    expect(lending.pollingUrl).to.equal(`http://docsift.test/api/lending/extract/${lending.jobId}`);
    const document = items.find((item) => item.service === 'documents')!;
    expect(document.pollingUrl).to.equal(`http://docsift.test/api/documents/extract/${document.jobId}`);
    expect(document).not.to.have.property('extractedData');
  });

  it('gives 20 a page by default and at most 100', async () => {
    const first = (await (await h.request('GET', '/api/documents/extract', { headers: bearer(key) })).json()) as { jobs: Listed[]; nextCursor: string | null };
    expect(first.jobs).to.have.length(20);
    expect(first.nextCursor).to.be.a('string');
    const res = await h.request('GET', '/api/documents/extract?limit=101', { headers: bearer(key) });
    expect(res.status).to.equal(400);
    expect(await res.json()).to.deep.include({ error: 'invalid_request' });
  });

  it('does not repeat or skip jobs when new ones arrive between pages', async () => {
    const first = (await (await h.request('GET', '/api/documents/extract?limit=4', { headers: bearer(key) })).json()) as { jobs: Listed[]; nextCursor: string };
    const newer = jobRow(owner.organizationId, 60);
    await insertJob(jobs, newer);
    try {
      const { items } = await allPages<Listed>(h, key, (cursor) => `/api/documents/extract?limit=4&cursor=${cursor ?? first.nextCursor}`, (body) => body.jobs);
      expect([...first.jobs, ...items].map((item) => item.jobId)).to.deep.equal(expected.map((job) => job.id));
    } finally {
      await jobs.delete(newer.id);
    }
  });

  it('filters by status, type and creation time, and pages the filtered list', async () => {
    const completed = await allPages<Listed>(h, key, list('status=completed&limit=2'), (body) => body.jobs);
    expect(completed.items.map((item) => item.jobId)).to.deep.equal(expected.filter((job) => job.status === 'completed').map((job) => job.id));
    const sor = await allPages<Listed>(h, key, list('type=sor'), (body) => body.jobs);
    expect(sor.items.map((item) => item.jobId)).to.deep.equal(expected.filter((job) => job.documentType === 'sor').map((job) => job.id));
    expect(sor.items.length).to.be.greaterThan(0);
    const from = new Date(BASE + 2 * 60_000).toISOString();
    const to = new Date(BASE + 5 * 60_000).toISOString();
    const window = await allPages<Listed>(h, key, list(`createdFrom=${from}&createdTo=${to}&limit=4`), (body) => body.jobs);
    const inWindow = expected.filter((job) => job.createdAt.getTime() >= Date.parse(from) && job.createdAt.getTime() < Date.parse(to));
    expect(inWindow).to.have.length(9);
    expect(window.items.map((item) => item.jobId)).to.deep.equal(inWindow.map((job) => job.id));
    const failed = (await (await h.request('GET', '/api/documents/extract?status=failed&limit=1', { headers: bearer(key) })).json()) as { jobs: Listed[] };
    expect(failed.jobs[0]).to.include({ status: 'failed', error: 'The document could not be processed.' });
  });

  it('refuses a cursor it did not give out, a bad filter and a reversed range with 400', async () => {
    const forged = Buffer.from(`v1:${BASE}:' OR 1=1 --`).toString('base64url');
    for (const query of ['cursor=not-a-cursor', `cursor=${forged}`, 'cursor=', 'status=done', 'limit=0', 'createdFrom=yesterday', `createdFrom=2026-03-02T00:00:00Z&createdTo=2026-03-01T00:00:00Z`]) {
      const res = await h.request('GET', `/api/documents/extract?${query}`, { headers: bearer(key) });
      expect(res.status, query).to.equal(400);
      expect(await res.json(), query).to.deep.include({ error: 'invalid_request' });
    }
  });

  it('needs documents:read', async () => {
    const writeOnly = await createKey(h, owner, { name: 'writer', scopes: ['documents:write'] });
    const res = await h.request('GET', '/api/documents/extract', { headers: bearer(writeOnly) });
    expect(res.status).to.equal(403);
    expect((await h.request('GET', '/api/documents/extract')).status).to.equal(401);
  });
});

describe('host: GET /api/integrations/webhooks/{id}/deliveries pages like the job listing', () => {
  let h: Harness;
  let owner: Account;
  before(async () => {
    h = await startHarness({ DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' });
    owner = await signup(h);
  });
  after(async () => h.close());

  async function createWebhook(account: Account): Promise<string> {
    const res = await h.request('POST', '/api/integrations/webhooks', {
      json: { connectionName: 'Loans', webhookConfig: { url: 'http://127.0.0.1:9/hook', authType: 'none' }, fieldMappings: { format: 'default' } },
      headers: bearer(account.sessionToken),
    });
    expect(res.status, await res.clone().text()).to.equal(201);
    return ((await res.json()) as { id: string }).id;
  }

  it('lists every delivery newest first across pages, only the configuration\'s own; a bad cursor is 400', async () => {
    const webhookId = await createWebhook(owner);
    const otherWebhookId = await createWebhook(owner);
    const job = { ...processingJob(), organizationId: owner.organizationId };
    const rows: WebhookDelivery[] = [];
    for (let i = 0; i < 12; i += 1) {
      const at = new Date(BASE + Math.floor(i / 4) * 1000);
      rows.push({ ...deliveryOf(job), id: randomUUID(), webhookId, createdAt: at, updatedAt: at, status: 'delivered' });
    }
    const repository = h.dataSource.getRepository(WebhookDeliveryEntity);
    for (const row of rows) await repository.insert(row as never);
    await repository.insert({ ...deliveryOf(job), id: randomUUID(), webhookId: otherWebhookId } as never);
    const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);

    const url = (cursor: string | null) => `/api/integrations/webhooks/${webhookId}/deliveries?limit=5${cursor ? `&cursor=${cursor}` : ''}`;
    const { pages, items } = await allPages<{ id: string }>(h, owner.sessionToken, url, (body) => body.deliveries);
    expect(pages.map((page) => page.length)).to.deep.equal([5, 5, 2]);
    expect(items.map((item) => item.id)).to.deep.equal(expected);

    const all = (await (await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(owner.sessionToken) })).json()) as {
      deliveries: unknown[];
      nextCursor: string | null;
    };
    expect(all.deliveries).to.have.length(12);
    expect(all.nextCursor).to.equal(null);

    const bad = await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries?cursor=abc`, { headers: bearer(owner.sessionToken) });
    expect(bad.status).to.equal(400);
    const stranger = await signup(h);
    expect((await h.request('GET', url(null), { headers: bearer(stranger.sessionToken) })).status).to.equal(404);
  });
});

for (const database of TEST_DATABASES) {
  describe(`persistence: job pages and service counts on ${database.name}`, () => {
    let opened: OpenedDatabase | null;
    let jobs: JobRepository;
    before(async function () {
      opened = await database.open();
      if (!opened) this.skip();
      jobs = new JobRepository({ dataSource: opened.dataSource });
    });
    after(async () => opened?.close());

    it('reads keyset pages with ties in the same millisecond, and counts jobs by status and the oldest pending', async () => {
      const organizationId = randomUUID();
      const rows = Array.from({ length: 7 }, (_, i) => jobRow(organizationId, Math.floor(i / 3), { id: randomUUID(), status: i === 6 ? 'completed' : 'pending' }));
      for (const row of rows) await insertJob(jobs, row);
      const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((job) => job.id);
      const seen: string[] = [];
      let after: PagePosition | null = null;
      for (;;) {
        const page = await jobs.listForOrganization(organizationId, { services: ['documents'] }, { after, limit: 2 });
        seen.push(...page.items.map((job) => job.id));
        if (!page.nextCursor) break;
        after = decodeCursor(page.nextCursor);
      }
      expect(seen).to.deep.equal(expected);
      expect(await jobs.countByStatus()).to.deep.equal({ pending: 6, completed: 1 });
      expect((await jobs.oldestCreatedAt('pending'))!.getTime()).to.equal(BASE);
      expect(await jobs.oldestCreatedAt('failed')).to.equal(null);
    });
  });
}
