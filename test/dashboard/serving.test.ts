import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { dashboard, DASHBOARD_DIST } from '../../host/src/http/middleware/dashboard.js';
import { startHarness, type Harness } from '../host/support/harness.js';

describe('dashboard: served by the host at / beside the API', function () {
  let h: Harness;
  let script: string;

  before(async function () {
    const index = path.join(DASHBOARD_DIST, 'index.html');
    if (!fs.existsSync(index)) throw new Error('host/dist/dashboard is missing: `npm install` builds it (npm run build --workspace dashboard)');
    script = /src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(index, 'utf8'))![1]!;
    h = await startHarness();
  });
  after(async () => h?.close());

  it('answers / and any dashboard path with the page, under a content security policy', async () => {
    for (const url of ['/', '/jobs', '/jobs/0193a4c1-0000-7000-8000-000000000000?service=lending', '/templates']) {
      const response = await h.request('GET', url);
      expect(response.status, url).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).to.contain("default-src 'self'");
      expect(response.headers.get('cache-control')).to.equal('no-cache');
      expect(await response.text()).to.contain('<div id="app"></div>');
    }
  });

  it('serves the built assets gzipped and cacheable for good (their names change with their content)', async () => {
    const response = await h.request('GET', script, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).to.equal('gzip');
    expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await response.text()).to.equal(fs.readFileSync(path.join(DASHBOARD_DIST, script), 'utf8'));
    const missing = await h.request('GET', '/assets/nothing-here.js');
    expect(missing.status).to.equal(404);
  });

  it('never shadows the API, /docs or /metrics: their paths keep their own answers and 404s', async () => {
    const unknownApi = await h.request('GET', '/api/no-such-route');
    expect(unknownApi.status).to.equal(404);
    expect(await unknownApi.json()).to.deep.include({ error: 'not_found' });
    const docs = await h.request('GET', '/docs');
    expect(await docs.text()).to.contain('<title>docsift API</title>');
    expect((await h.request('GET', '/api/openapi.json')).headers.get('content-type')).to.contain('application/json');
    const metrics = await h.request('GET', '/metrics');
    expect(metrics.status).to.equal(404);
    expect(await metrics.json()).to.deep.include({ error: 'not_found' });
    const session = await h.request('GET', '/api/auth/session');
    expect(session.status).to.equal(401);
  });

  it('answers only GET and HEAD: other methods on a dashboard path are 404', async () => {
    expect((await h.request('HEAD', '/upload')).status).to.equal(200);
    const post = await h.request('POST', '/upload', { json: {} });
    expect(post.status).to.equal(404);
  });

  it('answers nothing when the dashboard was not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-no-dashboard-'));
    const app = new Koa();
    app.use(dashboard({ routePaths: [], dir: empty }) as Koa.Middleware);
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).to.equal(404);
    } finally {
      server.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
