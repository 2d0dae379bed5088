import { expect } from 'chai';
import { FINDING_CODES, validators, type InsuranceCertData } from '../../../plugins/insurance-cert/src/index.js';

const now = new Date('2026-05-01T12:00:00Z');

function certificate(overrides: Partial<InsuranceCertData> = {}): InsuranceCertData {
  return {
    certificateNumber: 'C-1',
    issueDate: '2026-03-14',
    producer: { name: 'Acme Risk Partners', address: '42 Harbor Way, Portland, OR 97201', phone: '555-201-3344' },
    insured: { name: 'Blue Heron Builders LLC', address: '1700 Alder St, Salem, OR 97301' },
    coverages: [
      {
        type: 'general_liability',
        insurer: 'Granite Mutual',
        policyNumber: 'GL 1',
        effectiveDate: '2026-02-01',
        expirationDate: '2027-02-01',
        limits: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 },
      },
    ],
    otherCoverages: [],
    certificateHolder: { name: 'Riverbend Savings Bank', address: '880 Main St, Eugene, OR 97401' },
    ...overrides,
  };
}

const run = (data: InsuranceCertData) => validators.flatMap((validator) => validator(data, { now }));
const codes = (data: InsuranceCertData) => run(data).map((finding) => finding.code);
const coverage = (changes: Partial<InsuranceCertData['coverages'][number]>) => [{ ...certificate().coverages[0], ...changes }];

describe('insurance-cert validators', () => {
  it('find nothing wrong with a complete certificate in force', () => {
    expect(run(certificate())).to.deep.equal([]);
  });

  it('report an expiration on or before the effective date, on that coverage', () => {
    const findings = run(certificate({ coverages: coverage({ effectiveDate: '2026-02-01', expirationDate: '2026-02-01' }) }));
    expect(findings).to.deep.include({
      severity: 'error',
      code: FINDING_CODES.expirationNotAfterEffective,
      message: 'The general liability policy expires (2026-02-01) on or before it takes effect (2026-02-01).',
      path: 'coverages[0].expirationDate',
      details: { effectiveDate: '2026-02-01', expirationDate: '2026-02-01' },
    });
  });

  it('judge expiry against the validation moment, not the clock', () => {
    const data = certificate({ coverages: coverage({ effectiveDate: '2025-01-01', expirationDate: '2026-04-30' }) });
    expect(codes(data)).to.deep.equal(['coverage_expired']);
    expect(validators.flatMap((validator) => validator(data, { now: new Date('2026-04-30T08:00:00Z') }))).to.deep.equal([]);
  });

  it('note a policy that is not in force yet and a certificate dated in the future', () => {
    const data = certificate({ issueDate: '2026-06-01', coverages: coverage({ effectiveDate: '2026-07-01', expirationDate: '2027-07-01' }) });
    expect(run(data).map((finding) => [finding.severity, finding.code])).to.deep.equal([
      ['info', 'coverage_not_yet_effective'],
      ['warning', 'issue_date_in_future'],
    ]);
  });

  it('report missing coverage rows, insured and producer', () => {
    const data = certificate({ coverages: [], insured: { name: null, address: null }, producer: { name: null, address: null, phone: null } });
    expect(codes(data)).to.deep.equal(['no_coverages', 'missing_insured', 'missing_producer']);
  });

  it('report a coverage row without policy number, dates, insurer or limits', () => {
    const data = certificate({ coverages: coverage({ policyNumber: null, effectiveDate: null, insurer: null, limits: {} }) });
    expect(run(data).map((finding) => finding.path)).to.deep.equal([
      'coverages[0].policyNumber',
      'coverages[0].effectiveDate',
      'coverages[0].insurer',
      'coverages[0].limits',
    ]);
  });

  it('report non-positive limits and an aggregate below the per-occurrence limit', () => {
    const data = certificate({ coverages: coverage({ limits: { eachOccurrence: 2_000_000, generalAggregate: 1_000_000, medicalExpense: 0 } }) });
    expect(codes(data)).to.deep.equal(['non_positive_limit', 'aggregate_below_occurrence']);
  });

  it('check other coverages too, and never throw on a blank extraction', () => {
    const other = { description: 'Inland marine', insurer: 'Granite', policyNumber: 'IM 1', effectiveDate: '2027-01-01', expirationDate: '2026-01-01', limits: { limit: 75_000 } };
    expect(codes(certificate({ otherCoverages: [other] }))).to.deep.equal(['expiration_not_after_effective']);
    const blank = certificate({ certificateNumber: null, issueDate: null, coverages: [], insured: { name: null, address: null } });
    expect(() => run(blank)).not.to.throw();
  });

  it('use stable lowercase snake_case codes', () => {
    for (const code of Object.values(FINDING_CODES)) expect(code).to.match(/^[a-z][a-z0-9_]*$/);
  });
});
