import { expect } from 'chai';
import { assertDeliverableUrl, HttpWebhookTransport, isWebhookError, refusedAddressReason } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { Receiver } from './receiver.js';

async function refusal(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run;
  } catch (error) {
    if (isWebhookError(error)) return error;
    throw error;
  }
  throw new Error('expected the URL to be refused');
}

describe('core/webhooks: SSRF guard', () => {
  describe('refusedAddressReason', () => {
    const refused: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['100.64.0.1', 'shared (CGNAT)'],
      ['100.127.255.254', 'shared (CGNAT)'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:a00:1', 'private'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:a00:5::1', 'private'],
      ['2002:a9fe:a9fe::', 'link-local'],
      ['64:ff9b:1::a00:1', 'reserved'],
      ['64:ff9b:1:ffff::808:808', 'reserved'],
    ];
    for (const [address, reason] of refused) {
      it(`refuses ${address} as ${reason}`, () => expect(refusedAddressReason(address)).to.equal(reason));
    }

    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808']) {
      it(`allows the public address ${address}`, () => expect(refusedAddressReason(address)).to.equal(null));
    }
  });

  describe('assertDeliverableUrl', () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data', 'https://10.0.0.5/x', 'http://[::ffff:127.0.0.1]/', 'http://0x7f000001/', 'http://2130706433/']) {
      it(`refuses ${url}`, async () => {
        const error = await refusal(assertDeliverableUrl(url));
        expect(error.code).to.equal('url_refused');
        expect(error.message).to.match(/may not point to a (loopback|link-local|private) address/);
      });
    }

    const embedding: Array<[string, string]> = [
      ['http://[2002:7f00:1::]/', 'loopback'],
      ['http://[2002:0a00:0005::]/', 'private'],
      ['http://[64:ff9b:1::a00:1]/', 'reserved'],
    ];
    for (const [url, reason] of embedding) {
      it(`refuses ${url} as ${reason}`, async () => {
        expect((await refusal(assertDeliverableUrl(url))).message).to.equal(`webhook URLs may not point to a ${reason} address`);
      });
    }

    it('accepts a 6to4 address that embeds a public IPv4 address', async () => {
      expect((await assertDeliverableUrl('http://[2002:808:808::1]/hook')).hostname).to.equal('[2002:808:808::1]');
    });

    it('refuses a host name that resolves to 127.0.0.1 (localhost)', async () => {
      const error = await refusal(assertDeliverableUrl('http://localhost:3000/hook'));
      expect(error.message).to.equal('webhook URLs may not point to a loopback address');
    });

    it('refuses a host name when any of its addresses is private', async () => {
      const resolve = async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ];
      expect((await refusal(assertDeliverableUrl('https://receiver.example/hook', { resolve }))).message).to.match(/private/);
    });

    it('accepts a host name that resolves only to public addresses', async () => {
      const resolve = async () => [{ address: '93.184.215.14', family: 4 }];
      const url = await assertDeliverableUrl('https://receiver.example/hook?x=1', { resolve });
      expect(url.href).to.equal('https://receiver.example/hook?x=1');
    });

    it('refuses a host name that does not resolve', async () => {
      const resolve = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
      expect((await refusal(assertDeliverableUrl('https://nowhere.invalid/', { resolve }))).message).to.match(/does not resolve/);
    });

    it('accepts a host name that does not resolve when told to, and still refuses one that resolves to a private address', async () => {
      const missing = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
      expect((await assertDeliverableUrl('https://nowhere.invalid/', { resolve: missing, allowUnresolved: true })).hostname).to.equal('nowhere.invalid');
      const internal = async () => [{ address: '192.168.1.10', family: 4 }];
      expect((await refusal(assertDeliverableUrl('https://intranet.example/', { resolve: internal, allowUnresolved: true }))).message).to.match(/private/);
    });

    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'gopher://127.0.0.1/']) {
      it(`refuses the scheme or syntax of ${url}, even when private targets are allowed`, async () => {
        expect((await refusal(assertDeliverableUrl(url, { allowPrivate: true }))).code).to.equal('url_refused');
      });
    }

    it('allows private targets when told to', async () => {
      expect((await assertDeliverableUrl('http://127.0.0.1:9/hook', { allowPrivate: true })).port).to.equal('9');
    });
  });

  describe('at delivery time', () => {
    let receiver: Receiver;
    const guarded = new HttpWebhookTransport({ logger: silentLogger });

    before(async () => {
      receiver = await Receiver.start();
    });

    after(() => receiver.stop());

    it('refuses a literal loopback IP without connecting', async () => {
      const response = await guarded.send({ url: receiver.url(), headers: {}, body: '{}' });
      expect(response).to.include({ statusCode: null, error: 'webhook URLs may not point to a loopback address', retryable: false });
      expect(receiver.requests).to.have.length(0);
    });

    it('refuses a host name resolving to loopback after DNS resolution, without connecting', async () => {
      const response = await guarded.send({ url: `http://localhost:${receiver.port}/hook`, headers: {}, body: '{}' });
      expect(response).to.include({ statusCode: null, error: 'webhook URLs may not point to a loopback address', retryable: false });
      expect(receiver.requests).to.have.length(0);
    });

    it('refuses a non-http scheme', async () => {
      const response = await guarded.send({ url: 'file:///etc/passwd', headers: {}, body: '{}' });
      expect(response).to.include({ error: 'webhook URLs must use http or https', retryable: false });
    });

    it('delivers to the same receiver when private targets are allowed', async () => {
      const open = new HttpWebhookTransport({ allowPrivate: true });
      const response = await open.send({ url: `http://localhost:${receiver.port}/hook`, headers: {}, body: '{}' });
      expect(response).to.include({ statusCode: 204, error: null });
    });
  });
});
