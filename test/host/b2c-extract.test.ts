import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { DocumentModel, ProcessResult } from '@docsift/core';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, waitFor } from './support/fake-engine.js';
import { INVOICE_FIELDS } from './support/b2c.js';
import { HOST_DATABASES } from './support/mysql-database.js';
import { multipartBody, partHead, sendMultipart } from './support/raw-multipart.js';

const MB = 1_048_576;

const READ: DocumentModel = {
  format: 'pdf',
  pageCount: 1,
  pages: [
    {
      number: 1,
      width: 612,
      height: 792,
      rotation: 0,
      deskewAngle: 0,
      source: 'text',
      words: [{ text: 'INV-7', bbox: [0.1, 0.1, 0.2, 0.12], source: 'text', confidence: 1 }],
      lines: [{ text: 'INV-7', bbox: [0.1, 0.1, 0.2, 0.12], words: [{ text: 'INV-7', bbox: [0.1, 0.1, 0.2, 0.12], source: 'text', confidence: 1 }] }],
    },
  ],
  formFields: [],
  encrypted: false,
};

/** What the template extractor gives for INVOICE_FIELDS: an extra key the template does not have, and no total. */
function templateResult(data: Record<string, unknown> = { invoiceNumber: 'INV-7', lineItems: [{ description: '=HYPERLINK("x")', amount: 10 }], stray: 1 }): ProcessResult {
  return {
    fileType: 'pdf',
    pageCount: 1,
    documentType: 'template',
    classificationConfidence: 1,
    alternativeTypes: [],
    extractedData: data,
    fieldDetails: {
      invoiceNumber: { confidence: 0.9, page: 1, bbox: [0.1, 0.1, 0.2, 0.12], source: 'text' },
      'lineItems[0].description': { confidence: 0.8, page: 1, bbox: [0.1, 0.3, 0.5, 0.32], source: 'text' },
      'lineItems[0].amount': { confidence: 0.6, page: 1, bbox: [0.6, 0.3, 0.7, 0.32], source: 'text' },
    },
    findings: [],
    timingsMs: { ingest: 1, read: 1, classify: 0, extract: 1, validate: 0, total: 3 },
    pageSources: ['text'],
    document: READ,
  };
}


for (const database of HOST_DATABASES) {
  describe(`host: consumer extractions (/api/b2c/extract) on ${database.name}`, () => {
    let h: Harness;
    let drop: (() => Promise<void>) | undefined;
    let engine: ReturnType<typeof fakeEngine>;
    let owner: Account;
    let other: Account;
    let templateId: string;
    let outcome: () => ProcessResult;

    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; the consumer extraction tests are skipped there\n`);
        this.skip();
      }
      drop = opened!.drop;
      outcome = () => templateResult();
      engine = fakeEngine(() => outcome());
      h = await startHarness({ DOCSIFT_CONSUMER_MAX_PDF_MB: '2', DOCSIFT_CONSUMER_MAX_IMAGE_MB: '1', ...opened!.env }, { worker: true, enginePool: engine });
      owner = await signup(h);
      other = await signup(h);
      templateId = await createTemplate(owner, { name: 'Invoices', documentType: 'sor', fields: INVOICE_FIELDS });
    });
    after(async () => {
      await h?.close();
      await drop?.();
    });

    async function createTemplate(account: Account, body: Record<string, unknown>): Promise<string> {
      const res = await h.request('POST', '/api/b2c/templates', { json: body, headers: bearer(account.sessionToken) });
      expect(res.status).to.equal(201);
      return ((await res.json()) as { id: string }).id;
    }

    const submit = (account: Account, parts: Parameters<typeof form>[0], headers: Record<string, string> = {}) =>
      h.request('POST', '/api/b2c/extract', { body: form(parts), headers: { ...bearer(account.sessionToken), ...headers } });
    const read = async (account: Account, id: string) => (await (await h.request('GET', `/api/b2c/extract/${id}`, { headers: bearer(account.sessionToken) })).json()) as Record<string, any>;
    const completed = (account: Account, id: string) => waitFor(() => read(account, id), (record) => record.status === 'completed' || record.status === 'failed');
    async function extract(account = owner, id = templateId, extra: Record<string, string> = {}): Promise<string> {
      const res = await submit(account, { file: { bytes: PDF_BYTES, name: 'invoice.pdf' }, templateId: id, ...extra });
      expect(res.status, await res.clone().text()).to.equal(202);
      return ((await res.json()) as { extractionId: string }).extractionId;
    }
    const filesUnder = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    const storedFiles = () => filesUnder(h.dataDir).filter((file) => !/docsift\.sqlite/.test(file) && !file.endsWith('.key'));

    describe('happy path', () => {
      it('accepts a document (202), runs the template on the engine pool, and answers data keyed by the template with confidences', async () => {
        const calls = engine.calls.length;
        const res = await submit(owner, { file: { bytes: PDF_BYTES, name: 'invoice.pdf' }, templateId, metadata: '{"ref":"A-1"}' });
        expect(res.status).to.equal(202);
        const created = (await res.json()) as Record<string, string>;
        expect(created).to.have.keys('extractionId', 'status', 'pollingUrl', 'createdAt');
        expect(created.status).to.equal('pending');
        expect(created.pollingUrl).to.equal(`http://docsift.test/api/b2c/extract/${created.extractionId}`);
        expect(res.headers.get('x-ratelimit-limit')).to.be.a('string');

        const record = await completed(owner, created.extractionId!);
        expect(record).to.include({ extractionId: created.extractionId, templateId, templateVersion: 1, status: 'completed', fileName: 'invoice.pdf', progress: 100 });
        expect(record.data).to.deep.equal({ invoiceNumber: 'INV-7', total: null, lineItems: [{ description: '=HYPERLINK("x")', amount: 10 }] });
        expect(record.confidence).to.deep.equal({ fields: { invoiceNumber: 0.9, total: 0, lineItems: 0.7 }, overall: 0.8 });
        expect(record.fieldDetails).to.have.property('invoiceNumber');
        expect(record.metadata).to.deep.equal({ ref: 'A-1' });
        expect(record).to.have.property('completedAt');

        const call = engine.calls[calls]!;
        expect(call.options).to.deep.include({ engine: 'local', typeHint: 'sor', template: { fields: INVOICE_FIELDS } });
        const [row] = (await h.dataSource.query('SELECT read_result, template_version, user_id FROM template_extractions WHERE job_id = ?', [created.extractionId])) as Array<Record<string, any>>;
        const kept = JSON.parse(row!.read_result) as DocumentModel;
        expect(kept.pages[0]!.words).to.deep.equal(READ.pages[0]!.words);
        expect(row).to.include({ template_version: 1, user_id: owner.userId });
      });

      it('answers a repeated Idempotency-Key with the first extraction', async () => {
        const parts = { file: { bytes: PDF_BYTES, name: 'invoice.pdf' }, templateId };
        const key = { 'idempotency-key': `b2c-${Date.now()}` };
        const first = (await (await submit(owner, parts, key)).json()) as { extractionId: string };
        const again = await submit(owner, parts, key);
        expect(again.status).to.equal(202);
        expect(again.headers.get('idempotent-replayed')).to.equal('true');
        expect(await again.json()).to.deep.include({ extractionId: first.extractionId, pollingUrl: `http://docsift.test/api/b2c/extract/${first.extractionId}` });
        await completed(owner, first.extractionId);
      });

      it('brings overall confidence to 0 when a required field is not found', async () => {
        outcome = () => templateResult({ total: 5 });
        try {
          const record = await completed(owner, await extract());
          expect(record.data).to.deep.equal({ invoiceNumber: null, total: 5, lineItems: null });
          expect(record.confidence.overall).to.equal(0);
        } finally {
          outcome = () => templateResult();
        }
      });

      it('keeps the template version and fields an extraction used when the template changes afterwards', async () => {
        const id = await createTemplate(owner, { name: 'Changing', fields: INVOICE_FIELDS });
        const first = await completed(owner, await extract(owner, id));
        const put = await h.request('PUT', `/api/b2c/templates/${id}`, {
          json: { name: 'Changing', fields: [{ name: 'total', type: 'currency', description: 'Total' }] },
          headers: bearer(owner.sessionToken),
        });
        expect(((await put.json()) as { version: number }).version).to.equal(2);
        const again = await read(owner, first.extractionId);
        expect(again.templateVersion).to.equal(1);
        expect(Object.keys(again.data)).to.deep.equal(['invoiceNumber', 'total', 'lineItems']);
        const second = await completed(owner, await extract(owner, id));
        expect(second.templateVersion).to.equal(2);
        expect(second.data).to.deep.equal({ total: null });
      });

      it('lists extractions newest first by cursor, filtered by template and status', async () => {
        const id = await createTemplate(owner, { name: 'Listed', fields: INVOICE_FIELDS });
        const ids = [await extract(owner, id), await extract(owner, id), await extract(owner, id)];
        for (const extractionId of ids) await completed(owner, extractionId);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `templateId=${id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
          const page = (await (await h.request('GET', `/api/b2c/extractions?${query}`, { headers: bearer(owner.sessionToken) })).json()) as {
            extractions: Array<{ extractionId: string; templateId: string }>;
            nextCursor: string | null;
          };
          expect(page.extractions.length).to.be.at.most(2);
          seen.push(...page.extractions.map((item) => item.extractionId));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).to.deep.equal([...ids].reverse());
        const pending = (await (await h.request('GET', `/api/b2c/extractions?templateId=${id}&status=pending`, { headers: bearer(owner.sessionToken) })).json()) as {
          extractions: unknown[];
        };
        expect(pending.extractions).to.deep.equal([]);
      });

      it('exports a template\'s completed extractions as RFC 4180 CSV, lists as JSON, formulas neutralised', async () => {
        const id = await createTemplate(owner, { name: 'Exported', fields: INVOICE_FIELDS });
        const extractionId = await extract(owner, id);
        await completed(owner, extractionId);
        const res = await h.request('GET', `/api/b2c/templates/${id}/export`, { headers: bearer(owner.sessionToken) });
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="template-${id}.csv"`);
        const lines = (await res.text()).split('\r\n');
        expect(lines[0]).to.equal('extractionId,fileName,completedAt,templateVersion,confidence,correctedAt,invoiceNumber,total,lineItems');
        const row = lines[1]!;
        expect(row.startsWith(`${extractionId},invoice.pdf,`)).to.equal(true);
        // The list is one JSON cell, its quotes doubled; the formula inside a JSON cell cannot run (the cell starts with "[").
        expect(row.endsWith(',1,0.8,,INV-7,,"[{""description"":""=HYPERLINK(\\""x\\"")"",""amount"":10}]"')).to.equal(true);
        expect(lines.slice(2)).to.deep.equal(['']);
      });

      it('deletes an extraction (204) with its file', async () => {
        const extractionId = await extract();
        await completed(owner, extractionId);
        const before = storedFiles().length;
        expect((await h.request('DELETE', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
        expect((await h.request('GET', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
        expect(storedFiles().length).to.equal(before - 1);
        const rows = (await h.dataSource.query('SELECT COUNT(*) AS n FROM template_extractions WHERE job_id = ?', [extractionId])) as Array<{ n: number }>;
        expect(Number(rows[0]!.n)).to.equal(0);
      });

      it('describes the API with the limits in force (GET /api/b2c/extract)', async () => {
        const res = await h.request('GET', '/api/b2c/extract', { headers: bearer(owner.sessionToken) });
        const info = (await res.json()) as Record<string, any>;
        expect(info).to.include({ service: 'b2c' });
        expect(info.limits).to.include({ pdfBytes: 2 * MB, imageBytes: MB, maxTemplateFields: 100 });
        expect(info.fieldTypes).to.deep.equal(['string', 'number', 'integer', 'currency', 'date', 'boolean', 'email', 'phone', 'address', 'list']);
        expect(info.endpoints.map((endpoint: { path: string }) => endpoint.path)).to.include('/api/b2c/templates');
      });
    });

    describe('errors', () => {
      const expectError = async (res: Response, status: number, error: string) => {
        expect(res.status).to.equal(status);
        const body = (await res.json()) as { error: string; message: string };
        expect(body.error).to.equal(error);
        expect(body.message).to.be.a('string');
      };

      it('refuses a request without a file, without templateId, or with metadata that is not a JSON object (400)', async () => {
        await expectError(await submit(owner, { templateId }), 400, 'invalid_request');
        await expectError(await submit(owner, { file: { bytes: PDF_BYTES, name: 'a.pdf' } }), 400, 'invalid_request');
        await expectError(await submit(owner, { file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId, metadata: '{"a":' }), 400, 'invalid_request');
      });

      it('refuses a file that is no PDF, JPEG or PNG (400 invalid_file_format), whatever its name', async () => {
        await expectError(await submit(owner, { file: { bytes: Buffer.from('just text'), name: 'a.pdf' }, templateId }), 400, 'invalid_file_format');
      });

      it('answers 404 for an unknown template', async () => {
        await expectError(await submit(owner, { file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId: '00000000-0000-7000-8000-000000000000' }), 404, 'not_found');
      });

      it('refuses a PDF over the consumer PDF limit and an image over the image limit (413), leaving nothing on disk', async () => {
        const before = storedFiles();
        const pdf = Buffer.alloc(2 * MB + 10);
        PDF_BYTES.copy(pdf);
        const big = await submit(owner, { file: { bytes: pdf, name: 'big.pdf' }, templateId });
        expect(big.status).to.equal(413);
        expect(await big.json()).to.deep.include({ error: 'file_too_large', details: { maxBytes: 2 * MB, fileType: 'pdf' } });
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
        const image = Buffer.alloc(MB + 10);
        png.copy(image);
        const bigImage = await submit(owner, { file: { bytes: image, name: 'scan.png', type: 'image/png' }, templateId });
        expect(bigImage.status).to.equal(413);
        expect(await bigImage.json()).to.deep.include({ error: 'file_too_large', details: { maxBytes: MB, fileType: 'png' } });
        await waitFor(async () => storedFiles(), (files) => files.length === before.length, 2000);
        expect(storedFiles()).to.deep.equal(before);
        // A PDF between the image and the PDF limits is taken.
        const middle = Buffer.alloc(MB + 10);
        PDF_BYTES.copy(middle);
        expect((await submit(owner, { file: { bytes: middle, name: 'mid.pdf' }, templateId })).status).to.equal(202);
      });

      it('answers 413 for an oversize image before the rest of it is sent', async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
        // Under the PDF limit, so the declared length passes; the image limit (1 MB) cuts it off while it streams.
        const file = Buffer.alloc(1.5 * MB);
        png.copy(file);
        const fieldPart: [Buffer, string] = [partHead('templateId'), templateId];
        const head = partHead('file', 'photo.png', 'image/png');
        const body = multipartBody([fieldPart, [head, file]]);
        // The server must answer without the last 256 KB of the file: it never has the whole of it.
        const res = await sendMultipart(`${h.baseUrl}/api/b2c/extract`, bearer(owner.sessionToken), body, { sendBytes: body.length - 256 * 1024 });
        expect(res.status).to.equal(413);
        expect(JSON.parse(res.body)).to.deep.include({ error: 'file_too_large', details: { maxBytes: MB, fileType: 'png' } });
      });

      it('refuses a cursor it did not give out (400)', async () => {
        await expectError(await h.request('GET', '/api/b2c/extractions?cursor=bm9wZQ', { headers: bearer(owner.sessionToken) }), 400, 'invalid_request');
      });
    });

    describe('security', () => {
      it("cannot use another organization's template (404, no job made)", async () => {
        const theirs = await createTemplate(other, { name: 'Theirs', fields: INVOICE_FIELDS });
        const count = async () => Number(((await h.dataSource.query("SELECT COUNT(*) AS n FROM jobs WHERE service = 'b2c'")) as Array<{ n: number }>)[0]!.n);
        const before = await count();
        const res = await submit(owner, { file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId: theirs });
        expect(res.status).to.equal(404);
        expect(await res.json()).to.deep.equal({ error: 'not_found', message: 'Template not found.' });
        expect(await count()).to.equal(before);
      });

      it("answers 404 for another organization's extraction, keeps it out of the list and the export, and lets it stand", async () => {
        const theirTemplate = await createTemplate(other, { name: 'Theirs', fields: INVOICE_FIELDS });
        const theirs = await extract(other, theirTemplate);
        await completed(other, theirs);
        for (const method of ['GET', 'DELETE']) {
          const res = await h.request(method, `/api/b2c/extract/${theirs}`, { headers: bearer(owner.sessionToken) });
          expect(res.status, method).to.equal(404);
          expect(await res.json()).to.deep.equal({ error: 'not_found', message: 'Extraction not found.' });
        }
        const mine = (await (await h.request('GET', '/api/b2c/extractions?limit=100', { headers: bearer(owner.sessionToken) })).json()) as { extractions: Array<{ extractionId: string }> };
        expect(mine.extractions.map((item) => item.extractionId)).not.to.include(theirs);
        const filtered = (await (await h.request('GET', `/api/b2c/extractions?templateId=${theirTemplate}`, { headers: bearer(owner.sessionToken) })).json()) as { extractions: unknown[] };
        expect(filtered.extractions).to.deep.equal([]);
        expect((await h.request('GET', `/api/b2c/templates/${theirTemplate}/export`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
        expect((await read(other, theirs)).status).to.equal('completed');
      });

      it('keeps extractions out of the API-key document endpoints', async () => {
        const extractionId = await extract();
        await completed(owner, extractionId);
        const key = await createKey(h, owner);
        expect((await h.request('GET', `/api/documents/extract/${extractionId}`, { headers: bearer(key) })).status).to.equal(404);
        expect((await h.request('DELETE', `/api/documents/extract/${extractionId}`, { headers: bearer(key) })).status).to.equal(404);
        expect((await read(owner, extractionId)).status).to.equal('completed');
      });

      it('refuses a cookie-borne extraction from another origin (403)', async () => {
        const login = await h.request('POST', '/api/auth/login', { json: { email: owner.email, password: 'correct horse battery' } });
        const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
        const res = await h.request('POST', '/api/b2c/extract', {
          body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId }),
          headers: { cookie, origin: 'https://evil.example' },
        });
        expect(res.status).to.equal(403);
        const sameOrigin = await h.request('POST', '/api/b2c/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId }), headers: { cookie } });
        expect(sameOrigin.status).to.equal(202);
      });
    });
  });
}
