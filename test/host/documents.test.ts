import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { bearer, createKey, PUBLIC_URL, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';

describe('host: document submission, status and deletion (API only)', () => {
  let h: Harness;
  let owner: Account;
  let key: string;
  before(async () => {
    h = await startHarness({ DOCSIFT_MAX_FILE_MB: '1' });
    owner = await signup(h);
    key = await createKey(h, owner);
  });
  after(async () => h.close());

  const submit = (body: FormData | string, headers: Record<string, string> = {}) =>
    h.request('POST', '/api/documents/extract', { body, headers: { ...bearer(key), ...headers } });

  it('accepts a PDF: 202 with jobId, pending, absolute pollingUrl, createdAt; the job reads back pending', async () => {
    const res = await submit(form({ file: { bytes: PDF_BYTES, name: 'cert.pdf' }, metadata: '{"loan":"L-1"}', webhookUrl: 'https://hooks.example.com/x' }));
    expect(res.status).to.equal(202);
    const created = (await res.json()) as Record<string, string>;
    expect(created.status).to.equal('pending');
    expect(created.pollingUrl).to.equal(`${PUBLIC_URL}/api/documents/extract/${created.jobId}`);
    expect(Date.parse(created.createdAt)).to.be.closeTo(Date.now(), 60_000);
    const job = (await (await h.request('GET', `/api/documents/extract/${created.jobId}`, { headers: bearer(key) })).json()) as Record<string, unknown>;
    expect(job).to.include({ jobId: created.jobId, status: 'pending', fileName: 'cert.pdf', fileType: 'pdf', progress: 0 });
    expect(job.metadata).to.deep.equal({ loan: 'L-1' });
    expect(job).not.to.have.property('extractedData');
    const rows = (await h.dataSource.query('SELECT webhook_url FROM jobs WHERE id = ?', [created.jobId])) as Array<{ webhook_url: string }>;
    expect(rows[0].webhook_url).to.equal('https://hooks.example.com/x');
  });

  it('accepts a session as well as a key, and the legacy documentType hint', async () => {
    const res = await h.request('POST', '/api/documents/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, documentType: 'insurance_certificate' }),
      headers: bearer(owner.sessionToken),
    });
    expect(res.status).to.equal(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const rows = (await h.dataSource.query('SELECT type_hint FROM jobs WHERE id = ?', [jobId])) as Array<{ type_hint: string }>;
    expect(rows[0].type_hint).to.equal('insurance_certificate');
  });

  it('replays an Idempotency-Key: the same job, 202, Idempotent-Replayed: true', async () => {
    const first = await submit(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), { 'idempotency-key': 'order-42' });
    const second = await submit(form({ file: { bytes: PDF_BYTES, name: 'b.pdf' } }), { 'idempotency-key': 'order-42' });
    expect(second.status).to.equal(202);
    expect(second.headers.get('idempotent-replayed')).to.equal('true');
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expect(((await second.json()) as { jobId: string }).jobId).to.equal(((await first.json()) as { jobId: string }).jobId);
    const other = await signup(h);
    const otherKey = await createKey(h, other);
    const third = await h.request('POST', '/api/documents/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }),
      headers: { ...bearer(otherKey), 'idempotency-key': 'order-42' },
    });
    expect(third.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('deletes a job, its file and results (204), then 404', async () => {
    const { jobId } = (await (await submit(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }))).json()) as { jobId: string };
    const [row] = (await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [jobId])) as Array<{ file_key: string }>;
    const file = path.join(h.config.storage.root, row.file_key);
    expect(fs.existsSync(file)).to.equal(true);
    expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
    expect(fs.existsSync(file)).to.equal(false);
    const gone = await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) });
    expect(gone.status).to.equal(404);
    expect(await gone.json()).to.deep.include({ error: 'not_found' });
  });

  it("isolates organizations: another organization's job is 404, exactly like a missing one", async () => {
    const { jobId } = (await (await submit(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }))).json()) as { jobId: string };
    const other = await signup(h);
    const otherKey = await createKey(h, other);
    const foreign = await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(otherKey) });
    const missing = await h.request('GET', '/api/documents/extract/00000000-0000-4000-8000-000000000000', { headers: bearer(otherKey) });
    expect(foreign.status).to.equal(404);
    expect(await foreign.json()).to.deep.equal(await missing.json());
    expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(otherKey) })).status).to.equal(404);
  });

  it('needs documents:write to submit and documents:read to read (403 with requiredScope)', async () => {
    const reader = await createKey(h, owner, { name: 'reader', scopes: ['documents:read'] });
    const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(reader) });
    expect(res.status).to.equal(403);
    expect(await res.json()).to.deep.include({ details: { requiredScope: 'documents:write' } });
    const writer = await createKey(h, owner, { name: 'writer', scopes: ['documents:write'] });
    const read = await h.request('GET', '/api/documents/extract/00000000-0000-4000-8000-000000000000', { headers: bearer(writer) });
    expect(read.status).to.equal(403);
  });

  it('needs credentials (401)', async () => {
    const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }) });
    expect(res.status).to.equal(401);
  });
});
