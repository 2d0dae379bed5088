import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { INVOICE_FIELDS } from './support/b2c.js';
import { form, PDF_BYTES } from './support/fake-engine.js';
import { allRoutes } from '../../host/src/http/routes.js';
import { HOST_VERSION } from '../../host/src/common/version.js';

type Json = Record<string, any>;

describe('host: API conventions', () => {
  let h: Harness;
  let owner: Account;
  let key: string;
  before(async () => {
    h = await startHarness();
    owner = await signup(h);
    key = await createKey(h, owner);
  });
  after(async () => h.close());

  describe('405 with Allow on a known path', () => {
    it('answers a method the path does not have with 405, the Allow header and the primary error body', async () => {
      const cases: Array<[string, string, string]> = [
        ['POST', '/api/health', 'GET, HEAD, OPTIONS'],
        ['PATCH', '/api/health', 'GET, HEAD, OPTIONS'],
        ['PUT', '/api/documents/extract', 'GET, HEAD, POST, OPTIONS'],
        ['POST', '/api/documents/extract/0190a0a0-0000-7000-8000-000000000000', 'GET, HEAD, DELETE, OPTIONS'],
        ['DELETE', '/api/lending/types', 'GET, HEAD, OPTIONS'],
      ];
      for (const [method, path, allow] of cases) {
        const res = await h.request(method, path, { headers: bearer(key) });
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.headers.get('allow'), `${method} ${path}`).to.equal(allow);
        const body = (await res.json()) as Json;
        expect(body.error).to.equal('method_not_allowed');
        expect(body.message).to.be.a('string');
        expect(body.details.allow).to.deep.equal(allow.split(', '));
        expect(res.headers.get('x-ratelimit-limit')).to.be.a('string');
      }
    });

    it('answers 405 before asking for credentials, and OPTIONS with 204 and Allow', async () => {
      const res = await h.request('PUT', '/api/documents/extract');
      expect(res.status).to.equal(405);
      const options = await h.request('OPTIONS', '/api/documents/types');
      expect(options.status).to.equal(204);
      expect(options.headers.get('allow')).to.equal('GET, HEAD, POST, OPTIONS');
    });

    it('computes Allow from the route table for every path', async () => {
      const methodsOf = new Map<string, Set<string>>();
      for (const route of allRoutes) methodsOf.set(route.path, (methodsOf.get(route.path) ?? new Set()).add(route.method.toUpperCase()));
      const putPatterns = allRoutes.filter((route) => route.method === 'put').map((route) => new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`));
      for (const [path, methods] of methodsOf) {
        // Skip paths a PUT route takes (`/api/integrations/webhooks/test` is also `/{id}`).
        if (path.includes('{') || putPatterns.some((pattern) => pattern.test(path))) continue;
        const res = await h.request('PUT', path, { headers: bearer(key) });
        expect(res.status, path).to.equal(405);
        for (const method of methods) expect(res.headers.get('allow'), path).to.include(method);
      }
    });

    it('keeps 404 for paths no route has', async () => {
      const res = await h.request('POST', '/api/nothing-here');
      expect(res.status).to.equal(404);
      expect(res.headers.get('allow')).to.equal(null);
    });
  });

  describe('202 Location and Retry-After', () => {
    it('on POST /api/documents/extract: Location is the polling URL, Retry-After a pace within the per-key limit', async () => {
      const res = await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(key) });
      expect(res.status).to.equal(202);
      const body = (await res.json()) as Json;
      expect(res.headers.get('location')).to.equal(body.pollingUrl);
      expect(Number(res.headers.get('retry-after'))).to.equal(1);
    });

    it('on POST /api/lending/extract: at least 6 s, so polling stays within 10 requests a minute', async () => {
      const res = await h.request('POST', '/api/lending/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(key) });
      expect(res.status).to.equal(202);
      const body = (await res.json()) as Json;
      expect(body.pollingUrl).to.match(/\/api\/lending\/extract\//);
      expect(res.headers.get('location')).to.equal(body.pollingUrl);
      expect(Number(res.headers.get('retry-after'))).to.equal(6);
    });

    it('on POST /api/b2c/extract', async () => {
      const template = await h.request('POST', '/api/b2c/templates', { json: { name: 'Invoices', fields: INVOICE_FIELDS }, headers: bearer(owner.sessionToken) });
      expect(template.status).to.equal(201);
      const { id } = (await template.json()) as { id: string };
      const res = await h.request('POST', '/api/b2c/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' }, templateId: id }), headers: bearer(owner.sessionToken) });
      expect(res.status).to.equal(202);
      const body = (await res.json()) as Json;
      expect(res.headers.get('location')).to.equal(body.pollingUrl);
      expect(Number(res.headers.get('retry-after'))).to.be.at.least(1);
    });

    it('on a replayed Idempotency-Key too', async () => {
      const send = () =>
        h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: { ...bearer(key), 'idempotency-key': 'conventions-1' } });
      const first = await send();
      const again = await send();
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.headers.get('location')).to.equal(first.headers.get('location'));
      expect(again.headers.get('retry-after')).to.equal('1');
    });

    it('follows the configured lending limit', async () => {
      const other = await startHarness({ DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '4' });
      try {
        const otherKey = await createKey(other, await signup(other));
        const res = await other.request('POST', '/api/lending/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'a.pdf' } }), headers: bearer(otherKey) });
        expect(res.headers.get('retry-after')).to.equal('15');
      } finally {
        await other.close();
      }
    });
  });

  describe('the OpenAPI document', () => {
    it('states the interface version 1.0.0 and the host version apart', async () => {
      const doc = (await (await h.request('GET', '/api/openapi.json')).json()) as Json;
      expect(doc.info.version).to.equal('1.0.0');
      expect(doc.info['x-docsift-version']).to.equal(HOST_VERSION);
    });

    it('documents Location and Retry-After on every 202, the job listing and /api/ready', async () => {
      const doc = (await (await h.request('GET', '/api/openapi.json')).json()) as Json;
      let accepted = 0;
      for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
        for (const [method, operation] of Object.entries(item)) {
          const response = operation.responses?.['202'];
          if (!response) continue;
          accepted += 1;
          expect(response.headers, `${method} ${path}`).to.have.keys('Location', 'Retry-After');
        }
      }
      expect(accepted).to.be.at.least(2);
      const listing = doc.paths['/api/documents/extract'].get;
      expect(listing.parameters.map((parameter: Json) => parameter.name)).to.include.members(['cursor', 'limit', 'status', 'type', 'createdFrom', 'createdTo']);
      expect(doc.paths['/api/ready']).to.have.key('get');
    });
  });
});
