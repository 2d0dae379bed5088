import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';

describe('host: API keys', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('creates a key shown once, with prefix, scopes, expiry and organization; stores only a hash', async () => {
    const owner = await signup(h);
    const res = await h.request('POST', '/api/api-keys', {
      json: { name: 'ci', expiresIn: '30d', scopes: ['documents:read'] },
      headers: bearer(owner.sessionToken),
    });
    expect(res.status).to.equal(201);
    const created = (await res.json()) as Record<string, any>;
    expect(created.key).to.match(/^dsk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.keyPrefix)).to.equal(true);
    expect(created).to.include({ name: 'ci', organizationId: owner.organizationId });
    expect(created.scopes).to.deep.equal(['documents:read']);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).to.be.within(29.9, 30.1);
    const rows = (await h.dataSource.query('SELECT key_hash FROM api_keys WHERE id = ?', [created.id])) as Array<{ key_hash: string }>;
    expect(rows[0].key_hash).not.to.include(created.key);
    const list = await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) });
    const { apiKeys } = (await list.json()) as { apiKeys: Array<Record<string, unknown>> };
    expect(apiKeys).to.have.length(1);
    expect(apiKeys[0]).not.to.have.property('key');
    expect(apiKeys[0]).to.have.property('lastUsedAt');
  });

  it('defaults to scopes ["*"] and expiresAt null', async () => {
    const owner = await signup(h);
    const res = await h.request('POST', '/api/api-keys', { json: { name: 'default' }, headers: bearer(owner.sessionToken) });
    const created = (await res.json()) as Record<string, unknown>;
    expect(created.scopes).to.deep.equal(['*']);
    expect(created.expiresAt).to.equal(null);
  });

  for (const expiresIn of ['0d', '5m', 'soon', '-1d', '1.5d']) {
    it(`refuses expiresIn "${expiresIn}" with 400`, async () => {
      const owner = await signup(h);
      const res = await h.request('POST', '/api/api-keys', { json: { name: 'x', expiresIn }, headers: bearer(owner.sessionToken) });
      expect(res.status).to.equal(400);
      expect(await res.json()).to.deep.include({ error: 'invalid_request' });
    });
  }

  it('refuses an unknown scope with 400', async () => {
    const owner = await signup(h);
    const res = await h.request('POST', '/api/api-keys', { json: { name: 'x', scopes: ['documents:delete'] }, headers: bearer(owner.sessionToken) });
    expect(res.status).to.equal(400);
  });

  it('lets only owners and admins create and revoke keys (member: 403 forbidden)', async () => {
    const owner = await signup(h);
    const email = `member-${Date.now()}@example.com`;
    await h.request('POST', '/api/organizations/members', { json: { email, password: 'member pass', role: 'member' }, headers: bearer(owner.sessionToken) });
    const login = await h.request('POST', '/api/auth/login', { json: { email, password: 'member pass' } });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const res = await h.request('POST', '/api/api-keys', { json: { name: 'x' }, headers: bearer(sessionToken) });
    expect(res.status).to.equal(403);
    expect(await res.json()).to.deep.include({ error: 'forbidden' });
  });

  it('creating a key with an API key is 401 (sessions only)', async () => {
    const owner = await signup(h);
    const key = await createKey(h, owner);
    const res = await h.request('POST', '/api/api-keys', { json: { name: 'x' }, headers: bearer(key) });
    expect(res.status).to.equal(401);
  });

  it('accepts the key in both headers; a revoked key gives 401 and leaves the list', async () => {
    const owner = await signup(h);
    const key = await createKey(h, owner);
    expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(200);
    expect((await h.request('GET', '/api/documents/types', { headers: { 'x-api-key': key } })).status).to.equal(200);
    const list = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
    const del = await h.request('DELETE', `/api/api-keys/${list.apiKeys[0].id}`, { headers: bearer(owner.sessionToken) });
    expect(del.status).to.equal(204);
    expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(401);
    const after = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: unknown[] };
    expect(after.apiKeys).to.have.length(0);
  });

  it("answers 404 for another organization's key, exactly as for a missing one", async () => {
    const a = await signup(h);
    const b = await signup(h);
    await createKey(h, a);
    const list = (await (await h.request('GET', '/api/api-keys', { headers: bearer(a.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
    const foreign = await h.request('DELETE', `/api/api-keys/${list.apiKeys[0].id}`, { headers: bearer(b.sessionToken) });
    const missing = await h.request('DELETE', '/api/api-keys/00000000-0000-4000-8000-000000000000', { headers: bearer(b.sessionToken) });
    expect(foreign.status).to.equal(404);
    expect(await foreign.json()).to.deep.equal(await missing.json());
  });

  it('rejects an expired key with 401', async () => {
    const owner = await signup(h);
    const key = await createKey(h, owner, { name: 'short', expiresIn: '1h' });
    await h.dataSource.query('UPDATE api_keys SET expires_at = ? WHERE key_prefix = ?', ['2000-01-01 00:00:00.000', key.slice(0, 12)]);
    expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(401);
  });

  it('rejects missing and garbage credentials with 401 unauthorized', async () => {
    const none = await h.request('GET', '/api/documents/types');
    expect(none.status).to.equal(401);
    expect(await none.json()).to.deep.include({ error: 'unauthorized' });
    expect((await h.request('GET', '/api/documents/types', { headers: bearer('dsk_nope') })).status).to.equal(401);
    expect((await h.request('GET', '/api/documents/types', { headers: { 'x-api-key': 'x'.repeat(5000) } })).status).to.equal(401);
  });
});
