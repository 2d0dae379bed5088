import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, PDF_BYTES } from './support/fake-engine.js';

const LEAK = /at .+:\d+:\d+|\bSELECT\b|\bINSERT\b|SQLITE|\/tmp\/|\/work\/|node_modules|Error:/;

describe('host: bad input never crashes and never leaks internals', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness({ DOCSIFT_MAX_FILE_MB: '1' });
    key = await createKey(h, await signup(h));
  });
  after(async () => h.close());

  async function expectError(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
    const text = await res.text();
    expect(res.status, text).to.equal(status);
    expect(text).not.to.match(LEAK);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body.error).to.equal(code);
    expect(body.message).to.be.a('string');
    return body;
  }

  const post = (body: RequestInit['body'], headers: Record<string, string> = {}) =>
    h.request('POST', '/api/documents/extract', { body, headers: { ...bearer(key), ...headers } });

  it('garbage multipart: 400 invalid_request', async () => {
    await expectError(await post('--xyz\r\nnot really\r\n', { 'content-type': 'multipart/form-data; boundary=xyz' }), 400, 'invalid_request');
    await expectError(await post('anything', { 'content-type': 'multipart/form-data' }), 400, 'invalid_request');
  });

  it('not multipart at all: 400 invalid_request', async () => {
    await expectError(await post('{"file":"x"}', { 'content-type': 'application/json' }), 400, 'invalid_request');
  });

  it('missing file part: 400 invalid_request saying no file', async () => {
    const body = await expectError(await post(form({ metadata: '{}' })), 400, 'invalid_request');
    expect(body.message).to.match(/file/i);
  });

  it('a file under another part name is not taken as the file', async () => {
    await expectError(await post(form({ document: { bytes: PDF_BYTES, name: 'a.pdf' } })), 400, 'invalid_request');
  });

  it('metadata that is not JSON, or not an object: 400 naming metadata', async () => {
    for (const metadata of ['{not json', '[1,2]', '"text"', 'null']) {
      const body = await expectError(await post(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, metadata })), 400, 'invalid_request');
      expect(JSON.stringify(body.details)).to.include('metadata');
    }
  });

  it('a webhookUrl that is not http(s): 400', async () => {
    await expectError(await post(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, webhookUrl: 'file:///etc/passwd' })), 400, 'invalid_request');
  });

  it('a 0-byte file: 400 invalid_file_format', async () => {
    await expectError(await post(form({ file: { bytes: new Uint8Array(0), name: 'empty.pdf' } })), 400, 'invalid_file_format');
  });

  it('a text file renamed .pdf with a PDF content type: 400 invalid_file_format (bytes decide)', async () => {
    const text = Buffer.from('Hello, I am plain text pretending to be a PDF.\n'.repeat(50));
    await expectError(await post(form({ file: { bytes: text, name: 'report.pdf', type: 'application/pdf' } })), 400, 'invalid_file_format');
  });

  it('a truncated PDF is accepted (the engine fails the job later, not the request)', async () => {
    const res = await post(form({ file: { bytes: PDF_BYTES.subarray(0, 20), name: 'cut.pdf' } }));
    expect(res.status).to.equal(202);
  });

  it('path-traversal file names are reduced to a base name and never touch the store layout', async () => {
    for (const name of ['../../../../etc/passwd.pdf', '..\\..\\windows\\win.ini', '..', '/abs/path.pdf', 'a\u0000b.pdf']) {
      const res = await post(form({ file: { bytes: PDF_BYTES, name } }));
      expect(res.status, name).to.equal(202);
      const { jobId } = (await res.json()) as { jobId: string };
      const job = (await (await h.request('GET', `/api/documents/extract/${jobId}`, { headers: bearer(key) })).json()) as { fileName: string };
      expect(job.fileName).not.to.include('/');
      expect(job.fileName).not.to.include('\\');
      expect(job.fileName).not.to.equal('..');
      const [row] = (await h.dataSource.query('SELECT file_key FROM jobs WHERE id = ?', [jobId])) as Array<{ file_key: string }>;
      expect(row.file_key).to.match(/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    }
  });

  it('a file over the limit is cut off while streaming: 413 file_too_large (chunked, no Content-Length)', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    const boundary = 'bound123';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        sent += chunk.length;
        if (sent > 8 * 1_048_576) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        } else controller.enqueue(chunk);
      },
    });
    let res: Response | null = null;
    try {
      res = await fetch(`${h.baseUrl}/api/documents/extract`, {
        method: 'POST',
        body: stream,
        headers: { ...bearer(key), 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit);
    } catch {
      // The server may close the connection before the client finished sending: acceptable.
    }
    if (res) await expectError(res, 413, 'file_too_large');
    expect(sent).to.be.lessThan(8 * 1_048_576 + chunk.length);
    expect((await h.request('GET', '/api/health')).status).to.equal(200);
  });

  it('a declared Content-Length over the limit: 413 before the body is read', async () => {
    const big = Buffer.alloc(3 * 1_048_576, 0x25);
    await expectError(await post(form({ file: { bytes: big, name: 'big.pdf' } })), 413, 'file_too_large');
  });

  it('64 KB headers are refused by the HTTP layer and the process keeps serving', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(h.baseUrl).port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    expect(answer).to.match(/^HTTP\/1\.1 431/);
    const huge = await h.request('GET', '/api/health', { headers: { 'x-api-key': 'k'.repeat(8000) } });
    expect(huge.status).to.equal(200);
    expect((await h.request('GET', '/api/health')).status).to.equal(200);
  });

  it('an oversized Idempotency-Key is 400', async () => {
    await expectError(await post(form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), { 'idempotency-key': 'k'.repeat(300) }), 400, 'invalid_request');
  });

  it('leaves no temporary upload behind, whatever the outcome', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readdirSync(path.join(h.dataDir, 'tmp', 'uploads'))).to.deep.equal([]);
  });

  it('an options part (the legacy synchronous form of /api/documents/extract) is refused on the lending surface with a clear 400', async () => {
    const res = await h.request('POST', '/api/lending/extract', {
      body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, options: '{"splitStrategy":"none"}' }),
      headers: bearer(key),
    });
    const body = await expectError(res, 400, 'invalid_request');
    expect(body.message).to.match(/options/);
  });

  it('the legacy synchronous form answers bad options in the legacy layout, naming the problem, without internals', async () => {
    const res = await post(form({ options: '{"splitStrategy":"sideways","maxDocuments":0}', file: { bytes: PDF_BYTES, name: 'a.pdf' } }));
    const text = await res.text();
    expect(res.status, text).to.equal(400);
    expect(text).not.to.match(LEAK);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body.code).to.equal('INVALID_REQUEST');
    expect(body.error).to.match(/splitStrategy: .*; maxDocuments: /);
  });
});
