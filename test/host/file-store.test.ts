import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { LocalFileStore } from '../../host/src/storage/file-store.js';

describe('host: local file store', () => {
  let root: string;
  let store: LocalFileStore;
  const organizationId = randomUUID();
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-files-'));
    store = new LocalFileStore({ root: path.join(root, 'files') });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('takes an upload written in the organization folder where it is, under its own name', async () => {
    const folder = await store.uploadFolder(organizationId);
    const name = randomUUID();
    fs.writeFileSync(path.join(folder, name), 'pdf bytes');
    const key = await store.put(path.join(folder, name), { organizationId });
    expect(key).to.equal(`${organizationId}/${name}`);
    expect(store.localPath(key)).to.equal(path.join(folder, name));
    expect((await store.read(key)).toString()).to.equal('pdf bytes');
  });

  it('makes the root and organization folders readable by the service user only (0700)', async () => {
    const folder = await store.uploadFolder(organizationId);
    expect(fs.statSync(folder).mode & 0o777).to.equal(0o700);
    expect(fs.statSync(path.join(root, 'files')).mode & 0o777).to.equal(0o700);
  });

  it('keeps a file moved in from elsewhere readable by the service user only (0600), whatever mode it was made with', async () => {
    const elsewhere = path.join(root, 'upload.tmp');
    fs.writeFileSync(elsewhere, 'pdf bytes', { mode: 0o644 });
    fs.chmodSync(elsewhere, 0o644);
    const key = await store.put(elsewhere, { organizationId });
    expect(fs.statSync(store.localPath(key)).mode & 0o777).to.equal(0o600);
  });

  it('moves any other file in under a new name', async () => {
    const elsewhere = path.join(root, 'upload.tmp');
    fs.writeFileSync(elsewhere, 'pdf bytes');
    const key = await store.put(elsewhere, { organizationId });
    expect(key).to.match(new RegExp(`^${organizationId}/[0-9a-f-]{36}$`));
    expect(fs.existsSync(elsewhere)).to.equal(false);
    expect((await store.read(key)).toString()).to.equal('pdf bytes');
  });

  it("moves a file in another organization's folder, or not named by a UUID, instead of taking it", async () => {
    const other = await store.uploadFolder(randomUUID());
    const foreign = path.join(other, randomUUID());
    fs.writeFileSync(foreign, 'a');
    expect(await store.put(foreign, { organizationId })).to.match(new RegExp(`^${organizationId}/`));
    const folder = await store.uploadFolder(organizationId);
    const oddName = path.join(folder, 'report.pdf');
    fs.writeFileSync(oddName, 'b');
    const key = await store.put(oddName, { organizationId });
    expect(key).to.not.equal(`${organizationId}/report.pdf`);
    expect((await store.read(key)).toString()).to.equal('b');
  });
});
