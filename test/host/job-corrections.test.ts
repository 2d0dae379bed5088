import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { HOST_DATABASES } from './support/mysql-database.js';

const CERT = { certificateNumber: 'C-9', insured: { name: 'Redstone' }, coverages: [{ type: 'general_liability', policyNumber: 'GL-1' }] };
const CORRECTED = { ...CERT, insured: { name: 'Redstone Builders LLC' }, coverages: [{ type: 'general_liability', policyNumber: 'GL-100' }] };

interface JobView {
  status: string;
  extractedData: unknown;
  correctedData: unknown;
  correctedAt: string | null;
  correctedBy: unknown;
}

for (const database of HOST_DATABASES) {
  /** Issue 16: a corrected record stored beside the engine's data of a document job. */
  describe(`host: PUT/DELETE /api/documents/extract/{jobId}/correction on ${database.name}`, function () {
    let h: Harness;
    let owner: Account;
    let key: string;
    let receiver: Receiver;
    let drop: () => Promise<void> = async () => undefined;
    let hold = false;
    const engine = fakeEngine(async () => {
      await waitFor(async () => hold, (held) => !held, 60_000);
      return resultOf('insurance_cert', CERT);
    });

    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; job correction tests skipped there\n`);
        this.skip();
      }
      drop = opened!.drop;
      h = await startHarness({ ...opened!.env, DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' }, { worker: true, enginePool: engine });
      receiver = await startReceiver();
      owner = await signup(h);
      key = await createKey(h, owner);
    });
    after(async () => {
      await receiver?.close();
      await h?.close();
      await drop();
    });

    async function submit(apiKey = key): Promise<string> {
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(apiKey) });
      expect(res.status).to.equal(202);
      return ((await res.json()) as { jobId: string }).jobId;
    }

    const read = async (jobId: string, query = '', apiKey = key) =>
      (await (await h.request('GET', `/api/documents/extract/${jobId}${query}`, { headers: bearer(apiKey) })).json()) as JobView;

    async function completed(apiKey = key): Promise<string> {
      const jobId = await submit(apiKey);
      expect((await waitFor(() => read(jobId, '', apiKey), (job) => job.status === 'completed')).status).to.equal('completed');
      return jobId;
    }

    const put = (jobId: string, json: unknown, headers: Record<string, string> = bearer(key)) => h.request('PUT', `/api/documents/extract/${jobId}/correction`, { json, headers });
    const remove = (jobId: string, headers: Record<string, string> = bearer(key)) => h.request('DELETE', `/api/documents/extract/${jobId}/correction`, { headers });

    describe('happy path', () => {
      it('a completed job reads with correctedData null; PUT stores the record beside extractedData; DELETE removes it', async () => {
        const jobId = await completed();
        expect(await read(jobId)).to.deep.include({ extractedData: CERT, correctedData: null, correctedAt: null, correctedBy: null });

        const res = await put(jobId, { data: CORRECTED });
        expect(res.status).to.equal(200);
        const view = (await res.json()) as JobView & { jobId: string };
        expect(view).to.deep.include({ jobId, status: 'completed', extractedData: CERT, correctedData: CORRECTED });
        expect(Date.parse(view.correctedAt!)).to.be.closeTo(Date.now(), 60_000);
        const [keyRow] = (await h.dataSource.query('SELECT api_key_id FROM jobs WHERE id = ?', [jobId])) as Array<{ api_key_id: string }>;
        expect(view.correctedBy).to.deep.equal({ kind: 'apiKey', id: keyRow!.api_key_id });
        expect(await read(jobId)).to.deep.include({ extractedData: CERT, correctedData: CORRECTED, correctedAt: view.correctedAt });

        const bySession = (await (await put(jobId, { data: CERT }, bearer(owner.sessionToken))).json()) as JobView;
        expect(bySession.correctedBy).to.deep.equal({ kind: 'user', id: owner.userId });
        expect((await read(jobId)).correctedData).to.deep.equal(CERT);

        expect((await remove(jobId)).status).to.equal(204);
        expect(await read(jobId)).to.deep.include({ extractedData: CERT, correctedData: null, correctedAt: null, correctedBy: null });
        expect((await remove(jobId)).status).to.equal(204);
      });

      it('a record read (and cached) before a correction written by another process is read corrected at once', async () => {
        const jobId = await completed();
        await read(jobId);
        expect((await read(jobId)).correctedData).to.equal(null);
        // Another process's write: the row changes under this process's record cache.
        await h.dataSource.query('UPDATE jobs SET corrected_data = ?, corrected_at = ? WHERE id = ?', [JSON.stringify(CORRECTED), '2026-11-26 12:00:00.000', jobId]);
        expect((await read(jobId)).correctedData).to.deep.equal(CORRECTED);
      });

      it('?layout=legacy gives correctedData in the legacy layout too', async () => {
        const jobId = await completed();
        await put(jobId, { data: CORRECTED });
        const legacy = await read(jobId, '?layout=legacy');
        expect(legacy.correctedData).to.deep.include({ certificateNumber: 'C-9', insuredName: 'Redstone Builders LLC' });
        expect(legacy.extractedData).to.deep.include({ certificateNumber: 'C-9', insuredName: 'Redstone' });
      });

      it("sends extraction.corrected with the corrected record to the organization's webhook configurations", async () => {
        const org = await signup(h);
        const orgKey = await createKey(h, org);
        const created = await h.request('POST', '/api/integrations/webhooks', {
          json: { connectionName: 'hook', webhookConfig: { url: `${receiver.url}/corrections`, retryEnabled: false } },
          headers: bearer(orgKey),
        });
        expect(created.status).to.equal(201);
        const webhookId = ((await created.json()) as { id: string }).id;
        const jobId = await completed(orgKey);
        await waitFor(async () => receiver.on('/corrections'), (got) => got.length >= 1);
        expect((await put(jobId, { data: CORRECTED }, bearer(orgKey))).status).to.equal(200);
        const arrived = await waitFor(async () => receiver.on('/corrections'), (got) => got.length >= 2);
        expect(arrived.map((request) => request.body.event)).to.deep.equal(['extraction.completed', 'extraction.corrected']);
        expect(arrived[1]!.body).to.deep.include({ event: 'extraction.corrected', jobId, status: 'completed', documentType: 'insurance_cert', extractedData: CORRECTED });
        expect(Date.parse(arrived[1]!.body.correctedAt as string)).to.be.closeTo(Date.now(), 60_000);
        const log = (await (await h.request('GET', `/api/integrations/webhooks/${webhookId}/deliveries`, { headers: bearer(orgKey) })).json()) as {
          deliveries: Array<{ event: string; jobId: string }>;
        };
        expect(log.deliveries.map((delivery) => delivery.event)).to.include('extraction.corrected');
        expect((await remove(jobId, bearer(orgKey))).status).to.equal(204);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(receiver.on('/corrections')).to.have.length(2, 'removing a correction sends nothing');
      });
    });

    describe('errors', () => {
      it('answers 409 conflict for a job that is not completed (PUT and DELETE)', async () => {
        hold = true;
        try {
          const jobId = await submit();
          const res = await put(jobId, { data: CORRECTED });
          expect(res.status).to.equal(409);
          expect(((await res.json()) as { error: string }).error).to.equal('conflict');
          expect((await remove(jobId)).status).to.equal(409);
        } finally {
          hold = false;
        }
      });

      it("answers 400 when data is missing, not an object, comes with other members, or is not of the shape of the job's type", async () => {
        const jobId = await completed();
        for (const body of [{}, { data: [1, 2] }, { data: null }, { data: 'text' }, { data: CERT, extra: 1 }, { data: { certificateNumber: 'C-9' } }]) {
          const res = await put(jobId, body);
          expect(res.status, JSON.stringify(body)).to.equal(400);
          expect(((await res.json()) as { error: string }).error).to.equal('invalid_request');
        }
        expect((await read(jobId)).correctedData).to.equal(null);
      });

      it('answers 413 for a corrected record past 1 MB and stores nothing', async () => {
        const jobId = await completed();
        const res = await put(jobId, { data: { ...CERT, notes: 'x'.repeat(1_048_576) } });
        expect(res.status).to.equal(413);
        expect(((await res.json()) as { error: string }).error).to.equal('file_too_large');
        expect((await read(jobId)).correctedData).to.equal(null);
        expect((await put(jobId, { data: { ...CERT, notes: 'x'.repeat(500_000) } })).status).to.equal(200);
      });

      it('answers 404 for a job that does not exist', async () => {
        expect((await put('0190a000-0000-7000-8000-000000000000', { data: CERT })).status).to.equal(404);
        expect((await remove('0190a000-0000-7000-8000-000000000000')).status).to.equal(404);
      });
    });

    describe('security', () => {
      it("answers another organization's job 404 and leaves it unchanged", async () => {
        const jobId = await completed();
        const other = await signup(h);
        const otherKey = await createKey(h, other);
        const res = await put(jobId, { data: CORRECTED }, bearer(otherKey));
        expect(res.status).to.equal(404);
        expect(((await res.json()) as { error: string }).error).to.equal('not_found');
        expect((await remove(jobId, bearer(otherKey))).status).to.equal(404);
        expect((await read(jobId)).correctedData).to.equal(null);
      });

      it('needs documents:write (403 with requiredScope for a read-only key) and credentials (401)', async () => {
        const jobId = await completed();
        const readOnly = await createKey(h, owner, { name: 'reader', scopes: ['documents:read'] });
        const res = await put(jobId, { data: CORRECTED }, bearer(readOnly));
        expect(res.status).to.equal(403);
        expect(await res.json()).to.deep.include({ details: { requiredScope: 'documents:write' } });
        expect((await remove(jobId, bearer(readOnly))).status).to.equal(403);
        expect((await put(jobId, { data: CORRECTED }, {})).status).to.equal(401);
      });
    });
  });
}
