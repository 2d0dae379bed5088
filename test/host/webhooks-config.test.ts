import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

const ALLOW_PRIVATE = { DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' };

function hmacConfig(url: string) {
  return {
    connectionName: 'Loan system',
    webhookConfig: { url, authType: 'hmac', hmacSecret: 'shh-hmac-secret-9876', headers: { 'X-Tenant': 'north' }, retryEnabled: true, maxRetries: 3 },
    fieldMappings: { format: 'flat', fields: { 'data.invoiceNumber': 'invoice', 'confidence.overall': 'score' } },
  };
}

async function create(h: Harness, token: string, body: unknown): Promise<Response> {
  return h.request('POST', '/api/integrations/webhooks', { json: body, headers: bearer(token) });
}

describe('host: webhook configurations', () => {
  let h: Harness;
  let receiver: Receiver;
  let owner: Account;
  before(async () => {
    h = await startHarness(ALLOW_PRIVATE);
    receiver = await startReceiver();
    owner = await signup(h);
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  describe('happy path', () => {
    it('creates (201) a stored record with secrets masked, lists it, and keeps the secrets encrypted at rest', async () => {
      const res = await create(h, owner.sessionToken, hmacConfig(`${receiver.url}/a`));
      expect(res.status).to.equal(201);
      const created = (await res.json()) as Record<string, any>;
      expect(created).to.include({ connectionName: 'Loan system', status: 'active' });
      expect(created.id).to.match(/^[0-9a-f-]{36}$/);
      expect(created.webhookConfig).to.deep.equal({
        url: `${receiver.url}/a`, authType: 'hmac', hmacSecret: '••••9876', headers: { 'X-Tenant': '••••' }, retryEnabled: true, maxRetries: 3,
      });
      expect(created.fieldMappings).to.deep.equal(hmacConfig('').fieldMappings);
      expect(Date.parse(created.createdAt)).to.equal(Date.parse(created.updatedAt));

      const list = (await (await h.request('GET', '/api/integrations/webhooks', { headers: bearer(owner.sessionToken) })).json()) as { webhooks: any[] };
      expect(list.webhooks.find((item) => item.id === created.id)).to.deep.equal(created);

      const [row] = (await h.dataSource.query('SELECT secrets FROM webhook_configs WHERE id = ?', [created.id])) as Array<{ secrets: string }>;
      expect(row!.secrets).to.match(/^v1\./);
      expect(row!.secrets).not.to.include('shh-hmac');
      expect(fs.statSync(path.join(h.dataDir, 'webhook-secrets.key')).mode & 0o777).to.equal(0o600);
    });

    it('PUT merges a partial webhookConfig, moves status, and keeps a secret sent back masked', async () => {
      const created = (await (await create(h, owner.sessionToken, hmacConfig(`${receiver.url}/b`))).json()) as Record<string, any>;
      const res = await h.request('PUT', `/api/integrations/webhooks/${created.id}`, {
        json: { webhookConfig: { url: `${receiver.url}/b2`, hmacSecret: '••••9876' }, status: 'inactive' },
        headers: bearer(owner.sessionToken),
      });
      expect(res.status).to.equal(200);
      const updated = (await res.json()) as Record<string, any>;
      expect(updated.status).to.equal('inactive');
      expect(updated.webhookConfig).to.deep.include({ url: `${receiver.url}/b2`, hmacSecret: '••••9876', maxRetries: 3, authType: 'hmac' });
      expect(updated.fieldMappings).to.deep.equal(created.fieldMappings);

      const test = await h.request('POST', '/api/integrations/webhooks/test', { json: { webhookId: created.id, testData: { data: { invoiceNumber: 'INV-1' } } }, headers: bearer(owner.sessionToken) });
      expect(((await test.json()) as { delivered: boolean }).delivered).to.equal(true);
      const [request] = receiver.on('/b2');
      const timestamp = request!.headers['x-webhook-timestamp'] as string;
      const expected = createHmac('sha256', 'shh-hmac-secret-9876').update(`${timestamp}.`).update(request!.raw).digest('hex');
      expect(request!.headers['x-webhook-signature']).to.equal(expected);
    });

    it('DELETE answers 204, then the configuration is gone (404)', async () => {
      const created = (await (await create(h, owner.sessionToken, hmacConfig(`${receiver.url}/c`))).json()) as { id: string };
      expect((await h.request('DELETE', `/api/integrations/webhooks/${created.id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(204);
      expect((await h.request('DELETE', `/api/integrations/webhooks/${created.id}`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
      expect((await h.request('GET', `/api/integrations/webhooks/${created.id}/deliveries`, { headers: bearer(owner.sessionToken) })).status).to.equal(404);
    });

    it('test: one attempt with auth, headers and mapping applied to a template payload of testData.data', async () => {
      const created = (await (await create(h, owner.sessionToken, hmacConfig(`${receiver.url}/t`))).json()) as { id: string };
      const res = await h.request('POST', '/api/integrations/webhooks/test', {
        json: { webhookId: created.id, testData: { data: { invoiceNumber: 'INV-7', total: 10 } } },
        headers: bearer(owner.sessionToken),
      });
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).to.include({ delivered: true, statusCode: 200, attempts: 1 });
      expect(body.durationMs).to.be.a('number');
      expect(body).not.to.have.property('error');
      const [request] = receiver.on('/t');
      expect(request!.body).to.deep.equal({ invoice: 'INV-7', score: 1, test: true });
      expect(request!.headers['x-tenant']).to.equal('north');
      expect(request!.headers['user-agent']).to.match(/^docsift-webhooks\//);
    });

    it('test: a receiver error is reported with its status, not retried', async () => {
      receiver.respond('/t500', () => 500);
      const created = (await (await create(h, owner.sessionToken, { connectionName: 'x', webhookConfig: { url: `${receiver.url}/t500` } })).json()) as { id: string };
      const body = (await (await h.request('POST', '/api/integrations/webhooks/test', { json: { webhookId: created.id, testData: { data: {} } }, headers: bearer(owner.sessionToken) })).json()) as Record<string, unknown>;
      expect(body).to.include({ delivered: false, statusCode: 500, attempts: 1 });
      expect(body.error).to.be.a('string');
      expect(receiver.on('/t500')).to.have.length(1);
    });

    it('a key with webhooks:manage may manage configurations', async () => {
      const key = await createKey(h, owner, { name: 'hooks', scopes: ['webhooks:manage'] });
      expect((await create(h, key, hmacConfig(`${receiver.url}/k`))).status).to.equal(201);
      expect((await h.request('GET', '/api/integrations/webhooks', { headers: { 'x-api-key': key } })).status).to.equal(200);
    });
  });

  describe('errors', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['bearer without authValue', { webhookConfig: { url: 'http://127.0.0.1:9/x', authType: 'bearer' } }, 'webhookConfig'],
      ['a header value with a line break', { webhookConfig: { url: 'http://127.0.0.1:9/x', headers: { 'X-A': 'a\r\nb' } } }, 'webhookConfig'],
      ['an unknown mapping format', { webhookConfig: { url: 'http://127.0.0.1:9/x' }, fieldMappings: { format: 'xml' } }, 'fieldMappings'],
      ['a transform that does not compile', { webhookConfig: { url: 'http://127.0.0.1:9/x' }, fieldMappings: { format: 'custom', transform: 'return {' } }, 'fieldMappings'],
      ['an ftp URL', { webhookConfig: { url: 'ftp://127.0.0.1/x' } }, 'webhookConfig.url'],
    ];
    for (const [name, body, field] of cases) {
      it(`refuses ${name} (400 invalid_request)`, async () => {
        const res = await create(h, owner.sessionToken, { connectionName: 'bad', ...body });
        expect(res.status).to.equal(400);
        const error = (await res.json()) as { error: string; details?: { field?: string } };
        expect(error.error).to.equal('invalid_request');
        expect(error.details?.field).to.equal(field);
      });
    }

    it('refuses maxRetries outside 1..20 and a missing url (400)', async () => {
      expect((await create(h, owner.sessionToken, { connectionName: 'x', webhookConfig: { url: 'http://127.0.0.1:9/', maxRetries: 0 } })).status).to.equal(400);
      expect((await create(h, owner.sessionToken, { connectionName: 'x', webhookConfig: {} })).status).to.equal(400);
    });
  });

  describe('security', () => {
    it('another organization gets 404 for every operation on a configuration it does not own', async () => {
      const created = (await (await create(h, owner.sessionToken, hmacConfig(`${receiver.url}/o`))).json()) as { id: string };
      const other = await signup(h);
      const auth = bearer(other.sessionToken);
      expect((await h.request('PUT', `/api/integrations/webhooks/${created.id}`, { json: { status: 'inactive' }, headers: auth })).status).to.equal(404);
      expect((await h.request('DELETE', `/api/integrations/webhooks/${created.id}`, { headers: auth })).status).to.equal(404);
      expect((await h.request('GET', `/api/integrations/webhooks/${created.id}/deliveries`, { headers: auth })).status).to.equal(404);
      expect((await h.request('POST', '/api/integrations/webhooks/test', { json: { webhookId: created.id }, headers: auth })).status).to.equal(404);
      const list = (await (await h.request('GET', '/api/integrations/webhooks', { headers: auth })).json()) as { webhooks: unknown[] };
      expect(list.webhooks).to.deep.equal([]);
      expect(receiver.on('/o')).to.have.length(0);
    });

    it('a member session and a key without webhooks:manage get 403; no credential 401', async () => {
      const email = `member-${Date.now()}@example.com`;
      await h.request('POST', '/api/organizations/members', { json: { email, password: 'member pass', role: 'member' }, headers: bearer(owner.sessionToken) });
      const { sessionToken } = (await (await h.request('POST', '/api/auth/login', { json: { email, password: 'member pass' } })).json()) as { sessionToken: string };
      expect((await create(h, sessionToken, hmacConfig(`${receiver.url}/m`))).status).to.equal(403);
      const key = await createKey(h, owner, { name: 'docs', scopes: ['documents:read'] });
      const denied = await h.request('GET', '/api/integrations/webhooks', { headers: bearer(key) });
      expect(denied.status).to.equal(403);
      expect(((await denied.json()) as { details: { requiredScope: string } }).details.requiredScope).to.equal('webhooks:manage');
      expect((await h.request('GET', '/api/integrations/webhooks')).status).to.equal(401);
    });

    it('never shows a secret: bearer and apikey values are masked in create, update and list', async () => {
      const res = await create(h, owner.sessionToken, { connectionName: 'b', webhookConfig: { url: `${receiver.url}/s`, authType: 'bearer', authValue: 'tok-abcdef-ghijk-1234' } });
      const created = (await res.json()) as Record<string, any>;
      expect(created.webhookConfig.authValue).to.equal('••••1234');
      const updated = (await (
        await h.request('PUT', `/api/integrations/webhooks/${created.id}`, { json: { webhookConfig: { authType: 'apikey', authValue: 'X-Key:k-5678' } }, headers: bearer(owner.sessionToken) })
      ).json()) as Record<string, any>;
      expect(updated.webhookConfig.authValue).to.equal('••••');
      const text = await (await h.request('GET', '/api/integrations/webhooks', { headers: bearer(owner.sessionToken) })).text();
      expect(text).not.to.include('tok-abcdef').and.not.to.include('k-5678').and.not.to.include('shh-hmac');
    });
  });
});

describe('host: webhook configurations without DOCSIFT_WEBHOOK_ALLOW_PRIVATE', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  for (const url of ['http://127.0.0.1:8080/hook', 'http://10.0.0.5/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://2130706433/']) {
    it(`refuses ${url} when it is saved (400 naming webhookConfig.url, reason url_refused)`, async () => {
      const owner = await signup(h);
      const res = await create(h, owner.sessionToken, { connectionName: 'ssrf', webhookConfig: { url } });
      expect(res.status).to.equal(400);
      expect(((await res.json()) as { details: Record<string, unknown> }).details).to.deep.equal({ field: 'webhookConfig.url', reason: 'url_refused' });
    });
  }

  it('refuses a PUT that moves the URL to a private address, and keeps the stored one', async () => {
    const owner = await signup(h);
    const created = (await (await create(h, owner.sessionToken, { connectionName: 'moved', webhookConfig: { url: 'http://93.184.215.14/hook' } })).json()) as { id: string };
    const res = await h.request('PUT', `/api/integrations/webhooks/${created.id}`, { json: { webhookConfig: { url: 'http://10.0.0.5/hook' } }, headers: bearer(owner.sessionToken) });
    expect(res.status).to.equal(400);
    expect(((await res.json()) as { details: Record<string, unknown> }).details).to.deep.equal({ field: 'webhookConfig.url', reason: 'url_refused' });
    const listed = (await (await h.request('GET', '/api/integrations/webhooks', { headers: bearer(owner.sessionToken) })).json()) as { webhooks: Array<{ webhookConfig: { url: string } }> };
    expect(listed.webhooks[0]!.webhookConfig.url).to.equal('http://93.184.215.14/hook');
  });

  it('accepts a host name that does not resolve now, as a submission webhookUrl (each delivery checks again after its own lookup)', async () => {
    const owner = await signup(h);
    const res = await create(h, owner.sessionToken, { connectionName: 'dns down', webhookConfig: { url: 'https://hooks.docsift-test.invalid/x' } });
    expect(res.status).to.equal(201);
    expect(((await res.json()) as { webhookConfig: { url: string } }).webhookConfig.url).to.equal('https://hooks.docsift-test.invalid/x');
  });
});
