import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { loadConfig } from '../../host/src/config/config.js';
import { startHarness } from './support/harness.js';

/** The client address the host sees for a request whose X-Forwarded-For is `chain`, told by its per-address limit of 3. */
describe('host: client address behind trusted proxies (DOCSIFT_TRUST_PROXY)', () => {
  const fromClient = (h: { request: (m: string, u: string, i: { headers: Record<string, string> }) => Promise<Response> }, chain: string) =>
    h.request('GET', '/api/lending/types', { headers: { 'x-forwarded-for': chain } }).then((res) => res.status);

  it('true is one proxy: a client cannot choose its address by writing X-Forwarded-For itself', async () => {
    const h = await startHarness({ DOCSIFT_TRUST_PROXY: 'true', DOCSIFT_RATE_LIMIT_PER_ADDRESS: '3' });
    try {
      // The client writes a new address each time; the proxy appends the one it saw.
      const statuses = [];
      for (let i = 1; i <= 4; i += 1) statuses.push(await fromClient(h, `198.51.100.${i}, 203.0.113.7`));
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect(await fromClient(h, '203.0.113.8'), 'another client').to.equal(200);
    } finally {
      await h.close();
    }
  });

  it('a number of hops: the address the farthest trusted proxy saw counts, and the access log records it', async () => {
    const lines: Array<{ msg?: string; ip?: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { msg?: string; ip?: string });
        done();
      },
    });
    const h = await startHarness({ DOCSIFT_TRUST_PROXY: '2', DOCSIFT_RATE_LIMIT_PER_ADDRESS: '3' }, { logger: pino({ level: 'info' }, sink) });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i += 1) statuses.push(await fromClient(h, `192.0.2.${i}, 203.0.113.9, 10.0.0.2`));
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect(await fromClient(h, '192.0.2.1, 203.0.113.10, 10.0.0.2'), 'another client behind the same proxies').to.equal(200);
      const logged = lines.filter((line) => line.msg === 'request').map((line) => line.ip);
      expect(logged).to.deep.equal(['203.0.113.9', '203.0.113.9', '203.0.113.9', '203.0.113.9', '203.0.113.10']);
    } finally {
      await h.close();
    }
  });

  it('without it, X-Forwarded-For is ignored: the socket address counts', async () => {
    const h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_ADDRESS: '3' });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i += 1) statuses.push(await fromClient(h, `203.0.113.${i}`));
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
    } finally {
      await h.close();
    }
  });

  it('reads true, false and hop counts, and refuses anything else naming the variable', () => {
    const hops = (value: string) => loadConfig({ DOCSIFT_TRUST_PROXY: value }).trustProxy;
    expect([hops('true'), hops('false'), hops('1'), hops('0'), hops('3')]).to.deep.equal([1, 0, 1, 0, 3]);
    expect(loadConfig({}).trustProxy).to.equal(0);
    expect(() => hops('yes')).to.throw(/DOCSIFT_TRUST_PROXY/);
    expect(() => hops('-1')).to.throw(/DOCSIFT_TRUST_PROXY/);
  });
});
