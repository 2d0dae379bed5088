import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sinon from 'sinon';
import { UploadFileStream } from '../../host/src/http/upload-stream.js';

const LIMITS = { pdf: 10_000_000, jpeg: 10_000_000, png: 10_000_000 };

function finished(stream: UploadFileStream): Promise<Error | null> {
  return new Promise((resolve) => {
    stream.once('finish', () => resolve(null));
    stream.once('error', resolve);
  });
}

describe('host: the upload file stream', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-upload-'));
  });
  afterEach(() => {
    sinon.restore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes again what a short write left out, so the file on disk has every byte', async () => {
    const realWritev = fs.writev;
    let shortened = false;
    sinon.stub(fs, 'writev').callsFake(((fd: number, buffers: Buffer[], callback: (error: Error | null, written: number) => void) => {
      if (shortened) return realWritev(fd, buffers, callback);
      shortened = true;
      // The disk takes the first 10 bytes only, without an error.
      realWritev(fd, [Buffer.concat(buffers).subarray(0, 10)], (error, written) => callback(error, written));
    }) as typeof fs.writev);
    const file = path.join(dir, 'a.pdf');
    const stream = new UploadFileStream(file, LIMITS);
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 'x')]);
    const done = finished(stream);
    for (let at = 0; at < body.length; at += 65_536) stream.write(body.subarray(at, at + 65_536));
    stream.end();
    expect(await done).to.equal(null);
    expect(shortened).to.equal(true);
    expect(fs.readFileSync(file).equals(body)).to.equal(true);
  });

  it('fails the upload when the disk takes nothing more, and removes the file', async () => {
    sinon.stub(fs, 'writev').callsFake(((_fd: number, _buffers: Buffer[], callback: (error: Error | null, written: number) => void) => {
      setImmediate(() => callback(null, 0));
    }) as typeof fs.writev);
    const file = path.join(dir, 'b.pdf');
    const stream = new UploadFileStream(file, LIMITS);
    const done = finished(stream);
    stream.end(Buffer.from('%PDF-1.7\nbody'));
    expect(await done).to.be.instanceOf(Error);
    await stream.discard();
    expect(fs.existsSync(file)).to.equal(false);
  });

  it('settles discard without an error when the file cannot be removed', async () => {
    sinon.stub(fs.promises, 'rm').rejects(Object.assign(new Error('read-only file system'), { code: 'EROFS' }));
    const stream = new UploadFileStream(path.join(dir, 'c.pdf'), LIMITS);
    stream.write(Buffer.from('%PDF-1.7\n'));
    await stream.discard();
  });
});
