import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { maskSecret } from '../../host/src/webhooks/webhook-secrets.js';
import { bearer, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { startReceiver, type ReceivedRequest, type Receiver } from './support/webhook-receiver.js';

type Json = Record<string, any>;

/** Issue 12, items 5 and 7: where a configuration's credentials may go, how they are kept and shown, and how test deliveries look. */
describe('host: webhook credentials', () => {
  let h: Harness;
  let here: Receiver;
  let elsewhere: Receiver;
  let owner: Account;
  before(async () => {
    h = await startHarness({ DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' });
    here = await startReceiver();
    elsewhere = await startReceiver();
    owner = await signup(h);
  });
  after(async () => {
    await here.close();
    await elsewhere.close();
    await h.close();
  });

  const auth = () => bearer(owner.sessionToken);

  async function create(webhookConfig: Json, fieldMappings?: Json): Promise<Json> {
    const res = await h.request('POST', '/api/integrations/webhooks', { json: { connectionName: 'c', webhookConfig, fieldMappings }, headers: auth() });
    expect(res.status, await res.clone().text()).to.equal(201);
    return (await res.json()) as Json;
  }

  const put = (id: string, body: Json) => h.request('PUT', `/api/integrations/webhooks/${id}`, { json: body, headers: auth() });

  async function listed(id: string): Promise<Json> {
    const list = (await (await h.request('GET', '/api/integrations/webhooks', { headers: auth() })).json()) as { webhooks: Json[] };
    return list.webhooks.find((webhook) => webhook.id === id)!;
  }

  async function test(id: string, data: Json = { invoiceNumber: 'INV-7' }): Promise<Json> {
    const res = await h.request('POST', '/api/integrations/webhooks/test', { json: { webhookId: id, testData: { data } }, headers: auth() });
    expect(res.status).to.equal(200);
    return (await res.json()) as Json;
  }

  const signatureOf = (request: ReceivedRequest, secret: string) =>
    createHmac('sha256', secret).update(`${request.headers['x-webhook-timestamp'] as string}.`).update(request.raw).digest('hex');

  describe('a URL moved to another origin', () => {
    it('is refused (400 credentials_required) while it would keep the HMAC secret, sent back masked or not at all', async () => {
      const created = await create({ url: `${here.url}/h1`, authType: 'hmac', hmacSecret: 'hmac-secret-for-here-0001' });
      for (const webhookConfig of [{ url: `${elsewhere.url}/stolen` }, { url: `${elsewhere.url}/stolen`, hmacSecret: created.webhookConfig.hmacSecret }]) {
        const res = await put(created.id, { webhookConfig });
        expect(res.status).to.equal(400);
        const body = (await res.json()) as Json;
        expect(body.error).to.equal('invalid_request');
        expect(body.details).to.deep.equal({ field: 'webhookConfig.url', reason: 'credentials_required', credentials: ['hmacSecret'] });
        expect(body.message).to.include(new URL(elsewhere.url).origin);
      }
      expect((await listed(created.id)).webhookConfig.url).to.equal(`${here.url}/h1`);
      expect(await test(created.id)).to.include({ delivered: true });
      expect(elsewhere.on('/stolen')).to.have.length(0);
      expect(here.on('/h1')).to.have.length(1);
    });

    it('is accepted with the secret sent again, which then signs deliveries to the new origin', async () => {
      const created = await create({ url: `${here.url}/h2`, authType: 'hmac', hmacSecret: 'hmac-secret-for-here-0002' });
      const res = await put(created.id, { webhookConfig: { url: `${elsewhere.url}/h2`, hmacSecret: 'hmac-secret-elsewhere-0003' } });
      expect(res.status).to.equal(200);
      await test(created.id);
      const [request] = elsewhere.on('/h2');
      expect(request!.headers['x-webhook-signature']).to.equal(signatureOf(request!, 'hmac-secret-elsewhere-0003'));
    });

    it('is accepted when the credentials are removed (null secret, headers left out)', async () => {
      const created = await create({ url: `${here.url}/h3`, authType: 'bearer', authValue: 'bearer-token-for-here-04', headers: { 'X-Tenant': 'north' } });
      const res = await put(created.id, { webhookConfig: { url: `${elsewhere.url}/h3`, authType: 'none', authValue: null, headers: {} } });
      expect(res.status).to.equal(200);
      const { webhookConfig } = (await res.json()) as Json;
      expect(webhookConfig).not.to.have.property('authValue');
      expect(webhookConfig.headers).to.deep.equal({});
      await test(created.id);
      const [request] = elsewhere.on('/h3');
      expect(request!.headers).not.to.have.property('authorization');
      expect(request!.headers).not.to.have.property('x-tenant');
    });

    it('names every credential that would move: the API key and each extra header not sent again', async () => {
      const created = await create({ url: `${here.url}/h4`, authType: 'apikey', authValue: 'X-Loan-Key:key-for-here-0005', headers: { 'X-Tenant': 'north', 'X-Region': 'eu' } });
      const res = await put(created.id, { webhookConfig: { url: `${elsewhere.url}/h4`, headers: { 'X-Tenant': maskSecret('north'), 'X-Region': 'us' } } });
      expect(res.status).to.equal(400);
      expect(((await res.json()) as Json).details.credentials).to.deep.equal(['authValue', 'headers.X-Tenant']);
    });

    it('keeps the credentials when the URL stays on its origin (another path)', async () => {
      const created = await create({ url: `${here.url}/h5`, authType: 'hmac', hmacSecret: 'hmac-secret-for-here-0006', headers: { 'X-Tenant': 'north' } });
      const res = await put(created.id, { webhookConfig: { url: `${here.url}/h5-moved` } });
      expect(res.status).to.equal(200);
      await test(created.id);
      const [request] = here.on('/h5-moved');
      expect(request!.headers['x-webhook-signature']).to.equal(signatureOf(request!, 'hmac-secret-for-here-0006'));
      expect(request!.headers['x-tenant']).to.equal('north');
    });

    it('needs nothing again from a configuration without credentials', async () => {
      const created = await create({ url: `${here.url}/h6` });
      expect((await put(created.id, { webhookConfig: { url: `${elsewhere.url}/h6` } })).status).to.equal(200);
    });
  });

  describe('extra headers', () => {
    it('are sealed at rest, masked in every answer, and sent in clear', async () => {
      const created = await create({ url: `${here.url}/x1`, headers: { 'X-Tenant': 'north', 'X-Token': 'header-token-abcdef-1234' } });
      const masked = { 'X-Tenant': '••••', 'X-Token': '••••1234' };
      expect(created.webhookConfig.headers).to.deep.equal(masked);
      expect((await listed(created.id)).webhookConfig.headers).to.deep.equal(masked);

      const [row] = (await h.dataSource.query('SELECT * FROM webhook_configs WHERE id = ?', [created.id])) as Json[];
      expect(row).not.to.have.property('headers');
      expect(JSON.stringify(row)).not.to.include('north').and.not.to.include('header-token');

      await test(created.id);
      const [request] = here.on('/x1');
      expect(request!.headers).to.include({ 'x-tenant': 'north', 'x-token': 'header-token-abcdef-1234' });
    });

    it('sent back masked keep their values; a header left out of a new set is removed', async () => {
      const created = await create({ url: `${here.url}/x2`, headers: { 'X-Tenant': 'north', 'X-Token': 'header-token-abcdef-5678' } });
      const kept = await put(created.id, { webhookConfig: (await listed(created.id)).webhookConfig });
      expect(kept.status).to.equal(200);
      await test(created.id);
      expect(here.on('/x2')[0]!.headers).to.include({ 'x-tenant': 'north', 'x-token': 'header-token-abcdef-5678' });

      const replaced = (await (await put(created.id, { webhookConfig: { headers: { 'X-Tenant': 'east' } } })).json()) as Json;
      expect(replaced.webhookConfig.headers).to.deep.equal({ 'X-Tenant': '••••' });
      await test(created.id);
      const last = here.on('/x2')[1]!;
      expect(last.headers['x-tenant']).to.equal('east');
      expect(last.headers).not.to.have.property('x-token');
    });
  });

  describe('maskSecret', () => {
    it('shows nothing of a secret shorter than 16 characters, and only the last 4 of a longer one', () => {
      for (const secret of ['k', 'abcd', 'tok-abcdef-1234']) expect(maskSecret(secret), secret).to.equal('••••');
      expect(maskSecret('tok-abcdef-12345')).to.equal('••••2345');
      expect(maskSecret('a much longer bearer token 9876')).to.equal('••••9876');
    });

    it('masks short auth secrets completely in answers', async () => {
      const created = await create({ url: `${here.url}/m1`, authType: 'bearer', authValue: 'short-9' });
      expect(created.webhookConfig.authValue).to.equal('••••');
      expect(JSON.stringify(await listed(created.id))).not.to.include('short-9');
    });
  });

  describe('test deliveries', () => {
    const marked = (request: ReceivedRequest) => {
      expect(request.headers['x-webhook-test']).to.equal('true');
      expect(request.body.test).to.equal(true);
    };

    it('carry X-Webhook-Test: true and "test": true with the default mapping', async () => {
      const created = await create({ url: `${here.url}/t-default` });
      await test(created.id);
      const [request] = here.on('/t-default');
      marked(request!);
      expect(request!.body).to.include({ fileName: 'webhook-test.pdf' });
      expect(request!.body.data).to.deep.equal({ invoiceNumber: 'INV-7' });
    });

    it('keep the mark through a flat mapping, which holds only the mapped names otherwise', async () => {
      const created = await create({ url: `${here.url}/t-flat` }, { format: 'flat', fields: { 'data.invoiceNumber': 'invoice' } });
      await test(created.id);
      const [request] = here.on('/t-flat');
      marked(request!);
      expect(request!.body).to.deep.equal({ invoice: 'INV-7', test: true });
    });

    it('let a custom transform see the mark, and keep it whatever the transform returns', async () => {
      const transform = 'return { ref: data.extractionId, sawTest: data.test === true, test: false };';
      const created = await create({ url: `${here.url}/t-custom` }, { format: 'custom', transform });
      await test(created.id);
      const [request] = here.on('/t-custom');
      marked(request!);
      expect(request!.body).to.include({ sawTest: true, test: true });
    });

    it('cannot be unmarked by an extra header of the same name, and the HMAC covers the marked body', async () => {
      const created = await create({ url: `${here.url}/t-header`, authType: 'hmac', hmacSecret: 'hmac-secret-for-tests-0007', headers: { 'x-webhook-test': 'false' } });
      await test(created.id);
      const [request] = here.on('/t-header');
      marked(request!);
      expect(request!.headers['x-webhook-signature']).to.equal(signatureOf(request!, 'hmac-secret-for-tests-0007'));
    });
  });
});
