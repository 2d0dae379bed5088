import { expect } from 'chai';
import type { ApiKeyRepository } from '../../host/src/persistence/account.repository.js';
import { ApiKeyService } from '../../host/src/services/api-key.service.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';

describe('host: verified API keys cached in memory', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('applies at once a revocation made by another process, though the key is cached', async () => {
    const key = await createKey(h, await signup(h));
    const service = new ApiKeyService({ apiKeyRepository: h.container.resolve<ApiKeyRepository>('apiKeyRepository'), clock: () => new Date() });
    expect(await service.authenticate(key)).to.include({ kind: 'apiKey' });
    expect(await service.authenticate(key), 'from the cache').to.include({ kind: 'apiKey' });
    await h.dataSource.query('UPDATE api_keys SET revoked_at = ? WHERE key_prefix = ?', ['2026-01-01 00:00:00.000', key.slice(0, 12)]);
    expect(await service.authenticate(key)).to.equal(null);
  });

  it('writes lastUsedAt at most once a minute per key, not per request', async () => {
    const key = await createKey(h, await signup(h));
    let now = Date.parse('2026-06-01T10:00:00.000Z');
    const service = new ApiKeyService({ apiKeyRepository: h.container.resolve<ApiKeyRepository>('apiKeyRepository'), clock: () => new Date(now) });
    const lastUsed = async () =>
      new Date(((await h.dataSource.query('SELECT last_used_at FROM api_keys WHERE key_prefix = ?', [key.slice(0, 12)])) as Array<{ last_used_at: string }>)[0].last_used_at).getTime();
    await service.authenticate(key);
    const first = await lastUsed();
    now += 30_000;
    await service.authenticate(key);
    expect(await lastUsed()).to.equal(first);
    now += 31_000;
    await service.authenticate(key);
    expect(await lastUsed()).to.be.greaterThan(first);
  });

  it('refuses an expired key without recording it as used', async () => {
    const key = await createKey(h, await signup(h), { name: 'short', expiresIn: '1h' });
    let now = Date.now();
    const service = new ApiKeyService({ apiKeyRepository: h.container.resolve<ApiKeyRepository>('apiKeyRepository'), clock: () => new Date(now) });
    const lastUsed = async () => ((await h.dataSource.query('SELECT last_used_at FROM api_keys WHERE key_prefix = ?', [key.slice(0, 12)])) as Array<{ last_used_at: string | null }>)[0].last_used_at;
    expect(await service.authenticate(key)).to.include({ kind: 'apiKey' });
    const usedBefore = await lastUsed();
    now += 3_600_000 + 61_000;
    expect(await service.authenticate(key), 'expired, from a fresh lookup').to.equal(null);
    expect(await lastUsed(), 'not touched once expired').to.equal(usedBefore);
  });

  it('refuses a key with 401 right after its revocation in this process, though it was just used', async () => {
    const owner = await signup(h);
    const key = await createKey(h, owner);
    for (let i = 0; i < 3; i += 1) expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(200);
    const list = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ id: string }> };
    expect((await h.request('DELETE', `/api/api-keys/${list.apiKeys[0].id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
    expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(401);
    expect((await h.request('GET', '/api/documents/types', { headers: { 'x-api-key': key } })).status).to.equal(401);
  });
});
