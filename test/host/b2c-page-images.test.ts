import { expect } from 'chai';
import sharp from 'sharp';
import type { ProcessResult } from '@docsift/core';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, resultOf, waitFor } from './support/fake-engine.js';
import { INVOICE_FIELDS } from './support/b2c.js';
import { HOST_DATABASES } from './support/mysql-database.js';
import { twoColourPng } from '../support/fixtures.js';


/** What the template extractor gives for INVOICE_FIELDS on the PNG. */
function templateResult(): ProcessResult {
  return {
    fileType: 'png',
    pageCount: 1,
    documentType: 'template',
    classificationConfidence: 1,
    alternativeTypes: [],
    extractedData: { invoiceNumber: 'INV-7' },
    fieldDetails: { invoiceNumber: { confidence: 0.9, page: 1, bbox: [0.1, 0.1, 0.2, 0.12], source: 'ocr' } },
    findings: [],
    timingsMs: { ingest: 1, read: 1, classify: 0, extract: 1, validate: 0, total: 3 },
    pageSources: ['ocr'],
    pages: [{ width: 600, height: 300, rotation: 0, deskewAngle: 0 }],
  };
}

for (const database of HOST_DATABASES) {
  /** Issue 16: a consumer extraction's page as an image, for the dashboard's result view. */
  describe(`host: GET /api/b2c/extract/{extractionId}/pages/{page}/image on ${database.name}`, () => {
    let h: Harness;
    let drop: (() => Promise<void>) | undefined;
    let owner: Account;
    let other: Account;
    let extractionId: string;
    let documentOutcome = false;
    const engine = fakeEngine(() => (documentOutcome ? { ...resultOf('insurance_cert', { certificateNumber: 'C-1' }), fileType: 'png' } : templateResult()));

    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; the consumer page image tests are skipped there\n`);
        this.skip();
      }
      drop = opened!.drop;
      h = await startHarness(opened!.env, { worker: true, enginePool: engine });
      owner = await signup(h);
      other = await signup(h);
      const template = await h.request('POST', '/api/b2c/templates', { json: { name: 'Invoices', fields: INVOICE_FIELDS }, headers: bearer(owner.sessionToken) });
      expect(template.status, await template.clone().text()).to.equal(201);
      const { id: templateId } = (await template.json()) as { id: string };
      const res = await h.request('POST', '/api/b2c/extract', {
        body: form({ file: { bytes: await twoColourPng(), name: 'two.png', type: 'image/png' }, templateId }),
        headers: bearer(owner.sessionToken),
      });
      expect(res.status, await res.clone().text()).to.equal(202);
      extractionId = ((await res.json()) as { extractionId: string }).extractionId;
      const record = await waitFor(
        async () => (await (await h.request('GET', `/api/b2c/extract/${extractionId}`, { headers: bearer(owner.sessionToken) })).json()) as { status: string },
        (value) => value.status === 'completed' || value.status === 'failed',
      );
      expect(record.status).to.equal('completed');
    });
    after(async () => {
      await h?.close();
      await drop?.();
    });

    const image = (id: string, page: number, query = '', headers: Record<string, string> = bearer(owner.sessionToken)) =>
      h.request('GET', `/api/b2c/extract/${id}/pages/${page}/image${query}`, { headers });

    it('renders the page as a PNG at the requested width, the height in proportion, with ETag and private caching', async () => {
      const res = await image(extractionId, 1, '?width=300');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      expect(res.headers.get('cache-control')).to.equal('private, no-cache');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).to.equal('PNG');
      expect({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }).to.deep.equal({ width: 300, height: 150 });
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(at(20, 75)).to.deep.equal([255, 0, 0]);
      expect(at(280, 75)).to.deep.equal([0, 0, 255]);

      const again = await image(extractionId, 1, '?width=300', { ...bearer(owner.sessionToken), 'if-none-match': res.headers.get('etag')! });
      expect(again.status).to.equal(304);
    });

    it('answers 404 with the page count for a page out of range, and 400 for an invalid width', async () => {
      const missing = await image(extractionId, 2);
      expect(missing.status).to.equal(404);
      expect(await missing.json()).to.deep.include({ error: 'not_found', details: { pageCount: 1 } });
      expect((await image(extractionId, 1, '?width=50')).status).to.equal(400);
    });

    it("answers 404 for another organization's extraction and for an unknown id", async () => {
      const foreign = await image(extractionId, 1, '', bearer(other.sessionToken));
      expect(foreign.status).to.equal(404);
      expect(await foreign.json()).to.deep.include({ error: 'not_found', message: 'Extraction not found.' });
      expect((await image('no-such-extraction', 1)).status).to.equal(404);
    });

    it('answers 404 for a document job (not a consumer extraction), and 401 for an API key', async () => {
      documentOutcome = true;
      const key = await createKey(h, owner);
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: await twoColourPng(), name: 'two.png', type: 'image/png' } }), headers: bearer(key) });
      expect(res.status).to.equal(202);
      const { jobId } = (await res.json()) as { jobId: string };
      const job = await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string },
        (record) => record.status === 'completed',
      );
      expect(job.status).to.equal('completed');
      expect((await image(jobId, 1)).status).to.equal(404);
      expect((await h.request('GET', `/api/documents/extract/${jobId}/pages/1/image`, { headers: bearer(key) })).status).to.equal(200);
      expect((await image(extractionId, 1, '', bearer(key))).status).to.equal(401);
    });
  });
}
