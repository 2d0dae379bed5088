import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { PDF_BYTES } from './support/fake-engine.js';
import { BOUNDARY, expectEmptySoon, multipartBody, partHead, sendMultipart } from './support/raw-multipart.js';

const MB = 1_048_576;

describe('host: a refused upload leaves no temporary file', () => {
  let h: Harness;
  let key: string;
  /** Where an upload is written while it arrives: its organization's folder in the file store (no job is ever stored here). */
  let uploads: string;
  before(async () => {
    h = await startHarness();
    const account = await signup(h);
    key = await createKey(h, account);
    uploads = path.join(h.config.storage.root, account.organizationId);
    fs.mkdirSync(uploads, { recursive: true });
  });
  after(async () => h.close());

  const url = () => `${h.baseUrl}/api/documents/extract`;
  const jobCount = async () => Number(((await h.dataSource.query('SELECT COUNT(*) AS n FROM jobs')) as Array<{ n: number }>)[0].n);

  it('a complete file part followed by a second file part: 400, and the first file is removed', async () => {
    const body = multipartBody([
      [partHead('file', 'a.pdf'), PDF_BYTES],
      [partHead('file', 'b.pdf'), PDF_BYTES],
    ]);
    const res = await sendMultipart(url(), bearer(key), body);
    expect(res.status, res.body).to.equal(400);
    await expectEmptySoon(uploads);
  });

  it('a complete file part followed by a text part over the size for fields: 400, and the file is removed', async () => {
    const body = multipartBody([
      [partHead('file', 'a.pdf'), PDF_BYTES],
      [partHead('metadata'), 'x'.repeat(2 * MB)],
    ]);
    const res = await sendMultipart(url(), bearer(key), body);
    expect(res.status, res.body).to.equal(400);
    await expectEmptySoon(uploads);
  });

  it('a part with a Content-Type but another name than "file": ignored, nothing written (400 no file)', async () => {
    const typedField = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="metadata"\r\nContent-Type: application/pdf\r\n\r\n`);
    const res = await sendMultipart(url(), bearer(key), multipartBody([[typedField, PDF_BYTES]]));
    expect(res.status, res.body).to.equal(400);
    expect(res.body).to.match(/No file provided/);
    expect(fs.readdirSync(uploads)).to.deep.equal([]);
  });

  it('a client that disconnects after the file part: the file is removed and no job written', async () => {
    const jobs = await jobCount();
    const head = Buffer.concat([partHead('file', 'a.pdf'), PDF_BYTES, Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="meta`)]);
    const req = http.request(url(), {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + 1000 },
    });
    req.on('error', () => undefined);
    req.write(head);
    for (let i = 0; i < 200 && !fs.readdirSync(uploads).some((name) => fs.statSync(path.join(uploads, name)).size === PDF_BYTES.length); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(fs.readdirSync(uploads), 'the file part was written').to.have.length(1);
    req.destroy();
    await expectEmptySoon(uploads);
    expect(await jobCount()).to.equal(jobs);
  });

  it('a 20 MB file that is no PDF, JPEG or PNG: 400 invalid_file_format from its first bytes, almost nothing read or written', async () => {
    const file = Buffer.alloc(20 * MB, 0x41);
    const body = multipartBody([[partHead('file', 'notes.pdf'), file]]);
    let written = 0;
    const watch = setInterval(() => {
      for (const name of fs.readdirSync(uploads)) written = Math.max(written, fs.statSync(path.join(uploads, name), { throwIfNoEntry: false })?.size ?? 0);
    }, 2);
    try {
      // The server must answer with only the first 2 MB sent.
      const res = await sendMultipart(url(), bearer(key), body, { sendBytes: 2 * MB });
      expect(res.status, res.body).to.equal(400);
      expect(JSON.parse(res.body)).to.deep.include({ error: 'invalid_file_format' });
    } finally {
      clearInterval(watch);
    }
    expect(written, 'bytes written to disk').to.be.at.most(64 * 1024);
    await expectEmptySoon(uploads);
  });
});
