import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import { startHarness, type Harness } from './support/harness.js';

let counter = 0;

/** The Set-Cookie of a login (a signup starts a session the same way), and whether it is Secure. */
async function sessionCookie(h: Harness, headers: Record<string, string> = {}): Promise<{ cookie: string; secure: boolean }> {
  counter += 1;
  const res = await h.request('POST', '/api/auth/signup', {
    json: { email: `cookie${counter}-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'Cookies' },
    headers,
  });
  expect(res.status).to.equal(201);
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).to.match(/^docsift_session=dss_/);
  return { cookie, secure: /;\s*secure\b/i.test(cookie) };
}

/** A self-signed certificate made with openssl for localhost, or null where openssl is not installed. */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } | null {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', key, '-out', cert], {
      stdio: 'ignore',
    });
  } catch {
    return null;
  }
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

describe('host: the session cookie is Secure when the client used https (issue 12)', () => {
  describe('without trusted proxies', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness();
    });
    after(async () => h.close());

    it('is not Secure over plain http, and X-Forwarded-Proto from the client changes nothing', async () => {
      expect((await sessionCookie(h)).secure).to.equal(false);
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https' })).secure).to.equal(false);
    });

    it('is Secure when the request reaches the application over TLS itself (an embedder serving it over https)', async function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-tls-'));
      const credentials = selfSignedCertificate(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      if (!credentials) {
        process.stderr.write('notice: openssl is not installed; the direct https cookie test is skipped\n');
        this.skip();
      }
      const app = h.container.resolve<Koa>('app');
      const server = https.createServer(credentials!, app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const body = JSON.stringify({ email: `tls-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'TLS' });
        const cookie = await new Promise<string>((resolve, reject) => {
          const request = https.request(
            { host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/api/auth/signup', method: 'POST', rejectUnauthorized: false, headers: { 'content-type': 'application/json' } },
            (res) => {
              res.resume();
              res.on('end', () => (res.statusCode === 201 ? resolve(String(res.headers['set-cookie'] ?? '')) : reject(new Error(`status ${res.statusCode}`))));
            },
          );
          request.on('error', reject);
          request.end(body);
        });
        expect(cookie).to.match(/^docsift_session=dss_/);
        expect(cookie).to.match(/;\s*secure\b/i);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('behind one trusted proxy (DOCSIFT_TRUST_PROXY=1)', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_TRUST_PROXY: '1' });
    });
    after(async () => h.close());

    it('is Secure when the proxy says the client used https, not when it says http or says nothing', async () => {
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https' })).secure).to.equal(true);
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'http' })).secure).to.equal(false);
      expect((await sessionCookie(h)).secure).to.equal(false);
    });

    it('trusts only the entry the proxy appended: a client writing https before it is ignored', async () => {
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https, http' })).secure).to.equal(false);
    });
  });

  describe('behind two trusted proxies (DOCSIFT_TRUST_PROXY=2)', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_TRUST_PROXY: '2' });
    });
    after(async () => h.close());

    it('reads the entry of the farthest trusted proxy, which met the client', async () => {
      // The outer proxy met the client over https; the inner one was reached over http.
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https, http' })).secure).to.equal(true);
      // The client wrote https itself; the outer proxy met it over http.
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https, http, http' })).secure).to.equal(false);
      // Both proxies pass on the value the outer one set.
      expect((await sessionCookie(h, { 'x-forwarded-proto': 'https' })).secure).to.equal(true);
    });
  });

  it('is Secure whenever DOCSIFT_PUBLIC_URL is https, even over plain http to the host', async () => {
    const h = await startHarness({ DOCSIFT_PUBLIC_URL: 'https://docsift.example' });
    try {
      expect((await sessionCookie(h)).secure).to.equal(true);
    } finally {
      await h.close();
    }
  });
});
