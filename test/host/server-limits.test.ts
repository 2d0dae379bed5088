import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../host/src/config/config.js';
import { createKey, signup, startHarness, type Harness } from './support/harness.js';
import { BOUNDARY, expectEmptySoon } from './support/raw-multipart.js';

/** Opens a connection to the harness and writes `head` at once, then one byte of `drip` a second; resolves when the server closes it. */
function dripRequest(h: Harness, head: string, drip: string): Promise<{ answer: string; ms: number; dripped: number }> {
  const { port } = new URL(h.baseUrl);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let dripped = 0;
    const timer = setInterval(() => {
      if (dripped < drip.length && !socket.destroyed) socket.write(drip[dripped++]!);
    }, 1000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: performance.now() - started, dripped });
    });
    socket.write(head);
  });
}

describe('host: HTTP server limits', () => {
  let h: Harness;
  let key: string;
  /** Where this organization's uploads are written while they arrive. */
  let uploads: string;
  before(async () => {
    h = await startHarness({
      DOCSIFT_REQUEST_TIMEOUT_MS: '2000',
      DOCSIFT_HEADERS_TIMEOUT_MS: '1500',
      DOCSIFT_KEEP_ALIVE_TIMEOUT_MS: '1000',
      DOCSIFT_MAX_CONNECTIONS: '4',
    });
    const account = await signup(h);
    key = await createKey(h, account);
    uploads = path.join(h.config.storage.root, account.organizationId);
  });
  after(async () => h.close());

  it('cuts off a client sending its body one byte a second at the request timeout (408), leaving no temporary file', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 slow`;
    const head = [
      'POST /api/documents/extract HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${key}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length: 100000',
      '',
      '',
    ].join('\r\n');
    const { answer, ms, dripped } = await dripRequest(h, head, body);
    expect(answer).to.match(/^HTTP\/1\.1 408/);
    expect(ms).to.be.within(1900, 3500);
    expect(dripped).to.be.at.most(4);
    await expectEmptySoon(uploads);
  });

  it('cuts off a client sending its headers one byte a second at the headers timeout', async () => {
    const { answer, ms } = await dripRequest(h, 'GET /api/health HTTP/1.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(answer).to.match(/^HTTP\/1\.1 408/);
    expect(ms).to.be.within(1400, 3000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { answer, ms } = await dripRequest(h, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    expect(answer).to.match(/^HTTP\/1\.1 200/);
    expect(answer).to.match(/Keep-Alive: timeout=1/i);
    expect(ms).to.be.within(900, 2500);
  });

  it('closes connections beyond the cap as they arrive, and serves again once some close', async () => {
    const { port } = new URL(h.baseUrl);
    const open = await Promise.all(
      Array.from({ length: 4 }, () => new Promise<net.Socket>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
      })),
    );
    // Give the server the time to accept them all before the one too many.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = await dripRequest(h, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', '');
    expect(extra.answer).to.equal('');
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await h.request('GET', '/api/health')).status).to.equal(200);
  });

  it('defaults sized for 50 MB over a slow link, and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({}).server).to.deep.equal({ requestTimeoutMs: 600_000, headersTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 });
    expect(() => loadConfig({ DOCSIFT_REQUEST_TIMEOUT_MS: '10000', DOCSIFT_HEADERS_TIMEOUT_MS: '20000' })).to.throw(/DOCSIFT_HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ DOCSIFT_MAX_CONNECTIONS: '0' })).to.throw(/DOCSIFT_MAX_CONNECTIONS/);
  });
});
