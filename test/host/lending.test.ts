import { expect } from 'chai';
import { DocsiftError, type FieldDetails, type ProcessResult } from '@docsift/core';
import type { JobRepository } from '../../host/src/persistence/job.repository.js';
import type { LendingRequirementsRepository } from '../../host/src/persistence/lending-requirements.repository.js';
import { bearer, createKey, PUBLIC_URL, signup, startHarness, type Account, type Harness } from './support/harness.js';
import { fakeEngine, form, PDF_BYTES, resultOf, waitFor } from './support/fake-engine.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

type Json = Record<string, any>;
/** Polling reads count against the lending limit too: raised here, tested in lending-limits.test.ts. */
const SETTINGS = { DOCSIFT_JOB_RETRY_BASE_MS: '50', DOCSIFT_JOB_ATTEMPTS: '2', DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '1000', DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A certificate as the engine extracts it: general liability and workers' compensation, a year to run. */
function certificate(): Json {
  return {
    certificateNumber: 'C-1',
    coverages: [
      {
        type: 'general_liability',
        insurer: 'Granite Mutual',
        policyNumber: 'GL 1',
        effectiveDate: inDays(-30),
        expirationDate: inDays(365),
        limits: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 },
      },
      { type: 'workers_comp', insurer: 'Cedar State', policyNumber: 'WC 1', effectiveDate: inDays(-30), expirationDate: inDays(365), limits: { elEachAccident: 1_000_000 } },
    ],
    certificateHolder: { name: 'Riverbend Savings Bank, N.A. ISAOA/ATIMA', address: '880 Main St, Eugene, OR 97401' },
  };
}

const withDetails = (result: ProcessResult, fieldDetails: FieldDetails): ProcessResult => ({ ...result, fieldDetails });

describe('host: lending variant', () => {
  let h: Harness;
  let owner: Account;
  let key: string;
  let next: () => ProcessResult | Error = () => resultOf('insurance_cert', certificate());
  const engine = fakeEngine(() => next());
  before(async () => {
    h = await startHarness(SETTINGS, { worker: true, enginePool: engine });
    owner = await signup(h);
    key = await createKey(h, owner);
  });
  after(async () => h.close());

  const submit = (headers: Record<string, string> = bearer(key), parts: Record<string, string> = {}) =>
    h.request('POST', '/api/lending/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'cert.pdf' }, ...parts }), headers });
  const read = (jobId: string, headers: Record<string, string> = bearer(key), path = '/api/lending/extract') => h.request('GET', `${path}/${jobId}`, { headers });
  async function completed(result: () => ProcessResult | Error, headers: Record<string, string> = bearer(key), parts: Record<string, string> = {}): Promise<Json> {
    next = result;
    const res = await submit(headers, parts);
    expect(res.status).to.equal(202);
    const { jobId } = (await res.json()) as { jobId: string };
    return waitFor(async () => (await read(jobId, headers)).json() as Promise<Json>, (job) => job.status === 'completed' || job.status === 'failed');
  }

  describe('public endpoints', () => {
    it('GET /api/lending/types answers the lending layout without credentials: sor 0.85 and insurance_cert 0.80 only', async () => {
      const res = await h.request('GET', '/api/lending/types');
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Json;
      expect(body).to.include({ service: 'lending', company: 'docsift' });
      expect(body.version).to.be.a('string').with.length.above(0);
      expect(body.description).to.be.a('string').with.length.above(0);
      expect(body.capabilities).to.include('compliance_checks');
      const byCode = Object.fromEntries((body.supportedTypes as Json[]).map((type) => [type.typeCode, type]));
      expect(Object.keys(byCode)).to.have.members(['sor', 'insurance_cert']);
      expect(byCode.sor).to.include({ confidenceThreshold: 0.85, extractionSupported: true });
      expect(byCode.insurance_cert).to.include({ confidenceThreshold: 0.8, extractionSupported: true });
      for (const type of body.supportedTypes as Json[]) expect(type.lendingSpecific).to.be.a('string').with.length.above(0);
    });

    it('GET /api/lending/extract reports capabilities, types and the limits in force, without credentials', async () => {
      const res = await h.request('GET', '/api/lending/extract');
      expect(res.status).to.equal(200);
      const body = (await res.json()) as Json;
      expect(body.service).to.equal('lending');
      expect(body.supportedTypes.map((type: Json) => type.typeCode)).to.have.members(['sor', 'insurance_cert']);
      expect(body.supportedFormats).to.deep.equal(['pdf', 'jpeg', 'png']);
      expect(body.limits).to.deep.equal({
        maxFileBytes: { pdf: 50 * 1_048_576, jpeg: 10 * 1_048_576, png: 10 * 1_048_576 },
        requestsPerMinutePerKey: 1000,
        requestsPerMinutePerOrganization: 1000,
        concurrentRequestsPerKey: 10,
      });
    });

    it('lists the lending operations in the OpenAPI document', async () => {
      const doc = (await (await h.request('GET', '/api/openapi.json')).json()) as Json;
      expect(doc.paths['/api/lending/extract']).to.have.keys('get', 'post');
      expect(doc.paths['/api/lending/extract/{jobId}']).to.have.key('get');
      expect(doc.paths['/api/lending/requirements']).to.have.keys('get', 'put');
      expect(doc.paths['/api/lending/types']).to.have.key('get');
    });
  });

  describe('submission and job records', () => {
    it('answers 202 with service, message and a lending pollingUrl; the record carries service', async () => {
      const res = await submit(bearer(key), { metadata: '{"loan":"L-7"}' });
      expect(res.status).to.equal(202);
      const created = (await res.json()) as Json;
      expect(created).to.include({ status: 'pending', service: 'lending', pollingUrl: `${PUBLIC_URL}/api/lending/extract/${created.jobId}` });
      expect(created.message).to.be.a('string').and.match(/lending/i);
      const job = (await (await read(created.jobId)).json()) as Json;
      expect(job).to.include({ jobId: created.jobId, service: 'lending', fileName: 'cert.pdf', fileType: 'pdf' });
      expect(job.metadata).to.deep.equal({ loan: 'L-7' });
    });

    it('limits the engine to the lending types and completes with compliance and lendingAnalysis', async () => {
      const job = await completed(() => resultOf('insurance_cert', certificate()));
      expect(job).to.include({ status: 'completed', service: 'lending', documentType: 'insurance_cert' });
      expect(engine.calls.at(-1)!.options.allowedTypes).to.deep.equal(['sor', 'insurance_cert']);
      expect(job.compliance.status).to.equal('compliant');
      expect(job.compliance.checks.every((check: Json) => check.passed)).to.equal(true);
      expect(job.compliance.checks.map((check: Json) => check.code)).to.include.members(['required_coverage_present', 'coverage_not_expired']);
      expect(job.lendingAnalysis.asOf).to.equal(new Date(job.createdAt).toISOString().slice(0, 10));
      expect(job.lendingAnalysis.coverages[0]).to.include({ type: 'general_liability', expired: false, daysToExpiry: 365 });
      expect(job.lendingAnalysis.requirements.requiredCoverages).to.deep.equal(['general_liability', 'workers_comp']);
    });

    it('sends a value read below the confidence minimum to needs_review, never a silent pass', async () => {
      const job = await completed(() =>
        withDetails(resultOf('insurance_cert', certificate()), {
          'coverages[0].expirationDate': { confidence: 0.3, page: 1, bbox: [0.5, 0.4, 0.6, 0.42], source: 'ocr' },
        }),
      );
      expect(job.compliance.status).to.equal('needs_review');
      const review = (job.compliance.checks as Json[]).filter((check) => !check.passed);
      expect(review).to.have.length.above(0);
      for (const check of review) expect(check).to.include({ severity: 'review', path: 'coverages[0].expirationDate' });
      expect(review[0].details).to.include({ reason: 'low_confidence', confidence: 0.3 });
    });

    it('completes anything but sor and insurance_cert as unknown, extractedData null, unsupported_document', async () => {
      const job = await completed(() => resultOf('template', { name: 'x' }));
      expect(job).to.include({ status: 'completed', documentType: 'unknown', extractedData: null });
      expect(job.compliance).to.deep.equal({ status: 'unsupported_document', checks: [] });
      expect(job.lendingAnalysis).to.equal(null);
      const unknown = await completed(() => resultOf('unknown', null));
      expect(unknown.compliance).to.deep.equal({ status: 'unsupported_document', checks: [] });
    });

    it('shares one id space with the primary jobs: a lending job reads through the primary path, a primary job never through the lending path', async () => {
      const job = await completed(() => resultOf('insurance_cert', certificate()));
      const primary = (await (await read(job.jobId, bearer(key), '/api/documents/extract')).json()) as Json;
      expect(primary).to.include({ jobId: job.jobId, status: 'completed', documentType: 'insurance_cert' });
      expect(primary.extractedData).to.deep.equal(job.extractedData);
      const created = (await (await h.request('POST', '/api/documents/extract', { body: form({ file: { bytes: PDF_BYTES, name: 'p.pdf' } }), headers: bearer(key) })).json()) as Json;
      expect(created).not.to.have.property('service');
      const lendingOnly = await createKey(h, owner, { name: 'lending only', scopes: ['lending:read'] });
      const throughLending = await read(created.jobId, bearer(lendingOnly));
      const missing = await read('00000000-0000-4000-8000-000000000000', bearer(lendingOnly));
      expect(throughLending.status).to.equal(404);
      expect(await throughLending.json()).to.deep.equal(await missing.json());
    });

    it("answers 404 for another organization's lending job, exactly as for a missing one", async () => {
      const { jobId } = (await (await submit()).json()) as Json;
      const otherKey = await createKey(h, await signup(h));
      const foreign = await read(jobId, bearer(otherKey));
      const missing = await read('00000000-0000-4000-8000-000000000000', bearer(otherKey));
      expect(foreign.status).to.equal(404);
      expect(await foreign.json()).to.deep.equal(await missing.json());
    });

    it('needs lending:write to submit and lending:read to read (403 with requiredScope), and credentials (401)', async () => {
      const documentsOnly = await createKey(h, owner, { name: 'docs', scopes: ['documents:read', 'documents:write'] });
      const refused = await submit(bearer(documentsOnly));
      expect(refused.status).to.equal(403);
      expect(await refused.json()).to.deep.include({ details: { requiredScope: 'lending:write' } });
      const read403 = await read('00000000-0000-4000-8000-000000000000', bearer(documentsOnly));
      expect(await read403.json()).to.deep.include({ details: { requiredScope: 'lending:read' } });
      expect((await submit({})).status).to.equal(401);
      expect((await read('00000000-0000-4000-8000-000000000000', {})).status).to.equal(401);
    });

    it('refuses a type hint outside the lending types (400) and a file that is no document (400)', async () => {
      const hinted = await submit(bearer(key), { documentType: 'template' });
      expect(hinted.status).to.equal(400);
      expect(await hinted.json()).to.deep.include({ error: 'invalid_request' });
      const text = await h.request('POST', '/api/lending/extract', { body: form({ file: { bytes: Buffer.from('hello'), name: 'a.pdf' } }), headers: bearer(key) });
      expect(text.status).to.equal(400);
      expect(await text.json()).to.deep.include({ error: 'invalid_file_format' });
    });
  });

  describe('webhook deliveries', () => {
    let receiver: Receiver;
    let hookKey: string;
    before(async () => {
      receiver = await startReceiver();
      const account = await signup(h);
      hookKey = await createKey(h, account);
      const created = await h.request('POST', '/api/integrations/webhooks', {
        json: { connectionName: 'loan system', webhookConfig: { url: `${receiver.url}/config` } },
        headers: bearer(account.sessionToken),
      });
      expect(created.status).to.equal(201);
    });
    after(async () => receiver.close());

    /** The job, once finished, and what the configuration and the submission's webhookUrl received for it. */
    async function delivered(result: () => ProcessResult | Error): Promise<{ job: Json; bodies: Json[] }> {
      const job = await completed(result, bearer(hookKey), { webhookUrl: `${receiver.url}/submission`, metadata: '{"loan":"L-9"}' });
      const forJob = (path: string) => receiver.on(path).filter((request) => request.body.jobId === job.jobId);
      await waitFor(async () => [...forJob('/config'), ...forJob('/submission')], (list) => list.length === 2);
      return { job, bodies: [...forJob('/config'), ...forJob('/submission')].map((request) => request.body as Json) };
    }

    it('carry service, compliance and lendingAnalysis exactly as the lending job record shows them, beside the submission payload', async () => {
      const { job, bodies } = await delivered(() => resultOf('insurance_cert', certificate()));
      for (const body of bodies) {
        expect(Object.keys(body)).to.deep.equal(['event', 'jobId', 'status', 'documentType', 'confidence', 'extractedData', 'metadata', 'service', 'compliance', 'lendingAnalysis']);
        expect(body).to.deep.include({ event: 'extraction.completed', jobId: job.jobId, status: 'completed', documentType: 'insurance_cert', service: 'lending' });
        expect(body.extractedData).to.deep.equal(job.extractedData);
        expect(body.metadata).to.deep.equal({ loan: 'L-9' });
        expect(body.compliance).to.deep.equal(job.compliance);
        expect(body.lendingAnalysis).to.deep.equal(job.lendingAnalysis);
      }
    });

    it('report another type as the record does: unknown, extractedData null, unsupported_document', async () => {
      const { job, bodies } = await delivered(() => resultOf('template', { name: 'x' }));
      for (const body of bodies) {
        expect(body).to.deep.include({ documentType: 'unknown', extractedData: null, service: 'lending', lendingAnalysis: null });
        expect(body.compliance).to.deep.equal(job.compliance).and.deep.equal({ status: 'unsupported_document', checks: [] });
      }
    });

    it('are not built for a job with no receiver: its result is kept even when its requirements cannot be read', async () => {
      const account = await signup(h);
      const lonelyKey = await createKey(h, account);
      await h.container.resolve<LendingRequirementsRepository>('lendingRequirementsRepository').save({
        organizationId: account.organizationId,
        requirements: { requiredCoverages: 'not a list' } as never,
        updatedAt: new Date(),
      });
      next = () => resultOf('insurance_cert', certificate());
      const res = await submit(bearer(lonelyKey));
      const { jobId } = (await res.json()) as { jobId: string };
      const jobs = h.container.resolve<JobRepository>('jobRepository');
      const job = await waitFor(() => jobs.find(jobId), (row) => row?.status === 'completed' || row?.status === 'failed');
      expect(job).to.include({ status: 'completed', attempts: 1, documentType: 'insurance_cert' });
    });

    it('of a failed lending job carry service and the error, and no compliance (the record has none either)', async () => {
      const { job, bodies } = await delivered(() => new DocsiftError('corrupt_file', 'The PDF is damaged and cannot be read.'));
      expect(job).to.include({ status: 'failed' }).and.not.have.property('compliance');
      for (const body of bodies) {
        expect(body).to.deep.include({ event: 'extraction.failed', status: 'failed', service: 'lending', error: 'The PDF is damaged and cannot be read.' });
        expect(body).not.to.have.any.keys('compliance', 'lendingAnalysis');
      }
    });
  });
});
