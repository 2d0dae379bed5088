import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';

function headersOf(res: Response) {
  return {
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: Number(res.headers.get('x-ratelimit-reset')),
  };
}

describe('host: rate limits', () => {
  describe('per key and per organization', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_KEY: '3', DOCSIFT_RATE_LIMIT_PER_ORG: '5', DOCSIFT_RATE_LIMIT_PER_ADDRESS: '1000' });
    });
    after(async () => h.close());

    it('counts down per key and refuses the request past the limit with 429, Retry-After and retryAfter', async () => {
      const key = await createKey(h, await signup(h));
      const remaining: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
        expect(res.status).to.equal(200);
        remaining.push(headersOf(res).remaining);
        expect(headersOf(res).limit).to.equal(3);
      }
      expect(remaining).to.deep.equal([2, 1, 0]);
      const refused = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
      expect(refused.status).to.equal(429);
      const body = (await refused.json()) as { error: string; retryAfter: number; details: { retryAfter: number; reason: string } };
      expect(body.error).to.equal('rate_limit_exceeded');
      expect(body.retryAfter).to.be.within(1, 60);
      expect(body.details.retryAfter).to.equal(body.retryAfter);
      expect(body.details.reason).to.equal('rate');
      expect(Number(refused.headers.get('retry-after'))).to.equal(body.retryAfter);
      const h429 = headersOf(refused);
      expect(h429.remaining).to.equal(0);
      expect(h429.reset).to.be.within(Math.floor(Date.now() / 1000), Math.ceil(Date.now() / 1000) + 61);
    });

    it('limits the organization across its keys and reports the tightest limit', async () => {
      const owner = await signup(h);
      const a = await createKey(h, owner, { name: 'a' });
      const b = await createKey(h, owner, { name: 'b' });
      const statuses: number[] = [];
      for (const key of [a, a, a, b, b, b]) statuses.push((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status);
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
      const fresh = await createKey(h, owner, { name: 'c' });
      const res = await h.request('GET', '/api/documents/types', { headers: bearer(fresh) });
      expect(res.status).to.equal(429);
      expect(headersOf(res).limit).to.equal(5);
    });

    it('puts the headers on errors too (401, 404)', async () => {
      const res = await h.request('GET', '/api/documents/extract/x', { headers: bearer('dsk_invalid') });
      expect(res.status).to.equal(401);
      expect(headersOf(res).limit).to.equal(1000);
    });
  });

  describe('per client address without a key', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_RATE_LIMIT_PER_ADDRESS: '4' });
    });
    after(async () => h.close());

    it('allows 4 per minute, then 429 (login attempts included)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await h.request('POST', '/api/auth/login', { json: { email: 'a@b.co', password: 'whatever1' } })).status);
      }
      expect(statuses).to.deep.equal([401, 401, 401, 401, 429]);
    });
  });

  describe('concurrent requests per key', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ DOCSIFT_RATE_LIMIT_CONCURRENT: '2' });
    });
    after(async () => h.close());

    it('refuses the request past the concurrency limit with reason "concurrency", and frees slots when requests end', async () => {
      const key = await createKey(h, await signup(h));
      const hold: Array<() => void> = [];
      const slow = () => {
        let release!: () => void;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{}'));
            release = () => {
              controller.enqueue(new TextEncoder().encode('\r\n--b--\r\n'));
              controller.close();
            };
          },
        });
        hold.push(() => release());
        return fetch(`${h.baseUrl}/api/documents/extract`, {
          method: 'POST',
          body,
          duplex: 'half',
          headers: { ...bearer(key), 'content-type': 'multipart/form-data; boundary=b' },
        } as RequestInit);
      };
      const first = slow();
      const second = slow();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const third = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
      expect(third.status).to.equal(429);
      expect(await third.json()).to.deep.include({ error: 'rate_limit_exceeded', retryAfter: 1 });
      for (const release of hold) release();
      expect((await first).status).to.equal(400);
      expect((await second).status).to.equal(400);
      const after = await h.request('GET', '/api/documents/types', { headers: bearer(key) });
      expect(after.status).to.equal(200);
    });
  });
});
