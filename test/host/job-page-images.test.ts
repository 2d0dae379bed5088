import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { PageGeometry, ProcessResult } from '@docsift/core';
import type { FileStore } from '../../host/src/storage/file-store.js';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, resultOf, waitFor } from './support/fake-engine.js';
import { HOST_DATABASES } from './support/mysql-database.js';
import { twoColourPng } from '../support/fixtures.js';

const CORPUS_PDF = path.resolve(import.meta.dirname, '../../../shared/corpus/public/acord25_xstream_cleaning_2025-01-07.pdf');

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Buffer.from(bytes.subarray(1, 4)).toString('latin1')).to.equal('PNG');
  const view = Buffer.from(bytes);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

for (const database of HOST_DATABASES) {
  /** Issue 16: a job's page as an image, for the dashboard's result view. */
  describe(`host: GET /api/documents/extract/{jobId}/pages/{page}/image on ${database.name}`, () => {
    let h: Harness;
    let owner: Account;
    let key: string;
    let fileType: ProcessResult['fileType'] = 'pdf';
    let pages: PageGeometry[] | undefined;
    const engine = fakeEngine((): ProcessResult => ({ ...resultOf('insurance_cert', { certificateNumber: 'C-1' }), fileType, pages }));
    let drop: () => Promise<void> = async () => undefined;

    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; page image tests skipped there\n`);
        this.skip();
      }
      drop = opened!.drop;
      h = await startHarness(opened!.env, { worker: true, enginePool: engine });
      owner = await signup(h);
      key = await createKey(h, owner);
    });
    after(async () => {
      await h?.close();
      await drop();
    });

    async function completedJob(bytes: Uint8Array, name: string, type: string, geometry?: PageGeometry[]): Promise<string> {
      pages = geometry;
      fileType = type === 'application/pdf' ? 'pdf' : 'png';
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes, name, type } }), headers: bearer(key) });
      expect(res.status).to.equal(202);
      const { jobId } = (await res.json()) as { jobId: string };
      const job = await waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { status: string },
        (record) => record.status === 'completed',
      );
      expect(job.status).to.equal('completed');
      return jobId;
    }

    const image = (jobId: string, page: number, query = '', headers: Record<string, string> = bearer(key)) =>
      h.request('GET', `/api/documents/extract/${jobId}/pages/${page}/image${query}`, { headers });

    describe('happy path', () => {
      it('renders an uploaded PNG at the requested width, the height in proportion, with ETag and private caching', async () => {
        const jobId = await completedJob(await twoColourPng(), 'two.png', 'image/png', [{ width: 600, height: 300, rotation: 0, deskewAngle: 0 }]);
        const res = await image(jobId, 1, '?width=300');
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('image/png');
        expect(res.headers.get('cache-control')).to.equal('private, no-cache');
        const etag = res.headers.get('etag');
        expect(etag).to.match(/^"[\w-]+"$/);
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(pngSize(bytes)).to.deep.equal({ width: 300, height: 150 });
        expect(await pixel(bytes, 20, 75)).to.deep.equal([255, 0, 0]);
        expect(await pixel(bytes, 280, 75)).to.deep.equal([0, 0, 255]);

        const again = await image(jobId, 1, '?width=300', { ...bearer(key), 'if-none-match': etag! });
        expect(again.status).to.equal(304);
        expect(again.headers.get('etag')).to.equal(etag);
        const otherWidth = await image(jobId, 1, '?width=200', { ...bearer(key), 'if-none-match': etag! });
        expect(otherWidth.status).to.equal(200);
        expect(pngSize(new Uint8Array(await otherWidth.arrayBuffer()))).to.deep.equal({ width: 200, height: 100 });
      });

      it('uses 1000 px by default, and gives WebP on request', async () => {
        const jobId = await completedJob(await twoColourPng(), 'two.png', 'image/png');
        expect(pngSize(new Uint8Array(await (await image(jobId, 1)).arrayBuffer()))).to.deep.equal({ width: 1000, height: 500 });
        const res = await image(jobId, 1, '?width=400&format=webp');
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('image/webp');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 4).toString('latin1')).to.equal('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).to.equal('WEBP');
        expect(await sharp(bytes).metadata()).to.include({ format: 'webp', width: 400, height: 200 });
      });

      it('turns the page as the engine turned it when reading, so page-fraction boxes fall on the image', async () => {
        // The engine read this page turned a quarter clockwise: upright, it is 300 wide and 600 high, its left edge on top.
        const jobId = await completedJob(await twoColourPng(), 'sideways.png', 'image/png', [{ width: 300, height: 600, rotation: 90, deskewAngle: 0 }]);
        const record = (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { pages: unknown };
        expect(record.pages).to.deep.equal([{ number: 1, width: 300, height: 600 }]);
        const bytes = new Uint8Array(await (await image(jobId, 1, '?width=200')).arrayBuffer());
        expect(pngSize(bytes)).to.deep.equal({ width: 200, height: 400 });
        expect(await pixel(bytes, 100, 40)).to.deep.equal([255, 0, 0]);
        expect(await pixel(bytes, 100, 360)).to.deep.equal([0, 0, 255]);
      });

      it('renders a page of a digital PDF from the corpus at the requested width (US Letter proportions)', async function () {
        if (!fs.existsSync(CORPUS_PDF)) {
          process.stderr.write(`notice: ${CORPUS_PDF} is absent; the corpus PDF page image test is skipped\n`);
          this.skip();
        }
        const jobId = await completedJob(new Uint8Array(fs.readFileSync(CORPUS_PDF)), 'cert.pdf', 'application/pdf', [{ width: 612, height: 792, rotation: 0, deskewAngle: 0 }]);
        const res = await image(jobId, 1, '?width=612');
        expect(res.status).to.equal(200);
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(pngSize(bytes)).to.deep.equal({ width: 612, height: 792 });
        const stats = await sharp(bytes).stats();
        expect(stats.channels[0]!.min).to.be.below(64, 'the page has dark print on it');
        const missing = await image(jobId, 2);
        expect(missing.status).to.equal(404);
        expect(await missing.json()).to.deep.include({ error: 'not_found', details: { pageCount: 1 } });
      });
    });

    describe('errors', () => {
      let jobId: string;
      before(async () => {
        jobId = await completedJob(await twoColourPng(), 'two.png', 'image/png');
      });

      for (const [query, what] of [
        ['?width=99', 'a width below 100'],
        ['?width=2001', 'a width above 2000'],
        ['?width=wide', 'a width that is not a number'],
        ['?format=gif', 'a format other than png and webp'],
      ] as const) {
        it(`answers 400 invalid_request for ${what}`, async () => {
          const res = await image(jobId, 1, query);
          expect(res.status).to.equal(400);
          expect(((await res.json()) as { error: string }).error).to.equal('invalid_request');
        });
      }

      it('answers 400 for page 0 and 404 (with the page count) for a page past the end of an image', async () => {
        expect((await image(jobId, 0)).status).to.equal(400);
        const res = await image(jobId, 2);
        expect(res.status).to.equal(404);
        expect(await res.json()).to.deep.include({ error: 'not_found', details: { pageCount: 1 } });
      });

      it('answers 404 for a job that does not exist', async () => {
        expect((await image('0190a000-0000-7000-8000-000000000000', 1)).status).to.equal(404);
      });

      it('answers 409 conflict when the stored file is gone', async () => {
        const goneId = await completedJob(await twoColourPng(), 'gone.png', 'image/png');
        const [row] = (await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [goneId])) as Array<{ file_key: string }>;
        await h.container.resolve<FileStore>('fileStore').delete(row!.file_key);
        const res = await image(goneId, 1);
        expect(res.status).to.equal(409);
        expect(await res.json()).to.deep.include({ error: 'conflict', details: { reason: 'file_gone' } });
      });
    });

    describe('security', () => {
      let jobId: string;
      before(async () => {
        jobId = await completedJob(await twoColourPng(), 'two.png', 'image/png');
      });

      it('answers 401 without credentials', async () => {
        expect((await image(jobId, 1, '', {})).status).to.equal(401);
      });

      it('accepts the owner session; refuses a key without documents:read (403 with requiredScope)', async () => {
        expect((await image(jobId, 1, '?width=100', bearer(owner.sessionToken))).status).to.equal(200);
        const writeOnly = await createKey(h, owner, { name: 'write only', scopes: ['documents:write'] });
        const res = await image(jobId, 1, '', bearer(writeOnly));
        expect(res.status).to.equal(403);
        expect(await res.json()).to.deep.include({ error: 'forbidden', details: { requiredScope: 'documents:read' } });
      });

      it("answers another organization's job 404, exactly as one that does not exist", async () => {
        const other = await signup(h);
        const otherKey = await createKey(h, other);
        const res = await image(jobId, 1, '', bearer(otherKey));
        expect(res.status).to.equal(404);
        const none = await image('0190a000-0000-7000-8000-000000000000', 1, '', bearer(otherKey));
        expect(await res.json()).to.deep.equal(await none.json());
      });
    });
  });
}
