import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';

describe('host: accounts and sessions', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('signs up: 201 with user, organization, owner role, token, expiry and an HttpOnly SameSite=Lax cookie', async () => {
    const res = await h.request('POST', '/api/auth/signup', {
      json: { email: 'Ann@Example.com', password: 'long enough', name: 'Ann', organizationName: 'Acme' },
    });
    expect(res.status).to.equal(201);
    const body = (await res.json()) as Record<string, any>;
    expect(body.user).to.include({ email: 'ann@example.com', name: 'Ann' });
    expect(body.organization).to.include({ name: 'Acme' });
    expect(body.role).to.equal('owner');
    expect(body.sessionToken).to.match(/^dss_/);
    expect(Date.parse(body.expiresAt)).to.be.greaterThan(Date.now());
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).to.match(/docsift_session=dss_/);
    expect(cookie.toLowerCase()).to.include('httponly');
    expect(cookie.toLowerCase()).to.include('samesite=lax');
  });

  it('stores passwords as argon2id hashes', async () => {
    const rows = (await h.dataSource.query("SELECT password_hash FROM users WHERE email = 'ann@example.com'")) as Array<{ password_hash: string }>;
    expect(rows[0].password_hash).to.match(/^\$argon2id\$/);
  });

  it('refuses a taken email with 409 conflict and a short password with 400', async () => {
    const taken = await h.request('POST', '/api/auth/signup', { json: { email: 'ann@example.com', password: 'long enough', organizationName: 'B' } });
    expect(taken.status).to.equal(409);
    expect(await taken.json()).to.deep.include({ error: 'conflict' });
    const short = await h.request('POST', '/api/auth/signup', { json: { email: 'x@example.com', password: 'short', organizationName: 'B' } });
    expect(short.status).to.equal(400);
    const body = (await short.json()) as { error: string; details: { issues: Array<{ path: string }> } };
    expect(body.error).to.equal('invalid_request');
    expect(body.details.issues[0].path).to.equal('password');
  });

  it('logs in with 200 and gives one 401 message for unknown email and wrong password alike', async () => {
    const ok = await h.request('POST', '/api/auth/login', { json: { email: 'ann@example.com', password: 'long enough' } });
    expect(ok.status).to.equal(200);
    expect((await ok.json()) as object).to.have.property('sessionToken');
    const wrong = await h.request('POST', '/api/auth/login', { json: { email: 'ann@example.com', password: 'not it at all' } });
    const unknown = await h.request('POST', '/api/auth/login', { json: { email: 'nobody@example.com', password: 'not it at all' } });
    expect(wrong.status).to.equal(401);
    expect(unknown.status).to.equal(401);
    expect(await wrong.json()).to.deep.equal(await unknown.json());
  });

  it('describes the session by token and by cookie; logout ends both', async () => {
    const account = await signup(h);
    const byToken = await h.request('GET', '/api/auth/session', { headers: bearer(account.sessionToken) });
    expect(byToken.status).to.equal(200);
    expect(await byToken.json()).to.deep.include({ role: 'owner' });
    const byCookie = await h.request('GET', '/api/auth/session', { headers: { cookie: `docsift_session=${account.sessionToken}` } });
    expect(byCookie.status).to.equal(200);
    const out = await h.request('POST', '/api/auth/logout', { headers: bearer(account.sessionToken) });
    expect(out.status).to.equal(204);
    expect((await h.request('GET', '/api/auth/session', { headers: bearer(account.sessionToken) })).status).to.equal(401);
    expect((await h.request('GET', '/api/auth/session', { headers: { cookie: `docsift_session=${account.sessionToken}` } })).status).to.equal(401);
  });

  it('refuses an API key on account endpoints (401)', async () => {
    const account = await signup(h);
    const key = await createKey(h, account);
    const res = await h.request('GET', '/api/auth/session', { headers: bearer(key) });
    expect(res.status).to.equal(401);
  });

  it('refuses a cookie-authenticated state change from another origin (403) and accepts the own origin', async () => {
    const account = await signup(h);
    const cookie = `docsift_session=${account.sessionToken}`;
    const foreign = await h.request('POST', '/api/api-keys', { json: { name: 'k' }, headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).to.equal(403);
    expect(await foreign.json()).to.deep.include({ error: 'forbidden' });
    const own = await h.request('POST', '/api/api-keys', { json: { name: 'k' }, headers: { cookie, origin: new URL(h.config.publicUrl).origin } });
    expect(own.status).to.equal(201);
  });

  it('adds members as owner or admin; a member may not add members (403)', async () => {
    const owner = await signup(h);
    const add = await h.request('POST', '/api/organizations/members', {
      json: { email: `m-${Date.now()}@example.com`, password: 'member pass', role: 'member' },
      headers: bearer(owner.sessionToken),
    });
    expect(add.status).to.equal(201);
    const member = (await add.json()) as { user: { email: string }; role: string };
    expect(member.role).to.equal('member');
    const login = await h.request('POST', '/api/auth/login', { json: { email: member.user.email, password: 'member pass' } });
    const { sessionToken } = (await login.json()) as { sessionToken: string };
    const denied = await h.request('POST', '/api/organizations/members', {
      json: { email: 'z@example.com', password: 'member pass', role: 'member' },
      headers: bearer(sessionToken),
    });
    expect(denied.status).to.equal(403);
  });

  it('refuses signup with 403 when signup is closed', async () => {
    const closed = await startHarness({ DOCSIFT_SIGNUP: 'closed' });
    try {
      const res = await closed.request('POST', '/api/auth/signup', { json: { email: 'a@b.co', password: 'long enough', organizationName: 'X' } });
      expect(res.status).to.equal(403);
      expect(await res.json()).to.deep.include({ error: 'forbidden' });
    } finally {
      await closed.close();
    }
  });

  it('answers malformed JSON with 400 invalid_request and no internals', async () => {
    const res = await h.request('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).to.equal(400);
    const text = await res.text();
    expect(JSON.parse(text)).to.deep.include({ error: 'invalid_request' });
    expect(text).not.to.match(/at .*\.(ts|js):\d+|SELECT|\/work\//);
  });
});
