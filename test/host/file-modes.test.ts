import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { UploadFileStream } from '../../host/src/http/upload-stream.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Uploaded documents are the customers' data: nobody but the service's own user may read them (issue 12). */
describe('host: modes of the files and folders the host writes', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('stores an uploaded document 0600 in a 0700 folder, and makes the temporary upload folder 0700', async () => {
    const owner = await signup(h);
    const key = await createKey(h, owner);
    const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(key) });
    expect(res.status).to.equal(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const [row] = (await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [jobId])) as Array<{ file_key: string }>;
    const file = path.join(h.config.storage.root, row.file_key);
    expect(modeOf(file), 'the stored file').to.equal(0o600);
    expect(modeOf(path.dirname(file)), 'its organization folder').to.equal(0o700);
    expect(modeOf(path.join(h.config.dataDir, 'tmp', 'uploads')), 'the temporary upload folder').to.equal(0o700);
    expect(modeOf(path.join(h.config.dataDir, 'tmp')), 'its parent').to.equal(0o700);
  });

  it('writes an upload 0600, and makes a folder that went away again 0700', async () => {
    const folder = path.join(h.dataDir, 'gone', 'uploads');
    const file = path.join(folder, 'a.pdf');
    const stream = new UploadFileStream(file, { pdf: 1000, jpeg: 1000, png: 1000 });
    await new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
      stream.end(Buffer.from('%PDF-1.7\n'));
    });
    expect(modeOf(file)).to.equal(0o600);
    expect(modeOf(folder)).to.equal(0o700);
    expect(modeOf(path.dirname(folder))).to.equal(0o700);
  });
});
