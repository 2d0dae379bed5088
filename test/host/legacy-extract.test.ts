import { expect } from 'chai';
import pino from 'pino';
import { PDFDocument } from 'pdf-lib';
import { BUNDLED_PLUGINS } from '../../host/src/config/config.js';
import { createEnginePool, type EnginePool } from '../../host/src/engine/index.js';
import type { SplitPdfLinks } from '../../host/src/services/split-pdf-links.js';
import { readCorpusFile, requireCorpus } from '../support/corpus.js';
import { bearer, createKey, PUBLIC_URL, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { form } from './support/fake-engine.js';
import { certificatePdf, statementPdf } from './support/lending-documents.js';

type Json = Record<string, any>;

/** Pages of several PDFs, in order, as one file. */
async function packetOf(...files: Uint8Array[]): Promise<Uint8Array> {
  const packet = await PDFDocument.create();
  for (const bytes of files) {
    const source = await PDFDocument.load(bytes);
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page);
  }
  return packet.save();
}

/** The legacy synchronous form of POST /api/documents/extract on the real engine (worker thread), with documents the tests make. */
describe('host: legacy synchronous extraction (real engine)', function () {
  this.timeout(180_000);
  let h: Harness;
  let pool: EnginePool;
  let account: Account;
  let key: string;
  let certificate: Uint8Array;
  let statement: Uint8Array;

  before(async () => {
    pool = createEnginePool({ size: 1, plugins: BUNDLED_PLUGINS, engineOptions: { ocr: { workers: 1 } }, logger: pino({ level: 'silent' }) });
    h = await startHarness({ DOCSIFT_MAX_FILE_MB: '1', DOCSIFT_RATE_LIMIT_PER_KEY: '1000' }, { enginePool: pool });
    account = await signup(h);
    key = await createKey(h, account);
    [certificate, statement] = await Promise.all([certificatePdf(), statementPdf()]);
  });
  after(async () => {
    await h.close();
    await pool.close();
  });

  /** The parts in order: the `options` part first, so errors of the file itself use the legacy layout. */
  const extract = (bytes: Uint8Array, options: unknown, credential = key, name = 'packet.pdf') =>
    h.request('POST', '/api/documents/extract', {
      body: form({ options: typeof options === 'string' ? options : JSON.stringify(options), file: { bytes, name } }),
      headers: bearer(credential),
    });
  /** A split URL is absolute under the public URL; the test server listens elsewhere. */
  const fetchSplit = (url: string) => fetch(h.baseUrl + url.slice(PUBLIC_URL.length));
  const pageCountOf = async (res: Response) => (await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount();

  it('splits a made packet (certificate, then statement of repair) and answers the legacy response', async () => {
    const packet = await packetOf(certificate, statement);
    const pages = (await PDFDocument.load(statement)).getPageCount() + 1;
    const res = await extract(packet, { splitStrategy: 'auto', includeAlternatives: true });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.success).to.equal(true);
    expect(body.documents.map((d: Json) => [d.documentType, d.pages])).to.deep.equal([
      ['insurance_certificate', [1, 1]],
      ['sor', [2, pages]],
    ]);
    expect(body.metadata).to.include({ totalPages: pages, processedDocuments: 2, unidentifiedDocuments: 0 });
    expect(body.metadata.processingTime).to.be.a('number');
    const [cert, sor] = body.documents as Json[];
    // The legacy layouts: dateIssued and insuredName for the certificate, consultantInfo and grandTotal for the statement.
    expect(cert.extractedData).to.include.keys('certificateNumber', 'dateIssued', 'insuredName', 'coverages');
    expect(sor.extractedData).to.include.keys('consultantInfo', 'propertyInfo', 'constructionSections', 'grandTotal');
    expect(cert.confidence).to.be.within(0, 1);
    expect(cert.alternatives).to.be.an('array');
    expect(cert.splitPdfUrl).to.match(new RegExp(`^${PUBLIC_URL}/api/documents/split/${body.jobId}/1-1\\?expires=\\d+&signature=`));

    const split = await fetchSplit(sor.splitPdfUrl);
    expect(split.status).to.equal(200);
    expect(split.headers.get('content-type')).to.equal('application/pdf');
    expect(await pageCountOf(split)).to.equal(pages - 1);

    const record = (await (await h.request('GET', `/api/documents/extract/${body.jobId}`, { headers: bearer(key) })).json()) as Json;
    expect(record.status).to.equal('completed');
    expect(record.extractedData.documents.map((d: Json) => d.documentType)).to.deep.equal(['insurance_cert', 'sor']);

    // The legacy task view of the run gives the same response again, with the same split links: reading does not renew them.
    const task = (await (await h.request('GET', `/api/tasks/${body.jobId}`, { headers: bearer(key) })).json()) as Json;
    expect(task).to.include({ taskId: body.jobId, status: 'completed', progress: 100 });
    expect(task.result.documents.map((d: Json) => [d.documentType, d.pages, d.extractedData, d.splitPdfUrl])).to.deep.equal(
      body.documents.map((d: Json) => [d.documentType, d.pages, d.extractedData, d.splitPdfUrl]),
    );
    expect(task.result.metadata).to.deep.equal(body.metadata);

    // A key of the same organization with the analysis scope alone does not read a run of the documents surface through the task view.
    const analysisOnly = await createKey(h, account, { name: 'analysis', scopes: ['analysis:read'] });
    expect((await h.request('GET', `/api/tasks/${body.jobId}`, { headers: bearer(analysisOnly) })).status).to.equal(404);
  });

  it('splits by manual ranges, and serves each part without credentials', async () => {
    const packet = await packetOf(certificate, statement, certificate);
    const total = (await PDFDocument.load(packet)).getPageCount();
    const res = await extract(packet, { splitStrategy: 'manual', ranges: [[1, 1], [2, total - 1], [total, total]] });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as Json;
    expect(body.documents.map((d: Json) => d.pages)).to.deep.equal([[1, 1], [2, total - 1], [total, total]]);
    expect(body.documents.map((d: Json) => d.documentType)).to.deep.equal(['insurance_certificate', 'sor', 'insurance_certificate']);
    for (const document of body.documents as Json[]) {
      const split = await fetchSplit(document.splitPdfUrl);
      expect(split.status, document.splitPdfUrl).to.equal(200);
      expect(await pageCountOf(split)).to.equal(document.pages[1] - document.pages[0] + 1);
    }
  });

  it('reports documents beyond maxDocuments as unextracted', async () => {
    const res = await extract(await packetOf(certificate, certificate), { splitStrategy: 'manual', ranges: [[1, 1], [2, 2]], maxDocuments: 1 });
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(200);
    expect(body.documents).to.have.length(1);
    expect(body.unextractedDocuments).to.deep.equal([{ documentType: 'insurance_certificate', pages: [2, 2], confidence: body.unextractedDocuments[0].confidence }]);
  });

  it('answers bad page ranges and bad options 400 in the legacy layout', async () => {
    const packet = await packetOf(certificate, certificate);
    for (const options of [
      { splitStrategy: 'manual', ranges: [[2, 2], [1, 1]] },
      { splitStrategy: 'manual', ranges: [[1, 3]] },
      { splitStrategy: 'manual' },
      { splitStrategy: 'sideways' },
      { confidenceThreshold: 2 },
      'not json',
    ]) {
      const res = await extract(packet, options);
      const body = (await res.json()) as Json;
      expect(res.status, JSON.stringify(options)).to.equal(400);
      expect(body.code).to.equal('INVALID_REQUEST');
      expect(body.error).to.be.a('string').and.not.equal('');
    }
  });

  it('refuses a tampered or expired split URL (403), and answers 404 once the job is deleted', async () => {
    const res = await extract(await packetOf(certificate, certificate), { splitStrategy: 'manual', ranges: [[1, 1], [2, 2]] });
    const body = (await res.json()) as Json;
    const url = body.documents[0].splitPdfUrl as string;
    expect((await fetchSplit(url)).status).to.equal(200);

    const otherPages = url.replace('/1-1?', '/2-2?');
    const otherSignature = url.replace(/signature=.(.*)$/, (_match, rest: string) => `signature=${rest.startsWith('A') ? 'B' : 'A'}${rest}`);
    const laterExpiry = url.replace(/expires=(\d+)/, (_match, expires: string) => `expires=${Number(expires) + 3600}`);
    for (const forged of [otherPages, otherSignature, laterExpiry, url.replace(/&signature=.*$/, '')]) {
      const refused = await fetchSplit(forged);
      expect([400, 403], forged).to.include(refused.status);
    }
    for (const forged of [otherPages, otherSignature, laterExpiry]) {
      const refused = await fetchSplit(forged);
      expect(((await refused.json()) as Json).details.reason).to.equal('invalid_signature');
    }

    const links = h.container.resolve<SplitPdfLinks>('splitPdfLinks');
    const expired = await fetchSplit(links.url(body.jobId, [1, 1], new Date(Date.now() - 25 * 3_600_000)));
    expect(expired.status).to.equal(403);
    expect(((await expired.json()) as Json).details.reason).to.equal('expired');

    expect((await h.request('DELETE', `/api/documents/extract/${body.jobId}`, { headers: bearer(key) })).status).to.equal(204);
    expect((await fetchSplit(url)).status).to.equal(404);
  });

  it('serves an image upload as a one-page PDF', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const res = await extract(new Uint8Array(png), { splitStrategy: 'none' }, key, 'scan.png');
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(200);
    expect(body.documents).to.have.length(1);
    expect(body.documents[0]).to.include({ documentType: 'unknown' });
    expect(body.metadata).to.include({ processedDocuments: 0, unidentifiedDocuments: 1 });
    const split = await fetchSplit(body.documents[0].splitPdfUrl);
    expect(split.status).to.equal(200);
    expect(await pageCountOf(split)).to.equal(1);
  });

  it('answers a file over the size limit FILE_TOO_LARGE and one of another format INVALID_FILE_FORMAT (422)', async () => {
    const large = new Uint8Array(1_500_000).fill(0x20);
    large.set(new TextEncoder().encode('%PDF-1.4\n'));
    const tooLarge = await extract(large, { splitStrategy: 'auto' });
    expect(tooLarge.status).to.equal(413);
    expect(await tooLarge.json()).to.include({ code: 'FILE_TOO_LARGE' });

    const text = await extract(new TextEncoder().encode('just some words, no document format'), { splitStrategy: 'auto' }, key, 'notes.pdf');
    expect(text.status).to.equal(422);
    expect(await text.json()).to.include({ code: 'INVALID_FILE_FORMAT' });
  });

  it('refuses an API key without documents:write (403)', async () => {
    const other = await signup(h);
    const readOnly = await createKey(h, other, { name: 'read only', scopes: ['documents:read'] });
    const res = await extract(certificate, { splitStrategy: 'none' }, readOnly);
    expect(res.status).to.equal(403);
  });

  it('refuses a webhookUrl on the legacy form', async () => {
    const res = await h.request('POST', '/api/documents/extract', {
      body: form({ options: '{}', webhookUrl: 'https://example.com/hook', file: { bytes: certificate, name: 'c.pdf' } }),
      headers: bearer(key),
    });
    expect(res.status).to.equal(400);
    expect(await res.json()).to.include({ code: 'INVALID_REQUEST' });
  });

  it('documents its operations and the task operations in the OpenAPI document', async () => {
    const document = (await (await h.request('GET', '/api/openapi.json')).json()) as Json;
    expect(document.paths['/api/documents/split/{jobId}/{pages}'].get).to.be.an('object');
    expect(document.paths['/api/documents/extract'].post.responses).to.include.keys('200', '202', '422', '503');
    for (const [path, method] of [
      ['/api/sor-analysis-trigger', 'post'],
      ['/api/sor-analysis', 'post'],
      ['/api/task-status/{taskId}', 'get'],
      ['/api/task-status/{taskId}', 'delete'],
      ['/api/tasks/{taskId}', 'get'],
    ]) {
      expect(document.paths[path!]?.[method!], `${method} ${path}`).to.be.an('object');
    }
  });

  describe('the corpus packet', () => {
    before(function () {
      requireCorpus(this);
    });

    it('splits packet_digital_a.pdf into certificate, statement of repair and unknown', async () => {
      const res = await extract(readCorpusFile('synthetic', 'packet_digital_a.pdf'), { splitStrategy: 'auto' });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Json;
      expect(body.documents.map((d: Json) => [d.documentType, d.pages])).to.deep.equal([
        ['insurance_certificate', [1, 1]],
        ['sor', [2, 4]],
        ['unknown', [5, 5]],
      ]);
      expect(body.metadata).to.include({ totalPages: 5, processedDocuments: 2, unidentifiedDocuments: 1 });
      const split = await fetchSplit(body.documents[1].splitPdfUrl);
      expect(await pageCountOf(split)).to.equal(3);
    });
  });
});
