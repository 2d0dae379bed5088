import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';
import { expectEmptySoon, multipartBody, partHead, sendMultipart } from './support/raw-multipart.js';

const MB = 1_048_576;
const limitHeader = (res: Response) => Number(res.headers.get('x-ratelimit-limit'));

describe('host: lending limits', () => {
  describe('rate: 10 per minute per key by default, apart from the primary 100, within the organization\'s', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_ORG: '15' });
    });
    after(async () => h.close());

    it('refuses the 11th lending request of a key in the minute (429), while the key keeps its primary allowance', async () => {
      const key = await createKey(h, await signup(h));
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await h.request('GET', '/api/lending/extract/00000000-0000-4000-8000-000000000000', { headers: bearer(key) });
        statuses.push(res.status);
        expect(limitHeader(res)).to.equal(10);
      }
      expect(statuses).to.deep.equal(Array(10).fill(404));
      const refused = await h.request('GET', '/api/lending/extract/00000000-0000-4000-8000-000000000000', { headers: bearer(key) });
      expect(refused.status).to.equal(429);
      expect(await refused.json()).to.deep.include({ error: 'rate_limit_exceeded' });
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
      const primary = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
      expect(primary.status).to.equal(200);
      // Ten lending requests and this one reached the organization's count (the refused one stopped at the key).
      expect(Number(primary.headers.get('x-ratelimit-remaining'))).to.equal(15 - 11);
    });

    it("counts lending requests against the organization's limit", async () => {
      const owner = await signup(h);
      const [a, b] = [await createKey(h, owner, { name: 'a' }), await createKey(h, owner, { name: 'b' })];
      const statuses: number[] = [];
      for (const key of [...Array(8).fill(a), ...Array(8).fill(b)] as string[]) {
        statuses.push((await h.request('GET', '/api/lending/requirements', { headers: bearer(key) })).status);
      }
      expect(statuses.filter((status) => status === 200)).to.have.length(15);
      expect(statuses.at(-1)).to.equal(429);
    });

    it('raises the lending limit through DOCSIFT_RATE_LIMIT_LENDING_PER_KEY and reports it', async () => {
      const raised = await startHarness({ DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '25' });
      try {
        const key = await createKey(raised, await signup(raised));
        const res = await raised.request('GET', '/api/lending/requirements', { headers: bearer(key) });
        expect(limitHeader(res)).to.equal(25);
        const info = (await (await raised.request('GET', '/api/lending/extract')).json()) as { limits: { requestsPerMinutePerKey: number } };
        expect(info.limits.requestsPerMinutePerKey).to.equal(25);
      } finally {
        await raised.close();
      }
    });
  });

  describe('file size: PDF and images apart', () => {
    let h: Harness;
    let key: string;
    before(async () => {
      h = await startHarness({ DOCSIFT_LENDING_MAX_PDF_MB: '2', DOCSIFT_LENDING_MAX_IMAGE_MB: '1', DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '1000' });
      key = await createKey(h, await signup(h));
    });
    after(async () => h.close());

    const submit = (bytes: Uint8Array, name: string, type = 'application/pdf') =>
      h.request('POST', '/api/lending/extract', { body: form({ file: { bytes, name, type } }), headers: bearer(key) });
    const padded = (head: Uint8Array, size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(head);
      return bytes;
    };

    it('reports the configured limits', async () => {
      const info = (await (await h.request('GET', '/api/lending/extract')).json()) as { limits: { maxFileBytes: Record<string, number> } };
      expect(info.limits.maxFileBytes).to.deep.equal({ pdf: 2 * MB, jpeg: MB, png: MB });
    });

    it('accepts a PDF over the image limit and refuses one over the PDF limit with 413 file_too_large', async () => {
      expect((await submit(padded(PDF_BYTES, 1.5 * MB), 'big.pdf')).status).to.equal(202);
      const refused = await submit(padded(PDF_BYTES, 2 * MB + 10), 'huge.pdf');
      expect(refused.status).to.equal(413);
      expect(await refused.json()).to.deep.include({ error: 'file_too_large' });
    });

    it('refuses an image over the image limit with 413 before processing, and accepts a small one', async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      const big = await submit(padded(png, 1.5 * MB), 'scan.png', 'image/png');
      expect(big.status).to.equal(413);
      expect(await big.json()).to.deep.include({ error: 'file_too_large', details: { maxBytes: MB, fileType: 'png' } });
      const jobs = (await h.dataSource.query("SELECT COUNT(*) AS n FROM jobs WHERE file_name = 'scan.png'")) as Array<{ n: number }>;
      expect(Number(jobs[0].n)).to.equal(0);
      expect((await submit(png, 'small.png', 'image/png')).status).to.equal(202);
    });
  });

  describe('an image over the default 10 MB cut off while streaming', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness();
    });
    after(async () => h.close());

    it('answers 413 before the rest of an 11 MB PNG is sent, writes at most 10 MB, and leaves no temporary file', async () => {
      const key = await createKey(h, await signup(h));
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
      const file = Buffer.alloc(11 * MB);
      png.copy(file);
      const uploads = path.join(h.dataDir, 'tmp', 'uploads');
      let written = 0;
      const watch = setInterval(() => {
        for (const name of fs.readdirSync(uploads)) written = Math.max(written, fs.statSync(path.join(uploads, name), { throwIfNoEntry: false })?.size ?? 0);
      }, 2);
      try {
        // The server must answer without the last 512 KB: it never has the whole file.
        const head = partHead('file', 'scan.png', 'image/png');
        const res = await sendMultipart(`${h.baseUrl}/api/lending/extract`, bearer(key), multipartBody([[head, file]]), { sendBytes: head.length + 10 * MB + 512 * 1024 });
        expect(res.status).to.equal(413);
        expect(JSON.parse(res.body)).to.deep.include({ error: 'file_too_large', details: { maxBytes: 10 * MB, fileType: 'png' } });
      } finally {
        clearInterval(watch);
      }
      expect(written, 'bytes written to disk').to.be.at.most(10 * MB);
      await expectEmptySoon(uploads);
      const jobs = (await h.dataSource.query("SELECT COUNT(*) AS n FROM jobs WHERE file_name = 'scan.png'")) as Array<{ n: number }>;
      expect(Number(jobs[0].n)).to.equal(0);
    });
  });
});
