import { expect } from 'chai';
import { startHarness, type Harness } from './support/harness.js';

describe('host: health, OpenAPI, docs, unknown routes', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('answers /api/health without credentials, with rate-limit and security headers', async () => {
    const res = await h.request('GET', '/api/health');
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { status: string; timestamp: string };
    expect(body.status).to.equal('ok');
    expect(Number.isNaN(Date.parse(body.timestamp))).to.equal(false);
    expect(res.headers.get('x-ratelimit-limit')).to.equal('300');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).to.be.within(0, 299);
    expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.greaterThan(Date.now() / 1000);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('x-request-id')).to.match(/\S+/);
  });

  it('serves an OpenAPI 3.1 document listing every route', async () => {
    const res = await h.request('GET', '/api/openapi.json');
    expect(res.status).to.equal(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).to.match(/^3\.1/);
    const { allRoutes } = await import('../../host/src/http/routes.js');
    for (const route of allRoutes) {
      expect(doc.paths[route.path], route.path).to.have.property(route.method);
    }
  });

  it('serves a docs page that renders the description', async () => {
    const res = await h.request('GET', '/docs');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/text\/html/);
    expect(await res.text()).to.include('/api/openapi.json');
  });

  it('answers unknown routes with 404 not_found, and a known path with another method with 405, in the primary layout', async () => {
    const res = await h.request('GET', '/api/nope');
    expect(res.status).to.equal(404);
    expect(await res.json()).to.deep.include({ error: 'not_found' });
    expect(res.headers.get('x-ratelimit-limit')).to.equal('300');
    const wrongMethod = await h.request('PATCH', '/api/health');
    expect(wrongMethod.status).to.equal(405);
    expect(wrongMethod.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
    expect(await wrongMethod.json()).to.deep.include({ error: 'method_not_allowed' });
  });

  it('answers 503 service_unavailable when the database is unreachable', async () => {
    const other = await startHarness();
    await other.dataSource.destroy();
    const res = await other.request('GET', '/api/health');
    expect(res.status).to.equal(503);
    expect(await res.json()).to.deep.include({ error: 'service_unavailable' });
    await other.dataSource.initialize();
    await other.close();
  });
});
