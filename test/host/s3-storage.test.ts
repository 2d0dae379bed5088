import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import pino from 'pino';
import { BUNDLED_PLUGINS, loadConfig, maskConfig } from '../../host/src/config/config.js';
import { createLogger } from '../../host/src/common/logger.js';
import { createEnginePool, type EnginePool } from '../../host/src/engine/index.js';
import { LEFTOVER_AGE_MS, type MaintenanceService } from '../../host/src/services/maintenance.service.js';
import { FileNotFoundError } from '../../host/src/storage/file-store.js';
import { PART_SIZE_BYTES, S3FileStore } from '../../host/src/storage/s3-file-store.js';
import { bearer, createKey, maintenanceAt, PUBLIC_URL, signup, startHarness, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { certificatePdf } from './support/lending-documents.js';
import { startS3Server, type S3TestServer } from './support/s3-server.js';

type Json = Record<string, any>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const NO_RATE_LIMITS = { DOCSIFT_RATE_LIMIT_PER_KEY: '100000', DOCSIFT_RATE_LIMIT_PER_ORG: '100000' };
const FAST_QUEUE = { ...NO_RATE_LIMITS, DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_JOB_ATTEMPTS: '2' };

describe('host: S3 storage settings (DOCSIFT_STORAGE_URL=s3://…, DOCSIFT_S3_*)', () => {
  it('reads the bucket and prefix from DOCSIFT_STORAGE_URL and the endpoint, region, path style and credentials from DOCSIFT_S3_*', () => {
    const { storage } = loadConfig({
      DOCSIFT_DATA_DIR: '/srv/docsift',
      DOCSIFT_STORAGE_URL: 's3://docsift-files/prod/eu/',
      DOCSIFT_S3_ENDPOINT: 'http://127.0.0.1:9000',
      DOCSIFT_S3_REGION: 'eu-west-3',
      DOCSIFT_S3_FORCE_PATH_STYLE: 'true',
      DOCSIFT_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      DOCSIFT_S3_SECRET_ACCESS_KEY: 'secret-value',
    });
    expect(storage).to.deep.equal({
      kind: 's3',
      root: '/srv/docsift/tmp/storage',
      bucket: 'docsift-files',
      prefix: 'prod/eu/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-value',
    });
  });

  it("takes the endpoint, region and path style from the URL's parameters too (the variables win), and defaults to AWS's credential chain", () => {
    const { storage } = loadConfig({ DOCSIFT_STORAGE_URL: 's3://docsift-files?endpoint=http://minio.internal:9000&region=auto&forcePathStyle=true' });
    expect(storage).to.deep.include({ kind: 's3', bucket: 'docsift-files', prefix: '', endpoint: 'http://minio.internal:9000', region: 'auto', forcePathStyle: true, accessKeyId: null, secretAccessKey: null });
    const overridden = loadConfig({ DOCSIFT_STORAGE_URL: 's3://docsift-files?region=auto&forcePathStyle=true', DOCSIFT_S3_REGION: 'us-east-2', DOCSIFT_S3_FORCE_PATH_STYLE: 'false' });
    expect(overridden.storage).to.deep.include({ region: 'us-east-2', forcePathStyle: false, endpoint: null });
    expect(loadConfig({}).storage).to.deep.equal({ kind: 'local', root: path.resolve('./data/files') });
  });

  it('refuses a bad bucket, a bad URL, and a key id without its secret, naming the variable', () => {
    expect(() => loadConfig({ DOCSIFT_STORAGE_URL: 's3://B/x' })).to.throw(/DOCSIFT_STORAGE_URL: must name a bucket/);
    expect(() => loadConfig({ DOCSIFT_STORAGE_URL: 'ftp://host/x' })).to.throw(/DOCSIFT_STORAGE_URL: must be a file:\/\/ or s3:\/\/ URL/);
    expect(() => loadConfig({ DOCSIFT_STORAGE_URL: 's3://bucket?endpoint=minio:9000' })).to.throw(/DOCSIFT_STORAGE_URL: its endpoint parameter must be an http\(s\) URL/);
    expect(() => loadConfig({ DOCSIFT_STORAGE_URL: 's3://bucket', DOCSIFT_S3_ACCESS_KEY_ID: 'AKIA' })).to.throw(/DOCSIFT_S3_ACCESS_KEY_ID: set it together with DOCSIFT_S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ DOCSIFT_S3_FORCE_PATH_STYLE: 'yes' })).to.throw(/DOCSIFT_S3_FORCE_PATH_STYLE/);
  });

  it('masks the secret access key in `docsift config`', () => {
    const masked = maskConfig(loadConfig({ DOCSIFT_STORAGE_URL: 's3://bucket', DOCSIFT_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', DOCSIFT_S3_SECRET_ACCESS_KEY: 'secret-value' }));
    expect(masked.storage).to.deep.include({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: '••••' });
    expect(JSON.stringify(masked)).not.to.include('secret-value');
  });
});

describe('host: S3-compatible storage (s3rver on loopback)', function () {
  this.timeout(120_000);
  let s3: S3TestServer | null;
  before(async function () {
    s3 = await startS3Server();
    if (!s3) this.skip();
  });
  after(async () => s3?.close());

  /** The keys of the bucket's objects under `prefix`. */
  async function objectKeys(prefix = ''): Promise<string[]> {
    const listed = await s3!.client.send(new ListObjectsV2Command({ Bucket: s3!.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  }

  async function exists(objectKey: string): Promise<boolean> {
    try {
      await s3!.client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  describe('the store', () => {
    let work: string;
    let store: S3FileStore;
    let prefix: string;
    const organizationId = randomUUID();

    beforeEach(() => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-s3-store-'));
      prefix = `store-${randomUUID()}`;
      store = new S3FileStore(s3!.storage(path.join(work, 'scratch'), prefix));
    });
    afterEach(async () => {
      await store.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    const upload = (bytes: Uint8Array) => {
      const file = path.join(work, randomUUID());
      fs.writeFileSync(file, bytes);
      return file;
    };

    it('puts an upload under the prefix at an <organization>/<uuid> key, removes the local file, and reads, streams and deletes it', async () => {
      const file = upload(PDF_BYTES);
      const key = await store.put(file, { organizationId });
      expect(key).to.match(new RegExp(`^${organizationId}/[0-9a-f-]{36}$`));
      expect(fs.existsSync(file)).to.equal(false);
      expect(await objectKeys(prefix)).to.deep.equal([`${prefix}/${key}`]);

      expect(Buffer.compare(await store.read(key), PDF_BYTES)).to.equal(0);
      const chunks: Buffer[] = [];
      for await (const chunk of store.stream(key)) chunks.push(chunk as Buffer);
      expect(Buffer.compare(Buffer.concat(chunks), PDF_BYTES)).to.equal(0);

      await store.delete(key);
      expect(await exists(`${prefix}/${key}`)).to.equal(false);
    });

    it('sends a file larger than the part size as a multipart upload (a smaller one in one request), and reads back the same bytes', async () => {
      const bytes = Buffer.alloc(PART_SIZE_BYTES + 1_500_000);
      for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
      const key = await store.put(upload(bytes), { organizationId });
      expect(s3!.created.filter((object) => object.key === `${prefix}/${key}`)).to.deep.equal([{ event: 'ObjectCreated:Post', key: `${prefix}/${key}` }]);
      const head = await s3!.client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: `${prefix}/${key}` }));
      expect(head.ContentLength).to.equal(bytes.length);
      expect(sha256(await store.read(key))).to.equal(sha256(bytes));

      const small = await store.put(upload(PDF_BYTES), { organizationId });
      expect(s3!.created.filter((object) => object.key === `${prefix}/${small}`)).to.deep.equal([{ event: 'ObjectCreated:Put', key: `${prefix}/${small}` }]);
    });

    it('keeps a store without a prefix at the bucket root, apart from the prefixed ones', async () => {
      const unprefixed = new S3FileStore(s3!.storage(path.join(work, 'scratch')));
      const key = await unprefixed.put(upload(PDF_BYTES), { organizationId });
      expect(await exists(key)).to.equal(true);
      expect(await objectKeys(prefix)).to.deep.equal([]);
      await unprefixed.delete(key);
      expect(await exists(key)).to.equal(false);
      await unprefixed.close();
    });

    it('answers a missing object as the file system does (code ENOENT) on read, stream and local copy; its delete is no error', async () => {
      const key = `${organizationId}/${randomUUID()}`;
      const readError = await store.read(key).catch((error: unknown) => error);
      expect(readError).to.be.instanceOf(FileNotFoundError).and.to.include({ code: 'ENOENT' });

      const streamError = await new Promise((resolve) => store.stream(key).on('error', resolve).resume());
      expect(streamError).to.be.instanceOf(FileNotFoundError);

      let used = false;
      const copyError = await store.withLocalFile(key, async () => (used = true)).catch((error: unknown) => error);
      expect(copyError).to.be.instanceOf(FileNotFoundError);
      expect(used).to.equal(false);

      await store.delete(key);
    });

    it('lends a private local copy for engines that read files, removed afterwards even when the use fails', async () => {
      const key = await store.put(upload(PDF_BYTES), { organizationId });
      let copy = '';
      const bytes = await store.withLocalFile(key, async (file) => {
        copy = file;
        expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
        return fs.readFileSync(file);
      });
      expect(Buffer.compare(bytes, PDF_BYTES)).to.equal(0);
      expect(fs.existsSync(copy)).to.equal(false);
      expect(fs.statSync(path.join(work, 'scratch')).mode & 0o777).to.equal(0o700);

      const failure = await store
        .withLocalFile(key, async (file) => {
          copy = file;
          throw new Error('engine failed');
        })
        .catch((error: unknown) => error);
      expect((failure as Error).message).to.equal('engine failed');
      expect(fs.existsSync(copy)).to.equal(false);
      expect(fs.readdirSync(path.join(work, 'scratch'))).to.deep.equal([]);
    });

    it('is ready when the bucket answers, not when it is missing', async () => {
      await store.probe();
      const elsewhere = new S3FileStore({ ...s3!.storage(work), bucket: 'no-such-bucket' });
      const error = await elsewhere.probe().catch((failure: unknown) => failure);
      expect(error).to.be.instanceOf(Error);
      await elsewhere.close();
    });

    it('never writes the secret access key to a log, with the error of a refused request or the config beside it', async () => {
      const secret = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';
      const refused = new S3FileStore({ ...s3!.storage(work, prefix), accessKeyId: 'NOT-S3RVER', secretAccessKey: secret });
      const error = await refused.read(`${organizationId}/${randomUUID()}`).catch((failure: unknown) => failure);
      expect(error).to.be.instanceOf(Error);
      await refused.close();
      const config = loadConfig({ ...s3!.env(prefix), DOCSIFT_S3_SECRET_ACCESS_KEY: secret });
      let logged = '';
      const logger = createLogger(
        { name: 'test', level: 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            logged += String(chunk);
            done();
          },
        }),
      );
      logger.error({ err: error, storage: config.storage }, 'storage failed');
      logger.info({ config }, 'effective config');
      logger.info({ secretAccessKey: secret, credentials: { accessKeyId: 'a', secretAccessKey: secret } }, 'client settings');
      logger.flush();
      await new Promise((resolve) => setImmediate(resolve));
      expect(logged).to.include('storage failed').and.to.include('client settings');
      expect(logged).not.to.include(secret);
    });
  });

  describe('the host on S3', () => {
    let h: Harness;
    let key: string;
    let prefix: string;
    const engine = fakeEngine(() => resultOf('insurance_cert', { certificateNumber: 'C-1' }));

    before(async () => {
      prefix = `host-${randomUUID()}`;
      h = await startHarness({ ...FAST_QUEUE, ...s3!.env(prefix), DOCSIFT_RETENTION_DAYS: '1' }, { worker: true, enginePool: engine });
      key = await createKey(h, await signup(h));
    });
    after(async () => h?.close());

    const submit = async (bytes: Uint8Array = PDF_BYTES) => {
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes, name: 'cert.pdf' } }), headers: bearer(key) });
      expect(res.status).to.equal(202);
      return ((await res.json()) as { jobId: string }).jobId;
    };
    const completed = (jobId: string) =>
      waitFor(
        async () => (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as Json,
        (job) => job.status === 'completed' || job.status === 'failed',
      );
    const fileKeyOf = async (jobId: string) => ((await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [jobId])) as Array<{ file_key: string }>)[0]!.file_key;

    it('takes a submission into the bucket, runs the job on a local copy it removes, and deletes the object with the job', async () => {
      const jobId = await submit();
      const objectKey = `${prefix}/${await fileKeyOf(jobId)}`;
      expect(await objectKeys(prefix)).to.include(objectKey);
      const job = await completed(jobId);
      expect(job).to.include({ status: 'completed', documentType: 'insurance_cert' });
      const call = engine.calls.at(-1)!;
      expect(call.bytes).to.equal(PDF_BYTES.length);
      expect(call.filePath.startsWith(h.config.storage.root)).to.equal(true);
      expect(fs.existsSync(call.filePath)).to.equal(false);
      // Nothing of the upload stays on local disk: not in the upload folder, not as a copy.
      expect(fs.readdirSync(path.join(h.dataDir, 'tmp', 'uploads'))).to.deep.equal([]);
      expect(fs.readdirSync(h.config.storage.root)).to.deep.equal([]);
      expect(fs.existsSync(path.join(h.dataDir, 'files'))).to.equal(false);

      expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
      expect(await exists(objectKey)).to.equal(false);
    });

    it('removes the objects of jobs past DOCSIFT_RETENTION_DAYS in the retention purge, keeps the newer ones', async () => {
      const [old, fresh] = [await submit(), await submit()];
      await Promise.all([completed(old), completed(fresh)]);
      const [oldObject, freshObject] = [`${prefix}/${await fileKeyOf(old)}`, `${prefix}/${await fileKeyOf(fresh)}`];
      await h.dataSource.query('UPDATE jobs SET created_at = ? WHERE id = ?', [new Date(Date.now() - 2 * 86_400_000).toISOString().replace('T', ' ').replace('Z', ''), old]);
      const purged = await h.container.resolve<MaintenanceService>('maintenanceService').purge();
      expect(purged.jobs).to.equal(1);
      expect(await exists(oldObject)).to.equal(false);
      expect(await exists(freshObject)).to.equal(true);
    });

    it('removes, after LEFTOVER_AGE_MS, objects no job holds (an upload stored by a process that died before writing its job) and keeps those of jobs', async () => {
      const jobId = await submit();
      await completed(jobId);
      const heldObject = `${prefix}/${await fileKeyOf(jobId)}`;
      const unheldObject = `${prefix}/${heldObject.split('/')[1]}/${randomUUID()}`;
      await s3!.client.send(new PutObjectCommand({ Bucket: s3!.bucket, Key: unheldObject, Body: 'stored, never a job' }));

      expect((await maintenanceAt(h, new Date(Date.now() + LEFTOVER_AGE_MS - 60_000)).purge()).leftoverFiles).to.equal(0);
      expect(await exists(unheldObject)).to.equal(true);
      expect((await maintenanceAt(h, new Date(Date.now() + LEFTOVER_AGE_MS + 60_000)).purge()).leftoverFiles).to.equal(1);
      expect(await exists(unheldObject)).to.equal(false);
      expect(await exists(heldObject)).to.equal(true);
    });

    it('serves page images from the stored object, and answers 409 file_gone once the object is gone', async () => {
      const jobId = await submit(await certificatePdf());
      expect(await completed(jobId)).to.include({ status: 'completed' });
      const image = await h.request('GET', `/api/documents/extract/${jobId}/pages/1/image?width=200`, { headers: bearer(key) });
      expect(image.status).to.equal(200);
      expect(image.headers.get('content-type')).to.equal('image/png');
      expect(Buffer.from(await image.arrayBuffer()).readUInt32BE(16)).to.equal(200);
      expect(fs.readdirSync(h.config.storage.root)).to.deep.equal([]);

      await s3!.client.send(new DeleteObjectCommand({ Bucket: s3!.bucket, Key: `${prefix}/${await fileKeyOf(jobId)}` }));
      const gone = await h.request('GET', `/api/documents/extract/${jobId}/pages/1/image?width=200`, { headers: bearer(key) });
      expect(gone.status).to.equal(409);
      expect(await gone.json()).to.deep.include({ details: { reason: 'file_gone' } });
    });

    it('is ready with the bucket as its storage', async () => {
      const res = await h.request('GET', '/api/ready');
      expect(res.status).to.equal(200);
      expect(((await res.json()) as Json).checks).to.include({ storage: 'ready' });
    });
  });

  describe('the storage quota on S3 (DOCSIFT_STORAGE_QUOTA_MB)', () => {
    let h: Harness;
    let prefix: string;
    before(async () => {
      prefix = `quota-${randomUUID()}`;
      h = await startHarness({ ...NO_RATE_LIMITS, ...s3!.env(prefix), DOCSIFT_STORAGE_QUOTA_MB: '1' });
    });
    after(async () => h?.close());

    it('refuses the file that would pass the quota, leaves no object or local file for it, and frees space when a job is deleted', async () => {
      const key = await createKey(h, await signup(h));
      const bytes = Buffer.concat([PDF_BYTES, Buffer.alloc(600_000 - PDF_BYTES.length, 0x20)]);
      const send = () => h.request('POST', '/api/documents/extract', { body: form({ file: { bytes, name: 'big.pdf' } }), headers: bearer(key) });
      const first = await send();
      expect(first.status).to.equal(202);
      const { jobId } = (await first.json()) as { jobId: string };
      const refused = await send();
      expect(refused.status).to.equal(403);
      expect(await refused.json()).to.deep.include({ error: 'quota_exceeded', details: { quotaBytes: 1_048_576, usedBytes: 600_000, fileBytes: 600_000 } });
      expect(await objectKeys(prefix)).to.have.length(1);
      expect(fs.readdirSync(path.join(h.dataDir, 'tmp', 'uploads'))).to.deep.equal([]);

      expect((await h.request('DELETE', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).status).to.equal(204);
      expect((await send()).status).to.equal(202);
      expect(await objectKeys(prefix)).to.have.length(1);
    });
  });

  describe('legacy synchronous extraction on S3 (real engine)', () => {
    let h: Harness;
    let pool: EnginePool;
    before(async () => {
      pool = createEnginePool({ size: 1, plugins: BUNDLED_PLUGINS, engineOptions: { ocr: { workers: 1 } }, logger: pino({ level: 'silent' }) });
      h = await startHarness({ ...NO_RATE_LIMITS, ...s3!.env(`legacy-${randomUUID()}`) }, { enginePool: pool });
    });
    after(async () => {
      await h?.close();
      await pool?.close();
    });

    it('reads the packet from a local copy of the object and serves the split PDF from the bucket', async () => {
      const key = await createKey(h, await signup(h));
      const res = await h.request('POST', '/api/documents/extract', {
        body: form({ options: JSON.stringify({ splitStrategy: 'auto' }), file: { bytes: await certificatePdf(), name: 'packet.pdf' } }),
        headers: bearer(key),
      });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Json;
      expect(body.documents.map((document: Json) => document.documentType)).to.deep.equal(['insurance_certificate']);
      const split = await fetch(h.baseUrl + (body.documents[0].splitPdfUrl as string).slice(PUBLIC_URL.length));
      expect(split.status).to.equal(200);
      expect(split.headers.get('content-type')).to.equal('application/pdf');
      expect((await split.arrayBuffer()).byteLength).to.be.greaterThan(100);
      expect(fs.readdirSync(h.config.storage.root)).to.deep.equal([]);
    });
  });
});
