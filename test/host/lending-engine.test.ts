import { expect } from 'chai';
import pino from 'pino';
import { BUNDLED_PLUGINS } from '../../host/src/config/config.js';
import { createEnginePool, type EnginePool } from '../../host/src/engine/index.js';
import { corpusAvailable, readCorpusFile } from '../support/corpus.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { form, waitFor } from './support/fake-engine.js';
import { certificatePdf, memoPdf, statementPdf } from './support/lending-documents.js';

type Json = Record<string, any>;

/** End to end on the real engine (worker thread, reader, classifier, extractors, lending checks) with documents the tests make. */
describe('host: lending compliance on real documents (real engine)', function () {
  this.timeout(120_000);
  let h: Harness;
  let pool: EnginePool;
  let key: string;
  const jobs = new Map<string, Promise<Json>>();

  before(async () => {
    pool = createEnginePool({ size: 1, plugins: BUNDLED_PLUGINS, engineOptions: { ocr: { workers: 1 } }, logger: pino({ level: 'silent' }) });
    h = await startHarness({ DOCSIFT_RATE_LIMIT_LENDING_PER_KEY: '1000' }, { worker: true, enginePool: pool });
    key = await createKey(h, await signup(h));
    const documents: Array<[string, Promise<Uint8Array>]> = [
      ['compliant', certificatePdf()],
      ['expired', certificatePdf({ glExpiresInDays: -10 })],
      ['under minimum', certificatePdf({ glEachOccurrence: '500,000' })],
      ['no workers comp', certificatePdf({ withoutWorkersComp: true })],
      ['recap off', statementPdf('$5,263.25')],
      ['statement', statementPdf()],
      ['memo', memoPdf()],
    ];
    if (corpusAvailable) {
      documents.push(['corpus certificate', Promise.resolve(readCorpusFile('public', 'acord25_xstream_cleaning_2025-01-07.pdf'))]);
      documents.push(['corpus invoice', Promise.resolve(readCorpusFile('public', 'invoice_aws.pdf'))]);
    }
    for (const [name, bytes] of documents) jobs.set(name, submitAndWait(name, await bytes));
  });
  after(async () => {
    await h.close();
    await pool.close();
  });

  async function submitAndWait(name: string, bytes: Uint8Array): Promise<Json> {
    const res = await h.request('POST', '/api/lending/extract', { body: form({ file: { bytes, name: `${name}.pdf` } }), headers: bearer(key) });
    expect(res.status).to.equal(202);
    const { jobId } = (await res.json()) as Json;
    return waitFor(
      async () => (await h.request('GET', `/api/lending/extract/${jobId}`, { headers: bearer(key) })).json() as Promise<Json>,
      (job) => job.status === 'completed' || job.status === 'failed',
      110_000,
    );
  }
  const job = (name: string) => jobs.get(name)!;
  const failed = (record: Json) => (record.compliance.checks as Json[]).filter((check) => !check.passed);

  it('finds a certificate that meets the default requirements compliant, every check passed', async () => {
    const record = await job('compliant');
    expect(record).to.include({ status: 'completed', service: 'lending', documentType: 'insurance_cert' });
    expect(record.compliance.status).to.equal('compliant');
    expect(failed(record)).to.deep.equal([]);
    expect(record.lendingAnalysis.coverages.map((coverage: Json) => coverage.type)).to.include.members(['general_liability', 'workers_comp']);
    expect(record.fieldDetails['coverages[0].expirationDate']).to.include({ source: 'text', page: 1 });
  });

  it('finds an expired certificate non_compliant (coverage_not_expired), with the days past in lendingAnalysis', async () => {
    const record = await job('expired');
    expect(record.compliance.status).to.equal('non_compliant');
    expect(failed(record).map((check) => check.code)).to.have.members(['coverage_not_expired', 'coverage_minimum_days_valid']);
    expect(failed(record)[0]).to.include({ path: 'coverages[0].expirationDate', severity: 'error' });
    expect(record.lendingAnalysis.coverages[0]).to.include({ type: 'general_liability', expired: true, daysToExpiry: -10 });
  });

  it('finds a certificate under the minimum limit non_compliant, with both amounts', async () => {
    const record = await job('under minimum');
    expect(record.compliance.status).to.equal('non_compliant');
    expect(failed(record)).to.have.length(1);
    expect(failed(record)[0]).to.include({ code: 'coverage_limit_minimum', path: 'coverages[0].limits.eachOccurrence' });
    expect(failed(record)[0].details).to.include({ required: 1_000_000, actual: 500_000 });
  });

  it("finds a certificate missing workers' compensation non_compliant (required_coverage_present)", async () => {
    const record = await job('no workers comp');
    expect(record.compliance.status).to.equal('non_compliant');
    expect(failed(record)).to.have.length(1);
    expect(failed(record)[0]).to.include({ code: 'required_coverage_present', path: 'coverages' });
    expect(failed(record)[0].details).to.deep.equal({ coverageType: 'workers_comp' });
  });

  it('finds a statement of repair whose recap does not add up non_compliant, reporting the $25 difference', async () => {
    const record = await job('recap off');
    expect(record).to.include({ documentType: 'sor' });
    expect(record.compliance.status).to.equal('non_compliant');
    expect(failed(record)).to.have.length(1);
    expect(failed(record)[0]).to.include({ code: 'sor_recap_matches_grand_total', severity: 'error' });
    expect(failed(record)[0].details).to.deep.equal({ difference: 25, tolerance: 1 });
    expect(record.lendingAnalysis).to.include({ lineItemsMatchSections: true, sectionsMatchSubtotal: true, recapMatchesGrandTotal: false });
    expect(record.lendingAnalysis.differences.recapVsGrandTotal).to.equal(25);
    expect(record.lendingAnalysis.totals).to.include({ computedGrandTotal: 5238.25, grandTotal: 5263.25 });
  });

  it('finds a statement of repair that adds up compliant', async () => {
    const record = await job('statement');
    expect(record.compliance.status).to.equal('compliant');
    expect(record.lendingAnalysis.differences).to.include({ lineItemsVsSections: 0, sectionsVsSubtotal: 0, recapVsGrandTotal: 0 });
  });

  it('completes a document of no lending type as unknown, extractedData null, unsupported_document', async () => {
    const record = await job('memo');
    expect(record).to.include({ status: 'completed', documentType: 'unknown', extractedData: null, lendingAnalysis: null });
    expect(record.compliance).to.deep.equal({ status: 'unsupported_document', checks: [] });
  });

  describe('corpus documents', () => {
    before(function () {
      if (!corpusAvailable) this.skip();
    });

    it('judges a public ACORD 25 of January 2025 expired on every coverage at the job\'s date', async () => {
      const record = await job('corpus certificate');
      expect(record).to.include({ documentType: 'insurance_cert' });
      expect(record.compliance.status).to.equal('non_compliant');
      const codes = new Set(failed(record).map((check) => check.code));
      expect([...codes]).to.have.members(['coverage_not_expired', 'coverage_minimum_days_valid']);
      for (const coverage of record.lendingAnalysis.coverages as Json[]) expect(coverage.expired).to.equal(true);
    });

    it('completes a public invoice as unknown with unsupported_document', async () => {
      const record = await job('corpus invoice');
      expect(record).to.include({ documentType: 'unknown', extractedData: null });
      expect(record.compliance.status).to.equal('unsupported_document');
    });
  });
});
