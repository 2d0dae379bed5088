import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';

const PASSWORD = 'correct horse battery';

describe('host: sessions a user can end, members an organization can remove', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  const login = async (email: string): Promise<string> => {
    const res = await h.request('POST', '/api/auth/login', { json: { email, password: PASSWORD } });
    expect(res.status, `login of ${email}`).to.equal(200);
    return ((await res.json()) as { sessionToken: string }).sessionToken;
  };
  const cookie = (token: string) => ({ cookie: `docsift_session=${token}` });
  /** The status of a request made with `token`, by bearer and by cookie (both must agree). */
  const sessionStatus = async (token: string): Promise<number> => {
    const byBearer = (await h.request('GET', '/api/auth/session', { headers: bearer(token) })).status;
    const byCookie = (await h.request('GET', '/api/auth/session', { headers: cookie(token) })).status;
    expect(byCookie, 'the cookie answers as the bearer token does').to.equal(byBearer);
    return byBearer;
  };
  const addMember = async (manager: Account | string, role: 'admin' | 'member'): Promise<{ id: string; email: string; token: string }> => {
    const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
    const token = typeof manager === 'string' ? manager : manager.sessionToken;
    const res = await h.request('POST', '/api/organizations/members', { json: { email, password: PASSWORD, role }, headers: bearer(token) });
    expect(res.status).to.equal(201);
    const { user } = (await res.json()) as { user: { id: string } };
    return { id: user.id, email, token: await login(email) };
  };
  const removeMember = (token: string, userId: string, query = '') => h.request('DELETE', `/api/organizations/members/${userId}${query}`, { headers: bearer(token) });
  const listSessions = async (token: string) =>
    ((await (await h.request('GET', '/api/auth/sessions', { headers: bearer(token) })).json()) as { sessions: Array<{ id: string; current: boolean; createdAt: string; expiresAt: string }> }).sessions;

  describe('sessions', () => {
    it("lists the user's sessions newest first, marking the caller's, and none of another user's", async () => {
      const owner = await signup(h);
      const second = await login(owner.email);
      await signup(h);
      const sessions = await listSessions(second);
      expect(sessions).to.have.length(2);
      expect(sessions.map((session) => session.current)).to.deep.equal([true, false]);
      expect(Date.parse(sessions[0]!.createdAt)).to.be.at.least(Date.parse(sessions[1]!.createdAt));
      expect(Date.parse(sessions[0]!.expiresAt)).to.be.greaterThan(Date.now());
      expect(sessions[0]).to.have.all.keys('id', 'createdAt', 'expiresAt', 'current');
    });

    it('ends another session of the user: that token and cookie are refused from the next request on, the caller stays signed in', async () => {
      const owner = await signup(h);
      const laptop = await login(owner.email);
      expect(await sessionStatus(laptop)).to.equal(200);
      const other = (await listSessions(owner.sessionToken)).find((session) => !session.current)!;
      const res = await h.request('DELETE', `/api/auth/sessions/${other.id}`, { headers: bearer(owner.sessionToken) });
      expect(res.status).to.equal(204);
      expect(res.headers.get('set-cookie'), 'the caller keeps its cookie').to.equal(null);
      expect(await sessionStatus(laptop)).to.equal(401);
      expect(await sessionStatus(owner.sessionToken)).to.equal(200);
    });

    it("ending the caller's own session clears its cookie", async () => {
      const owner = await signup(h);
      const [current] = await listSessions(owner.sessionToken);
      const res = await h.request('DELETE', `/api/auth/sessions/${current!.id}`, { headers: bearer(owner.sessionToken) });
      expect(res.status).to.equal(204);
      expect(res.headers.get('set-cookie')).to.match(/docsift_session=;.*expires=Thu, 01 Jan 1970/i);
      expect(await sessionStatus(owner.sessionToken)).to.equal(401);
    });

    it("signs out everywhere: every session of the user ends, another user's do not", async () => {
      const owner = await signup(h);
      const phone = await login(owner.email);
      const bystander = await signup(h);
      const res = await h.request('DELETE', '/api/auth/sessions', { headers: cookie(owner.sessionToken) });
      expect(res.status).to.equal(204);
      expect(res.headers.get('set-cookie')).to.match(/docsift_session=;/);
      expect(await sessionStatus(owner.sessionToken)).to.equal(401);
      expect(await sessionStatus(phone)).to.equal(401);
      expect(await sessionStatus(bystander.sessionToken)).to.equal(200);
      expect(await sessionStatus(await login(owner.email)), 'the user may sign in again').to.equal(200);
    });

    it("answers another user's session, and an unknown one, 404, and leaves it alone", async () => {
      const owner = await signup(h);
      const colleague = await addMember(owner, 'member');
      const [theirs] = await listSessions(colleague.token);
      for (const id of [theirs!.id, '01890000-0000-7000-8000-000000000000', 'not-a-uuid']) {
        const res = await h.request('DELETE', `/api/auth/sessions/${id}`, { headers: bearer(owner.sessionToken) });
        expect(res.status, id).to.equal(404);
        expect(await res.json()).to.deep.include({ error: 'not_found' });
      }
      expect(await sessionStatus(colleague.token)).to.equal(200);
    });

    it('takes sessions only: an API key is 401 on the session routes', async () => {
      const owner = await signup(h);
      const key = await createKey(h, owner);
      expect((await h.request('GET', '/api/auth/sessions', { headers: bearer(key) })).status).to.equal(401);
      expect((await h.request('DELETE', '/api/auth/sessions', { headers: bearer(key) })).status).to.equal(401);
      expect(await sessionStatus(owner.sessionToken)).to.equal(200);
    });
  });

  describe('members', () => {
    it('lists the members with their roles to any member of the organization, and only them', async () => {
      const owner = await signup(h);
      const admin = await addMember(owner, 'admin');
      const member = await addMember(owner, 'member');
      await signup(h);
      const res = await h.request('GET', '/api/organizations/members', { headers: bearer(member.token) });
      expect(res.status).to.equal(200);
      const { members } = (await res.json()) as { members: Array<{ user: { id: string; email: string }; role: string; createdAt: string }> };
      expect(members.map((m) => [m.user.id, m.role])).to.deep.equal([
        [owner.userId, 'owner'],
        [admin.id, 'admin'],
        [member.id, 'member'],
      ]);
      expect(members[0]!.user).to.have.all.keys('id', 'email', 'name');
    });

    it("an admin removes a member: 204, the member's sessions end at once and they can no longer sign in", async () => {
      const owner = await signup(h);
      const admin = await addMember(owner, 'admin');
      const member = await addMember(owner, 'member');
      const secondDevice = await login(member.email);
      expect(await sessionStatus(member.token)).to.equal(200);
      const res = await removeMember(admin.token, member.id);
      expect(res.status).to.equal(204);
      expect(await sessionStatus(member.token)).to.equal(401);
      expect(await sessionStatus(secondDevice)).to.equal(401);
      const again = await h.request('POST', '/api/auth/login', { json: { email: member.email, password: PASSWORD } });
      expect(again.status).to.equal(401);
      const { members } = (await (await h.request('GET', '/api/organizations/members', { headers: bearer(owner.sessionToken) })).json()) as { members: Array<{ user: { id: string } }> };
      expect(members.map((m) => m.user.id)).to.not.include(member.id);
      expect((await removeMember(admin.token, member.id)).status, 'removed already').to.equal(404);
    });

    it('keeps the API keys a removed admin created (they belong to the organization) and names their creator', async () => {
      const owner = await signup(h);
      const admin = await addMember(owner, 'admin');
      const key = await createKey(h, { ...owner, sessionToken: admin.token });
      expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(200);
      expect((await removeMember(owner.sessionToken, admin.id)).status).to.equal(204);
      expect(await sessionStatus(admin.token)).to.equal(401);
      expect((await h.request('GET', '/api/documents/types', { headers: bearer(key) })).status).to.equal(200);
      const { apiKeys } = (await (await h.request('GET', '/api/api-keys', { headers: bearer(owner.sessionToken) })).json()) as { apiKeys: Array<{ createdBy: string | null }> };
      expect(apiKeys.map((k) => k.createdBy)).to.deep.equal([admin.id]);
    });

    it('with revokeApiKeys=true also revokes the keys the member created: 401 from the next request, though the key was just verified', async () => {
      const owner = await signup(h);
      const ownersKey = await createKey(h, owner);
      const admin = await addMember(owner, 'admin');
      const adminsKey = await createKey(h, { ...owner, sessionToken: admin.token });
      // Verified just before: the key service trusts it from memory for a few seconds.
      expect((await h.request('GET', '/api/documents/types', { headers: bearer(adminsKey) })).status).to.equal(200);
      expect((await removeMember(owner.sessionToken, admin.id, '?revokeApiKeys=true')).status).to.equal(204);
      expect((await h.request('GET', '/api/documents/types', { headers: bearer(adminsKey) })).status).to.equal(401);
      expect((await h.request('GET', '/api/documents/types', { headers: { 'x-api-key': adminsKey } })).status).to.equal(401);
      expect((await h.request('GET', '/api/documents/types', { headers: bearer(ownersKey) })).status, "the owner's key").to.equal(200);
    });

    it('an admin who removes themselves is signed out, and their cookie cleared', async () => {
      const owner = await signup(h);
      const admin = await addMember(owner, 'admin');
      const res = await h.request('DELETE', `/api/organizations/members/${admin.id}`, { headers: cookie(admin.token) });
      expect(res.status).to.equal(204);
      expect(res.headers.get('set-cookie')).to.match(/docsift_session=;/);
      expect(await sessionStatus(admin.token)).to.equal(401);
    });

    it('refuses to remove the last owner (409 conflict, reason last_owner); the owner stays signed in', async () => {
      const owner = await signup(h);
      const res = await removeMember(owner.sessionToken, owner.userId);
      expect(res.status).to.equal(409);
      expect(await res.json()).to.deep.include({ error: 'conflict', details: { reason: 'last_owner' } });
      expect(await sessionStatus(owner.sessionToken)).to.equal(200);
    });

    it('refuses a member (403) and an admin removing an owner (403)', async () => {
      const owner = await signup(h);
      const admin = await addMember(owner, 'admin');
      const member = await addMember(owner, 'member');
      const byMember = await removeMember(member.token, admin.id);
      expect(byMember.status).to.equal(403);
      expect(await byMember.json()).to.deep.include({ error: 'forbidden' });
      const byAdmin = await removeMember(admin.token, owner.userId);
      expect(byAdmin.status).to.equal(403);
      expect(await sessionStatus(owner.sessionToken)).to.equal(200);
      expect(await sessionStatus(admin.token)).to.equal(200);
    });

    it("answers another organization's member 404, exactly like an unknown one, and leaves them alone", async () => {
      const owner = await signup(h);
      const member = await addMember(owner, 'member');
      const stranger = await signup(h);
      const foreign = await removeMember(stranger.sessionToken, member.id);
      const unknown = await removeMember(stranger.sessionToken, '01890000-0000-7000-8000-000000000000');
      expect(foreign.status).to.equal(404);
      expect(await foreign.json()).to.deep.equal(await unknown.json());
      expect(await sessionStatus(member.token)).to.equal(200);
    });

    it('takes sessions only: an API key with every scope is 401 on the member routes', async () => {
      const owner = await signup(h);
      const member = await addMember(owner, 'member');
      const key = await createKey(h, owner);
      expect((await removeMember(key, member.id)).status).to.equal(401);
      expect((await h.request('GET', '/api/organizations/members', { headers: bearer(key) })).status).to.equal(401);
    });

    it('refuses a bad revokeApiKeys value (400) and removes nobody', async () => {
      const owner = await signup(h);
      const member = await addMember(owner, 'member');
      const res = await removeMember(owner.sessionToken, member.id, '?revokeApiKeys=yes');
      expect(res.status).to.equal(400);
      expect(await sessionStatus(member.token)).to.equal(200);
    });
  });

  it('documents the new routes in the OpenAPI document', async () => {
    const document = (await (await h.request('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> };
    expect(Object.keys(document.paths['/api/auth/sessions'] ?? {})).to.include.members(['get', 'delete']);
    expect(Object.keys(document.paths['/api/auth/sessions/{id}'] ?? {})).to.include('delete');
    expect(Object.keys(document.paths['/api/organizations/members'] ?? {})).to.include.members(['get', 'post']);
    const removal = document.paths['/api/organizations/members/{userId}']?.delete;
    expect(removal?.parameters?.map((parameter) => parameter.name)).to.include.members(['userId', 'revokeApiKeys']);
  });
});
