import { expect } from 'chai';
import { bearer, createKey, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';

type Json = Record<string, any>;
/** The requirements of the bundled lending plugins (sor, insurance_cert) and the common member, at their defaults. */
const DEFAULT_REQUIREMENTS = {
  minimumFieldConfidence: 0.6,
  maxSorDifference: 1,
  requiredCoverages: ['general_liability', 'workers_comp'],
  minimumLimits: { general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } },
  certificateHolderName: null,
  minimumDaysValid: 30,
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const CERTIFICATE = {
  coverages: [
    {
      type: 'general_liability',
      policyNumber: 'GL 1',
      effectiveDate: inDays(-30),
      expirationDate: inDays(40),
      limits: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 },
    },
    { type: 'workers_comp', policyNumber: 'WC 1', effectiveDate: inDays(-30), expirationDate: inDays(365), limits: { elEachAccident: 500_000 } },
  ],
  certificateHolder: { name: 'RIVERBEND SAVINGS BANK ISAOA/ATIMA', address: '880 Main St' },
};

describe('host: lending requirements', () => {
  let h: Harness;
  let owner: Account;
  before(async () => {
    h = await startHarness({ DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '1000' }, {
      worker: true,
      enginePool: fakeEngine(() => resultOf('insurance_cert', CERTIFICATE)),
    });
    owner = await signup(h);
  });
  after(async () => h.close());

  const get = (headers: Record<string, string>) => h.request('GET', '/api/lending/requirements', { headers });
  const put = (headers: Record<string, string>, json: unknown) => h.request('PUT', '/api/lending/requirements', { headers, json });

  it('answers the defaults until the organization saves its own', async () => {
    const res = await get(bearer(owner.sessionToken));
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ requirements: DEFAULT_REQUIREMENTS, source: 'default', updatedAt: null });
  });

  it('saves requirements per organization (200), filling the members left out with their defaults', async () => {
    const res = await put(bearer(owner.sessionToken), { minimumDaysValid: 45, certificateHolderName: '  Riverbend Savings Bank  ' });
    expect(res.status).to.equal(200);
    const saved = (await res.json()) as Json;
    expect(saved.source).to.equal('organization');
    expect(Date.parse(saved.updatedAt)).to.be.closeTo(Date.now(), 60_000);
    expect(saved.requirements).to.deep.equal({ ...DEFAULT_REQUIREMENTS, minimumDaysValid: 45, certificateHolderName: 'Riverbend Savings Bank' });
    expect(await (await get(bearer(owner.sessionToken))).json()).to.deep.equal(saved);
    const other = await signup(h);
    expect(((await (await get(bearer(other.sessionToken))).json()) as Json).source).to.equal('default');
  });

  it('refuses invalid requirements with 400 naming the members (unknown member, negative amount, duplicate coverage)', async () => {
    for (const body of [{ minimumDayValid: 10 }, { maxSorDifference: -1 }, { requiredCoverages: ['umbrella', 'umbrella'] }, { minimumFieldConfidence: 2 }]) {
      const res = await put(bearer(owner.sessionToken), body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      const error = (await res.json()) as Json;
      expect(error.error).to.equal('invalid_request');
      expect(error.details.issues).to.be.an('array').with.length.above(0);
    }
  });

  it('refuses a coverage type or limit key no certificate holds (400 naming where it stands), which could never be met', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ requiredCoverages: ['general_liability', 'umbrela'] }, 'requiredCoverages.1', /one of general_liability, auto_liability, umbrella, workers_comp/],
      [{ minimumLimits: { umbrela: { aggregate: 1_000_000 } } }, 'minimumLimits.umbrela', /one of general_liability/],
      [{ minimumLimits: { workers_comp: { eachOccurrence: 500_000 } } }, 'minimumLimits.workers_comp.eachOccurrence', /elEachAccident, elDiseaseEachEmployee, elDiseasePolicyLimit/],
    ];
    const before = await (await get(bearer(owner.sessionToken))).json();
    for (const [body, path, message] of cases) {
      const res = await put(bearer(owner.sessionToken), body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      const issues = ((await res.json()) as Json).details.issues as Array<{ path: string; message: string }>;
      expect(issues.map((issue) => issue.path), JSON.stringify(body)).to.include(path);
      expect(issues.find((issue) => issue.path === path)!.message).to.match(message);
    }
    expect(await (await get(bearer(owner.sessionToken))).json()).to.deep.equal(before);
    const valid = await put(bearer(owner.sessionToken), { ...(before as Json).requirements, minimumLimits: { umbrella: { aggregate: 2_000_000 } } });
    expect(valid.status).to.equal(200);
    expect(((await valid.json()) as Json).requirements.minimumLimits).to.deep.equal({ umbrella: { aggregate: 2_000_000 } });
    expect((await put(bearer(owner.sessionToken), (before as Json).requirements)).status).to.equal(200);
  });

  it('admits owner/admin sessions and keys with lending:write; a member session or a key without it gets 403', async () => {
    const writer = await createKey(h, owner, { name: 'lending', scopes: ['lending:write'] });
    expect((await get(bearer(writer))).status).to.equal(200);
    expect((await put(bearer(writer), { minimumDaysValid: 45 })).status).to.equal(200);
    const reader = await createKey(h, owner, { name: 'reader', scopes: ['lending:read', 'documents:write'] });
    const refused = await put(bearer(reader), { minimumDaysValid: 1 });
    expect(refused.status).to.equal(403);
    expect(await refused.json()).to.deep.include({ details: { requiredScope: 'lending:write' } });
    expect((await get(bearer(reader))).status).to.equal(403);
    const email = `member-${Date.now()}@example.com`;
    await h.request('POST', '/api/organizations/members', {
      json: { email, password: 'member pass', role: 'member' },
      headers: bearer(owner.sessionToken),
    });
    const login = (await (await h.request('POST', '/api/auth/login', { json: { email, password: 'member pass' } })).json()) as Json;
    expect((await put(bearer(login.sessionToken), { minimumDaysValid: 1 })).status).to.equal(403);
    expect((await get(bearer(login.sessionToken))).status).to.equal(403);
    expect((await get({})).status).to.equal(401);
  });

  describe('who may read and change them', () => {
    let account: Account;
    before(async () => {
      account = await signup(h);
    });

    async function sessionOf(role: 'admin' | 'member'): Promise<string> {
      const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const added = await h.request('POST', '/api/organizations/members', { json: { email, password: 'member pass', role }, headers: bearer(account.sessionToken) });
      expect(added.status).to.equal(201);
      const login = await h.request('POST', '/api/auth/login', { json: { email, password: 'member pass' } });
      return ((await login.json()) as Json).sessionToken as string;
    }
    const saved = async () => ((await (await get(bearer(account.sessionToken))).json()) as Json).requirements as Json;

    it('an admin session (not the owner) reads and replaces them (200)', async () => {
      const admin = bearer(await sessionOf('admin'));
      const res = await put(admin, { minimumDaysValid: 50 });
      expect(res.status).to.equal(200);
      expect(((await res.json()) as Json).requirements.minimumDaysValid).to.equal(50);
      const read = await get(admin);
      expect(read.status).to.equal(200);
      expect(((await read.json()) as Json).requirements.minimumDaysValid).to.equal(50);
      expect((await saved()).minimumDaysValid).to.equal(50);
    });

    it('a member session gets 403 forbidden on both, and its PUT changes nothing', async () => {
      const member = bearer(await sessionOf('member'));
      const before = await saved();
      for (const res of [await get(member), await put(member, { minimumDaysValid: 1 })]) {
        expect(res.status).to.equal(403);
        expect(((await res.json()) as Json).error).to.equal('forbidden');
      }
      expect(await saved()).to.deep.equal(before);
    });

    const keyCases: Array<{ scopes: string[]; allowed: boolean }> = [
      { scopes: ['lending:write'], allowed: true },
      { scopes: ['lending:read', 'lending:write'], allowed: true },
      { scopes: ['*'], allowed: true },
      { scopes: ['lending:read'], allowed: false },
      { scopes: ['documents:read', 'documents:write'], allowed: false },
    ];
    for (const { scopes, allowed } of keyCases) {
      it(`a key with ${scopes.join(' + ')}: ${allowed ? '200 on GET and PUT' : '403 with requiredScope lending:write on both, nothing changed'}`, async () => {
        const key = bearer(await createKey(h, account, { name: scopes.join(','), scopes }));
        const before = await saved();
        const days = before.minimumDaysValid + 1;
        const read = await get(key);
        const written = await put(key, { ...before, minimumDaysValid: days });
        if (allowed) {
          expect([read.status, written.status]).to.deep.equal([200, 200]);
          expect(((await read.json()) as Json).requirements).to.deep.equal(before);
          expect((await saved()).minimumDaysValid).to.equal(days);
          return;
        }
        for (const res of [read, written]) {
          expect(res.status).to.equal(403);
          expect(await res.json()).to.deep.include({ error: 'forbidden', details: { requiredScope: 'lending:write' } });
        }
        expect(await saved()).to.deep.equal(before);
      });
    }
  });

  it("judges the organization's jobs by its requirements: days of validity, minimum limits, holder name", async () => {
    const account = await signup(h);
    const key = await createKey(h, account);
    const { jobId } = (await (await h.request('POST', '/api/lending/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'c.pdf' } }), headers: bearer(key) })).json()) as Json;
    const read = () => waitFor(async () => (await h.request('GET', `/api/lending/extract/${jobId}`, { headers: bearer(key) })).json() as Promise<Json>, (job) => job.status === 'completed');
    expect((await read()).compliance.status).to.equal('compliant');
    await put(bearer(account.sessionToken), {
      minimumDaysValid: 60,
      minimumLimits: { workers_comp: { elEachAccident: 1_000_000 } },
      certificateHolderName: 'First National Bank of Ohio',
    });
    const job = await read();
    expect(job.compliance.status).to.equal('non_compliant');
    const failed = (job.compliance.checks as Json[]).filter((check) => !check.passed);
    expect(failed.map((check) => check.code)).to.have.members(['coverage_minimum_days_valid', 'coverage_limit_minimum', 'certificate_holder_matches']);
    expect(failed.find((check) => check.code === 'coverage_limit_minimum')!.details).to.include({ required: 1_000_000, actual: 500_000 });
    expect(job.lendingAnalysis.requirements.minimumDaysValid).to.equal(60);
  });
});
