import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { INVOICE_FIELDS } from './support/b2c.js';

describe('host: consumer templates (/api/b2c/templates)', () => {
  let h: Harness;
  let owner: Account;
  let other: Account;
  before(async () => {
    h = await startHarness();
    owner = await signup(h);
    other = await signup(h);
  });
  after(async () => h.close());

  const create = (account: Account, body: unknown) => h.request('POST', '/api/b2c/templates', { json: body, headers: bearer(account.sessionToken) });

  describe('happy path', () => {
    it('creates (201, version 1), lists, reads, updates (version 2) and deletes (204) a template', async () => {
      const created = await create(owner, { name: 'Invoices', description: 'Supplier invoices', documentType: 'sor', fields: INVOICE_FIELDS });
      expect(created.status).to.equal(201);
      const template = (await created.json()) as Record<string, any>;
      expect(template).to.include({ name: 'Invoices', description: 'Supplier invoices', documentType: 'sor', version: 1 });
      expect(template.fields).to.deep.equal(INVOICE_FIELDS);
      expect(template.id).to.match(/^[0-9a-f-]{36}$/);

      const list = (await (await h.request('GET', '/api/b2c/templates', { headers: bearer(owner.sessionToken) })).json()) as { templates: Array<{ id: string }> };
      expect(list.templates.map((item) => item.id)).to.include(template.id);

      const read = await h.request('GET', `/api/b2c/templates/${template.id}`, { headers: bearer(owner.sessionToken) });
      expect(read.status).to.equal(200);
      expect(await read.json()).to.deep.equal(template);

      const updated = await h.request('PUT', `/api/b2c/templates/${template.id}`, {
        json: { name: 'Invoices v2', fields: INVOICE_FIELDS.slice(0, 2) },
        headers: bearer(owner.sessionToken),
      });
      expect(updated.status).to.equal(200);
      const after = (await updated.json()) as Record<string, any>;
      expect(after).to.include({ id: template.id, name: 'Invoices v2', version: 2, createdAt: template.createdAt });
      expect(after).not.to.have.property('documentType');
      expect(after.fields).to.have.length(2);

      expect((await h.request('DELETE', `/api/b2c/templates/${template.id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
      expect((await h.request('GET', `/api/b2c/templates/${template.id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
    });
  });

  describe('errors', () => {
    const invalid = async (body: unknown) => {
      const res = await create(owner, body);
      expect(res.status).to.equal(400);
      const error = (await res.json()) as { error: string; message: string; details?: { issues?: Array<{ path: string; message: string }> } };
      expect(error.error).to.equal('invalid_request');
      expect(error.message).to.be.a('string');
      return error;
    };

    it('refuses a field name used twice, naming it', async () => {
      const error = await invalid({ name: 'x', fields: [INVOICE_FIELDS[0], INVOICE_FIELDS[0]] });
      expect(JSON.stringify(error.details)).to.contain('used twice');
    });

    it('refuses names that are not safe JSON keys or column names', async () => {
      for (const name of ['__proto__', 'constructor', 'total amount', '1st', 'a.b', '']) {
        await invalid({ name: 'x', fields: [{ name, type: 'string', description: 'd' }] });
      }
    });

    it('refuses no fields, too many fields, unknown types and sub-fields on a non-list field', async () => {
      await invalid({ name: 'x', fields: [] });
      await invalid({ name: 'x', fields: Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, type: 'string', description: 'd' })) });
      await invalid({ name: 'x', fields: [{ name: 'a', type: 'money', description: 'd' }] });
      await invalid({ name: 'x', fields: [{ name: 'a', type: 'string', description: 'd', fields: [{ name: 'b', type: 'string', description: 'd' }] }] });
      await invalid({ name: 'x', fields: [{ name: 'a', type: 'list', description: 'd', fields: [{ name: 'b', type: 'list', description: 'nested' }] }] });
    });

    it('refuses a documentType that is not a registered type code', async () => {
      const error = await invalid({ name: 'x', documentType: 'no_such_type', fields: INVOICE_FIELDS });
      expect(error.message).to.contain('no_such_type');
    });

    it('answers malformed JSON with 400 in the primary error layout', async () => {
      const res = await h.request('POST', '/api/b2c/templates', { body: '{"name": ', headers: { ...bearer(owner.sessionToken), 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(await res.json()).to.have.keys('error', 'message');
    });

    it('answers 404 for an unknown template on get, update and delete', async () => {
      const id = '00000000-0000-7000-8000-000000000000';
      for (const [method, json] of [['GET'], ['PUT', { name: 'x', fields: INVOICE_FIELDS }], ['DELETE']] as const) {
        const res = await h.request(method, `/api/b2c/templates/${id}`, { json, headers: bearer(owner.sessionToken) });
        expect(res.status, method).to.equal(404);
        expect(await res.json()).to.deep.include({ error: 'not_found' });
      }
    });
  });

  describe('security', () => {
    it("answers 404 for another organization's template, exactly as for a missing one, and leaves it unchanged", async () => {
      const theirs = (await (await create(other, { name: 'Theirs', fields: INVOICE_FIELDS })).json()) as { id: string };
      for (const [method, json] of [['GET'], ['PUT', { name: 'stolen', fields: INVOICE_FIELDS }], ['DELETE']] as const) {
        const res = await h.request(method, `/api/b2c/templates/${theirs.id}`, { json, headers: bearer(owner.sessionToken) });
        expect(res.status, method).to.equal(404);
        expect(await res.json()).to.deep.equal({ error: 'not_found', message: 'Template not found.' });
      }
      const mine = (await (await h.request('GET', '/api/b2c/templates', { headers: bearer(owner.sessionToken) })).json()) as { templates: Array<{ id: string }> };
      expect(mine.templates.map((item) => item.id)).not.to.include(theirs.id);
      const still = (await (await h.request('GET', `/api/b2c/templates/${theirs.id}`, { headers: bearer(other.sessionToken) })).json()) as { name: string };
      expect(still.name).to.equal('Theirs');
    });

    it('answers 401 to an API key on every /api/b2c/* operation, in both header forms', async () => {
      const key = await createKey(h, owner);
      const id = '00000000-0000-7000-8000-000000000000';
      const operations: Array<[string, string]> = [
        ['GET', '/api/b2c/templates'],
        ['POST', '/api/b2c/templates'],
        ['GET', `/api/b2c/templates/${id}`],
        ['PUT', `/api/b2c/templates/${id}`],
        ['DELETE', `/api/b2c/templates/${id}`],
        ['GET', `/api/b2c/templates/${id}/export`],
        ['GET', '/api/b2c/extract'],
        ['POST', '/api/b2c/extract'],
        ['GET', `/api/b2c/extract/${id}`],
        ['DELETE', `/api/b2c/extract/${id}`],
        ['GET', '/api/b2c/extractions'],
        ['PUT', `/api/b2c/extract/${id}/data`],
        ['GET', `/api/b2c/templates/${id}/layouts`],
        ['DELETE', `/api/b2c/templates/${id}/layouts/${id}`],
      ];
      for (const [method, url] of operations) {
        for (const headers of [bearer(key), { 'x-api-key': key }]) {
          const res = await h.request(method, url, { headers, ...(method === 'POST' || method === 'PUT' ? { json: { name: 'x', fields: INVOICE_FIELDS } } : {}) });
          expect(res.status, `${method} ${url} ${Object.keys(headers)[0]}`).to.equal(401);
          expect(((await res.json()) as { error: string }).error).to.equal('unauthorized');
          expect(res.headers.get('x-ratelimit-limit')).to.be.a('string');
        }
      }
    });

    it('answers 401 without credentials', async () => {
      const res = await h.request('GET', '/api/b2c/templates');
      expect(res.status).to.equal(401);
    });

    it('lists every /api/b2c operation in the OpenAPI document', async () => {
      const document = (await (await h.request('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/b2c/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
      expect(operations).to.have.members([
        'GET /api/b2c/templates',
        'POST /api/b2c/templates',
        'GET /api/b2c/templates/{templateId}',
        'PUT /api/b2c/templates/{templateId}',
        'DELETE /api/b2c/templates/{templateId}',
        'GET /api/b2c/templates/{templateId}/export',
        'GET /api/b2c/extract',
        'POST /api/b2c/extract',
        'GET /api/b2c/extract/{extractionId}',
        'DELETE /api/b2c/extract/{extractionId}',
        'GET /api/b2c/extract/{extractionId}/pages/{page}/image',
        'GET /api/b2c/extractions',
        'PUT /api/b2c/extract/{extractionId}/data',
        'GET /api/b2c/templates/{templateId}/layouts',
        'DELETE /api/b2c/templates/{templateId}/layouts/{layoutId}',
      ]);
    });
  });
});
