import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';

const invoice = {
  typeCode: 'purchase_invoice',
  displayName: 'Purchase invoice',
  description: 'An invoice from a supplier',
  confidenceThreshold: 0.6,
  fields: [
    { name: 'invoiceNumber', type: 'string', description: 'Invoice number', required: true },
    { name: 'total', type: 'currency', description: 'Amount due' },
  ],
  keywords: ['invoice', 'amount due'],
};

describe('host: document types', () => {
  let h: Harness;
  let owner: Account;
  before(async () => {
    h = await startHarness();
    owner = await signup(h);
  });
  after(async () => h.close());

  it('lists types with any credential, in the primary layout', async () => {
    const key = await createKey(h, owner, { name: 'read only', scopes: ['documents:read'] });
    const res = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { types: Array<Record<string, unknown>> };
    expect(body.types).to.be.an('array');
    for (const type of body.types) expect(type).to.have.all.keys('typeCode', 'displayName', 'description', 'confidenceThreshold', 'extractionSupported');
  });

  it('lists the built-in sor and insurance_cert types when the plugins are installed (legacy code insurance_certificate)', async function () {
    const res = await h.request('GET', '/api/documents/types', { headers: bearer(owner.sessionToken) });
    const { types } = (await res.json()) as { types: Array<{ typeCode: string }> };
    if (types.length === 0) this.skip();
    expect(types.map((t) => t.typeCode)).to.include.members(['sor', 'insurance_cert']);
    const legacy = (await (await h.request('GET', '/api/documents/types?layout=legacy', { headers: bearer(owner.sessionToken) })).json()) as {
      documentTypes: Array<{ type: string }>;
    };
    expect(legacy.documentTypes.map((t) => t.type)).to.include('insurance_certificate');
    const built = await h.request('DELETE', '/api/documents/types/sor', { headers: bearer(owner.sessionToken) });
    expect(built.status).to.equal(403);
    const changed = await h.request('PUT', '/api/documents/types/insurance_cert', { json: invoice, headers: bearer(owner.sessionToken) });
    expect(changed.status).to.equal(403);
  });

  it('adds, lists (both layouts), changes and removes an organization type', async () => {
    const created = await h.request('POST', '/api/documents/types', { json: invoice, headers: bearer(owner.sessionToken) });
    expect(created.status).to.equal(201);
    expect(await created.json()).to.deep.include({ typeCode: 'purchase_invoice', extractionSupported: true });
    const list = (await (await h.request('GET', '/api/documents/types', { headers: bearer(owner.sessionToken) })).json()) as { types: Array<{ typeCode: string }> };
    expect(list.types.map((t) => t.typeCode)).to.include('purchase_invoice');
    const legacy = (await (await h.request('GET', '/api/documents/types?layout=legacy', { headers: bearer(owner.sessionToken) })).json()) as {
      documentTypes: Array<{ type: string; supportedFields: Array<Record<string, unknown>> }>;
    };
    const mine = legacy.documentTypes.find((t) => t.type === 'purchase_invoice')!;
    expect(mine.supportedFields[0]).to.deep.equal({ field: 'invoiceNumber', type: 'string', description: 'Invoice number', required: true });
    const updated = await h.request('PUT', '/api/documents/types/purchase_invoice', {
      json: { ...invoice, typeCode: undefined, displayName: 'Supplier invoice' },
      headers: bearer(owner.sessionToken),
    });
    expect(updated.status).to.equal(200);
    expect(await updated.json()).to.deep.include({ displayName: 'Supplier invoice' });
    const dup = await h.request('POST', '/api/documents/types', { json: invoice, headers: bearer(owner.sessionToken) });
    expect(dup.status).to.equal(409);
    const removed = await h.request('DELETE', '/api/documents/types/purchase_invoice', { headers: bearer(owner.sessionToken) });
    expect(removed.status).to.equal(204);
    expect((await h.request('DELETE', '/api/documents/types/purchase_invoice', { headers: bearer(owner.sessionToken) })).status).to.equal(404);
  });

  it('keeps organization types to their organization (another organization: 404, not listed)', async () => {
    await h.request('POST', '/api/documents/types', { json: { ...invoice, typeCode: 'private_type' }, headers: bearer(owner.sessionToken) });
    const other = await signup(h);
    const list = (await (await h.request('GET', '/api/documents/types', { headers: bearer(other.sessionToken) })).json()) as { types: Array<{ typeCode: string }> };
    expect(list.types.map((t) => t.typeCode)).not.to.include('private_type');
    const put = await h.request('PUT', '/api/documents/types/private_type', { json: invoice, headers: bearer(other.sessionToken) });
    expect(put.status).to.equal(404);
  });

  it('needs types:manage: a key without it gets 403 with details.requiredScope', async () => {
    const key = await createKey(h, owner, { name: 'docs', scopes: ['documents:write'] });
    const res = await h.request('POST', '/api/documents/types', { json: { ...invoice, typeCode: 'other_type' }, headers: bearer(key) });
    expect(res.status).to.equal(403);
    expect(await res.json()).to.deep.include({ error: 'forbidden', details: { requiredScope: 'types:manage' } });
    const manager = await createKey(h, owner, { name: 'types', scopes: ['types:manage'] });
    expect((await h.request('POST', '/api/documents/types', { json: { ...invoice, typeCode: 'other_type' }, headers: bearer(manager) })).status).to.equal(201);
  });

  it('validates the body: bad type code, unknown field type, threshold out of range (400)', async () => {
    for (const body of [
      { ...invoice, typeCode: 'Bad Code' },
      { ...invoice, typeCode: 'ok_code', fields: [{ name: 'x', type: 'blob', description: 'y' }] },
      { ...invoice, typeCode: 'ok_code', confidenceThreshold: 2 },
      { ...invoice, typeCode: 'unknown' },
    ]) {
      const res = await h.request('POST', '/api/documents/types', { json: body, headers: bearer(owner.sessionToken) });
      expect(res.status, JSON.stringify(body)).to.be.oneOf([400, 409]);
    }
  });
});
