import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import {
  buildTemplatePayload,
  buildWebhookHeaders,
  HttpWebhookTransport,
  MapperRegistry,
  verifyWebhookSignature,
  WEBHOOK_VERSION,
  type WebhookAuthConfig,
} from '@docsift/core';
import type { MapperOptions } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { Receiver } from './receiver.js';

const payload = buildTemplatePayload({
  extractionId: '0b7e4c1a-1111-4000-8000-000000000001',
  templateId: '0b7e4c1a-1111-4000-8000-000000000002',
  fileName: 'ünïcode invoice.pdf',
  timestamp: '2026-11-21T12:00:00.000Z',
  organizationId: '0b7e4c1a-1111-4000-8000-000000000003',
  userId: '0b7e4c1a-1111-4000-8000-000000000004',
  data: { invoiceNumber: 'INV-7', total: 1250, note: 'Straße – 5 €' },
  fieldConfidence: { invoiceNumber: 0.9, total: 0.8 },
});

describe('core/webhooks: delivery to real receivers on 127.0.0.1', () => {
  const transport = new HttpWebhookTransport({ allowPrivate: true, logger: silentLogger });
  let receiver: Receiver;

  beforeEach(async () => {
    receiver = await Receiver.start();
  });

  afterEach(() => receiver.stop());

  async function deliver(config: WebhookAuthConfig, body = JSON.stringify(payload), webhookId = 'delivery-1') {
    const timestampMs = Date.now();
    const headers = buildWebhookHeaders({ config, body, webhookId, timestampMs });
    const response = await transport.send({ url: receiver.url(), headers, body });
    return { response, request: receiver.requests[0], timestampMs, body };
  }

  it('POSTs the exact body with the standard headers, and a 2xx is success', async () => {
    const { response, request, body } = await deliver({ authType: 'none' });
    expect(response).to.include({ statusCode: 204, error: null });
    expect(response.durationMs).to.be.a('number').and.at.least(0);
    expect(request.method).to.equal('POST');
    expect(request.body.equals(Buffer.from(body, 'utf8'))).to.equal(true);
    expect(request.headers).to.include({
      'content-type': 'application/json',
      'user-agent': `docsift-webhooks/${WEBHOOK_VERSION}`,
      'x-webhook-id': 'delivery-1',
    });
    expect(request.headers).to.not.have.any.keys('authorization', 'x-api-key', 'x-webhook-signature');
  });

  it('bearer: sends the authValue as a bearer token', async () => {
    const { request } = await deliver({ authType: 'bearer', authValue: 'tok-123' });
    expect(request.headers.authorization).to.equal('Bearer tok-123');
  });

  it('apikey: HEADER:KEY uses that header, a bare key uses X-API-Key', async () => {
    const custom = await deliver({ authType: 'apikey', authValue: 'X-Loan-System-Key:k-42' });
    expect(custom.request.headers['x-loan-system-key']).to.equal('k-42');
    expect(custom.request.headers).to.not.have.property('x-api-key');
    receiver.requests.length = 0;
    const bare = await deliver({ authType: 'apikey', authValue: 'k-43' });
    expect(bare.request.headers['x-api-key']).to.equal('k-43');
  });

  it('hmac: the receiver recomputes the signature over the raw body bytes and the timestamp', async () => {
    const secret = 'whsec_shared';
    const { request, timestampMs } = await deliver({ authType: 'hmac', hmacSecret: secret });
    const timestamp = request.headers['x-webhook-timestamp'] as string;
    expect(timestamp).to.equal(String(timestampMs)).and.match(/^\d{13}$/);
    const expected = createHmac('sha256', secret).update(Buffer.concat([Buffer.from(`${timestamp}.`), request.body])).digest('hex');
    expect(request.headers['x-webhook-signature']).to.equal(expected);
    expect(verifyWebhookSignature(secret, timestamp, request.body, expected)).to.equal(true);
    expect(verifyWebhookSignature('other', timestamp, request.body, expected)).to.equal(false);
    expect(verifyWebhookSignature(secret, Number(timestamp) + 1, request.body, expected)).to.equal(false);
  });

  it('sends extra headers, which cannot replace the auth, signature or standard headers', async () => {
    const { request } = await deliver({
      authType: 'hmac',
      hmacSecret: 's',
      headers: {
        'X-Tenant': 'acme',
        'x-webhook-signature': 'forged',
        'X-Webhook-Timestamp': '1',
        'content-type': 'text/plain',
        'X-Webhook-Id': 'other',
        'User-Agent': 'spoof',
        Host: 'evil.example',
      },
    });
    expect(request.headers['x-tenant']).to.equal('acme');
    expect(request.headers['x-webhook-signature']).to.match(/^[0-9a-f]{64}$/);
    expect(request.headers['x-webhook-timestamp']).to.not.equal('1');
    expect(request.headers).to.include({ 'content-type': 'application/json', 'x-webhook-id': 'delivery-1', host: `127.0.0.1:${receiver.port}` });
    expect(request.headers['user-agent']).to.match(/^docsift-webhooks\//);
  });

  it('keeps the X-Webhook-Id across retries of one delivery', async () => {
    await deliver({ authType: 'none' }, '{}', 'stable-id');
    await deliver({ authType: 'none' }, '{}', 'stable-id');
    expect(receiver.requests.map((request) => request.headers['x-webhook-id'])).to.deep.equal(['stable-id', 'stable-id']);
  });

  it('delivers each mapping format', async () => {
    const mappers = new MapperRegistry({ logger: silentLogger });
    type Output = Record<string, unknown>;
    const mappings: Array<{ format: string; options: MapperOptions; check: (out: Output) => void }> = [
      { format: 'default', options: { fields: { invoiceNumber: 'invoice' } }, check: (out: Output) => expect(out.data).to.include({ invoice: 'INV-7' }) },
      { format: 'flat', options: { fields: { 'data.total': 'amount' } }, check: (out: Output) => expect(out).to.deep.equal({ amount: 1250 }) },
      {
        format: 'custom',
        options: { transform: 'return { ref: data.data.invoiceNumber };' },
        check: (out: Output) => expect(out).to.deep.equal({ ref: 'INV-7' }),
      },
    ];
    for (const { format, options, check } of mappings) {
      const body = JSON.stringify(await mappers.map(format, payload, options));
      await deliver({ authType: 'none' }, body);
      check(JSON.parse(receiver.requests[receiver.requests.length - 1].body.toString('utf8')) as Output);
    }
    mappers.close();
  });

  it('does not follow a 302: the attempt fails with its status and the target is never called', async () => {
    await receiver.stop();
    receiver = await Receiver.start((request, response) => {
      if (request.path === '/hook') response.writeHead(302, { Location: '/elsewhere' }).end();
      else response.writeHead(200).end();
    });
    const { response } = await deliver({ authType: 'none' });
    expect(response.statusCode).to.equal(302);
    expect(response.error).to.match(/302.*redirects are not followed/);
    expect(receiver.requests.map((request) => request.path)).to.deep.equal(['/hook']);
  });

  it('reports a 500 as a failure with its status, and does not retry on its own', async () => {
    await receiver.stop();
    receiver = await Receiver.start((_request, response) => response.writeHead(500).end('boom'));
    const { response } = await deliver({ authType: 'none' });
    expect(response).to.include({ statusCode: 500, error: 'the receiver answered 500' });
    expect(receiver.requests).to.have.length(1);
  });

  it('cuts a hanging receiver at the timeout', async () => {
    await receiver.stop();
    receiver = await Receiver.start(() => undefined);
    const started = performance.now();
    const response = await transport.send({ url: receiver.url(), headers: {}, body: '{}', timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(response).to.include({ statusCode: null, error: 'the receiver did not answer within 300 ms' });
    expect(elapsed).to.be.within(250, 2000);
    expect(response.durationMs).to.be.within(250, 2000);
  });

  it('uses the configured default timeout when a request gives none', async () => {
    await receiver.stop();
    receiver = await Receiver.start(() => undefined);
    const short = new HttpWebhookTransport({ allowPrivate: true, timeoutMs: 200 });
    const response = await short.send({ url: receiver.url(), headers: {}, body: '{}' });
    expect(response.error).to.equal('the receiver did not answer within 200 ms');
  });

  it('reports a refused connection without throwing', async () => {
    const url = receiver.url();
    await receiver.stop();
    const response = await transport.send({ url, headers: {}, body: '{}' });
    expect(response).to.include({ statusCode: null, error: 'the receiver refused the connection' });
    expect(response).not.to.have.property('retryable');
  });

  it('stops reading an endless answer but keeps its status', async () => {
    await receiver.stop();
    receiver = await Receiver.start((_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write(Buffer.alloc(64 * 1024, 'x')), 5);
      response.on('close', () => clearInterval(timer));
    });
    const small = new HttpWebhookTransport({ allowPrivate: true, maxResponseBytes: 256 * 1024, timeoutMs: 10_000 });
    const response = await small.send({ url: receiver.url(), headers: {}, body: '{}' });
    expect(response).to.include({ statusCode: 200, error: null });
    expect(response.durationMs).to.be.below(5000);
  });

  it('refuses a bad configuration before sending', () => {
    expect(() => buildWebhookHeaders({ config: { authType: 'hmac' }, body: '{}', webhookId: 'x', timestampMs: 1 })).to.throw(/hmacSecret is required/);
    expect(() => buildWebhookHeaders({ config: { authType: 'bearer', authValue: '' }, body: '{}', webhookId: 'x', timestampMs: 1 })).to.throw(/authValue/);
    expect(() =>
      buildWebhookHeaders({ config: { authType: 'none', headers: { 'X-Evil': 'a\r\nInjected: 1' } }, body: '{}', webhookId: 'x', timestampMs: 1 }),
    ).to.throw(/not a valid header value/);
    expect(() =>
      buildWebhookHeaders({ config: { authType: 'none', headers: { 'Bad Name': 'a' } }, body: '{}', webhookId: 'x', timestampMs: 1 }),
    ).to.throw(/not a valid header name/);
    expect(() => buildWebhookHeaders({ config: { authType: 'basic' as 'none' }, body: '{}', webhookId: 'x', timestampMs: 1 })).to.throw(/unknown authType/);
  });
});
