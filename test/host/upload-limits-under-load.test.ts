import fs from 'node:fs';
import { expect } from 'chai';
import sinon from 'sinon';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { PDF_BYTES } from './support/fake-engine.js';
import { multipartBody, partHead, sendMultipartIrregularly } from './support/raw-multipart.js';
import { seededRandom } from '../../core/src/classify/training/index.js';

const MB = 1_048_576;
const OVER = 16 * 1024;

const HEADS = {
  pdf: { head: PDF_BYTES, type: 'application/pdf', name: 'doc.pdf' },
  jpeg: { head: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), type: 'image/jpeg', name: 'scan.jpg' },
  png: { head: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), type: 'image/png', name: 'scan.png' },
} as const;
type Format = keyof typeof HEADS;

function fileOf(format: Format, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  HEADS[format].head.forEach((byte, i) => (bytes[i] = byte));
  return bytes;
}

describe('host: per-format upload limits hold under load', () => {
  let h: Harness;
  let key: string;
  const surfaces = {
    '/api/documents/extract': { pdf: 3 * MB, jpeg: 3 * MB, png: 3 * MB },
    '/api/lending/extract': { pdf: 2 * MB, jpeg: MB, png: MB },
  } as const;

  before(async () => {
    h = await startHarness({
      DOCSIFT_MAX_FILE_MB: '3',
      DOCSIFT_LENDING_MAX_PDF_MB: '2',
      DOCSIFT_LENDING_MAX_IMAGE_MB: '1',
      DOCSIFT_RATE_LIMIT_PER_KEY: '10000',
      DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '10000',
      DOCSIFT_RATE_LIMIT_PER_ORG: '10000',
      DOCSIFT_RATE_LIMIT_CONCURRENT: '1000',
    });
    key = await createKey(h, await signup(h));
  });
  afterEach(() => sinon.restore());
  after(async () => h.close());

  it('refuses every file over its format\'s limit on every surface (413) and accepts those within, with a busy disk and irregular clients', async () => {
    // A busy machine: the thread pool answers disk writes late, so chunks pile up behind a write in flight.
    const realWritev = fs.writev;
    const slow = seededRandom(7).next;
    sinon.stub(fs, 'writev').callsFake(((fd: number, buffers: Buffer[], callback: (error: Error | null, written: number) => void) => {
      setTimeout(() => realWritev(fd, buffers, callback), 2 + Math.floor(slow() * 15));
    }) as typeof fs.writev);
    const uploads: Array<Promise<{ surface: string; format: Format; size: number; limit: number; status: number; body: string }>> = [];
    let seed = 1;
    for (const [surface, limits] of Object.entries(surfaces)) {
      for (const format of Object.keys(HEADS) as Format[]) {
        const limit = limits[format];
        for (const size of [...Array<number>(6).fill(limit + OVER), limit + 1, limit - OVER]) {
          const next = seededRandom((seed += 1)).next;
          const head = partHead('file', HEADS[format].name, HEADS[format].type);
          const body = multipartBody([[head, fileOf(format, size)]]);
          uploads.push(
            sendMultipartIrregularly(`${h.baseUrl}${surface}`, bearer(key), body, {
              nextChunk: () => 1 + Math.floor(next() ** 2 * 96 * 1024),
              nextPause: () => (next() < 0.1 ? Math.floor(next() * 4) : 0),
            }).then((answer) => ({ surface, format, size, limit, status: answer.status, body: answer.body })),
          );
        }
      }
    }
    const answers = await Promise.all(uploads);
    const wrong = answers.filter((a) => a.status !== (a.size > a.limit ? 413 : 202));
    expect(wrong.map(({ surface, format, size, limit, status }) => ({ surface, format, size, limit, status }))).to.deep.equal([]);
    for (const answer of answers.filter((a) => a.status === 413)) {
      expect(JSON.parse(answer.body)).to.deep.include({ error: 'file_too_large', details: { maxBytes: answer.limit, fileType: answer.format } });
    }
    const rows = (await h.dataSource.query('SELECT COUNT(*) AS n FROM jobs')) as Array<{ n: number }>;
    expect(Number(rows[0].n), 'jobs created').to.equal(answers.filter((a) => a.size <= a.limit).length);
  });
});
