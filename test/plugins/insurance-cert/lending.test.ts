import { expect } from 'chai';
import {
  evaluateLending,
  lendingRequirementsSpec,
  validatePlugin,
  type CommonLendingRequirements,
  type ComplianceCheck,
  type FieldDetails,
} from '@docsift/core';
import {
  extractCertificate,
  insuranceCertLending,
  insuranceCertPlugin,
  LENDING_CHECK_CODES as CODES,
  validators,
  type Coverage,
  type InsuranceCertData,
  type InsuranceCertLendingRequirements,
} from '../../../plugins/insurance-cert/src/index.js';
import { acordDocument, FILLED_ACORD25 } from './support/acord-text.js';

const now = new Date('2026-05-01T12:00:00Z');

type LendingRequirements = CommonLendingRequirements & InsuranceCertLendingRequirements;
const defaultLendingRequirements = () => lendingRequirementsSpec([insuranceCertPlugin()]).defaults() as LendingRequirements;

const generalLiability = (changes: Partial<Coverage> = {}): Coverage => ({
  type: 'general_liability',
  insurer: 'Granite Mutual',
  policyNumber: 'GL 1',
  effectiveDate: '2026-02-01',
  expirationDate: '2027-02-01',
  limits: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 },
  ...changes,
});

const workersComp = (changes: Partial<Coverage> = {}): Coverage => ({
  type: 'workers_comp',
  insurer: 'Cedar State Casualty',
  policyNumber: 'WC 1',
  effectiveDate: '2026-03-01',
  expirationDate: '2027-03-01',
  limits: { elEachAccident: 1_000_000 },
  ...changes,
});

function certificate(overrides: Partial<InsuranceCertData> = {}): InsuranceCertData {
  return {
    certificateNumber: 'C-1',
    issueDate: '2026-03-14',
    producer: { name: 'Acme Risk Partners', address: '42 Harbor Way, Portland, OR 97201', phone: '555-201-3344' },
    insured: { name: 'Blue Heron Builders LLC', address: '1700 Alder St, Salem, OR 97301' },
    coverages: [generalLiability(), workersComp()],
    otherCoverages: [],
    certificateHolder: { name: 'Riverbend Savings Bank ISAOA/ATIMA', address: '880 Main St, Eugene, OR 97401' },
    ...overrides,
  };
}

const withHolder: LendingRequirements = { ...defaultLendingRequirements(), certificateHolderName: 'Riverbend Savings Bank, N.A.' };

function evaluate(data: InsuranceCertData, requirements: LendingRequirements = withHolder, fieldDetails: FieldDetails = {}) {
  const plugin = insuranceCertPlugin();
  const findings = validators.flatMap((validator) => validator(data, { now }));
  return evaluateLending(plugin, { documentType: 'insurance_cert', extractedData: data, fieldDetails, findings }, requirements, now);
}

const failedChecks = (checks: ComplianceCheck[]) => checks.filter((check) => !check.passed);
const detail = (confidence: number) => ({ confidence, page: 1, bbox: null, source: 'ocr' as const });

describe('insurance-cert lending checks', () => {
  it('find a complete certificate in force, with the required holder, compliant', () => {
    const { compliance } = evaluate(certificate());
    expect(compliance.status).to.equal('compliant');
    expect(failedChecks(compliance.checks)).to.deep.equal([]);
    expect(compliance.checks.map((check) => check.code)).to.include.members(Object.values(CODES));
  });

  it('report each coverage with its days to expiry, and the requirements that applied', () => {
    const { lendingAnalysis } = evaluate(certificate({ coverages: [generalLiability({ expirationDate: '2026-04-30' }), workersComp()] }));
    expect(lendingAnalysis).to.deep.equal({
      asOf: '2026-05-01',
      coverages: [
        { type: 'general_liability', policyNumber: 'GL 1', effectiveDate: '2026-02-01', expirationDate: '2026-04-30', daysToExpiry: -1, expired: true },
        { type: 'workers_comp', policyNumber: 'WC 1', effectiveDate: '2026-03-01', expirationDate: '2027-03-01', daysToExpiry: 304, expired: false },
      ],
      requirements: {
        requiredCoverages: ['general_liability', 'workers_comp'],
        minimumLimits: { general_liability: { eachOccurrence: 1_000_000, generalAggregate: 2_000_000 } },
        minimumDaysValid: 30,
        certificateHolderName: 'Riverbend Savings Bank, N.A.',
        minimumFieldConfidence: 0.6,
      },
    });
  });

  it('call an expired certificate non-compliant, judged at the job date', () => {
    const { compliance } = evaluate(certificate({ coverages: [generalLiability({ expirationDate: '2026-04-30' }), workersComp()] }));
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)).to.deep.equal([
      {
        code: CODES.notExpired,
        passed: false,
        severity: 'error',
        message: 'The general liability policy expired on 2026-04-30.',
        path: 'coverages[0].expirationDate',
        details: { coverageType: 'general_liability', expirationDate: '2026-04-30', daysToExpiry: -1, minimumDaysValid: 30 },
      },
      {
        code: CODES.minimumDaysValid,
        passed: false,
        severity: 'error',
        message: 'The general liability policy has 0 days left (expires 2026-04-30); at least 30 are required.',
        path: 'coverages[0].expirationDate',
        details: { coverageType: 'general_liability', expirationDate: '2026-04-30', daysToExpiry: -1, minimumDaysValid: 30 },
      },
    ]);
  });

  it('call a policy expiring within the configured days non-compliant, and one with exactly that many days left compliant', () => {
    const soon = evaluate(certificate({ coverages: [generalLiability(), workersComp({ expirationDate: '2026-05-20' })] }));
    expect(soon.compliance.status).to.equal('non_compliant');
    expect(failedChecks(soon.compliance.checks).map((check) => [check.code, check.path])).to.deep.equal([[CODES.minimumDaysValid, 'coverages[1].expirationDate']]);
    expect(evaluate(certificate({ coverages: [generalLiability(), workersComp({ expirationDate: '2026-05-31' })] })).compliance.status).to.equal('compliant');
    const lenient = { ...withHolder, minimumDaysValid: 10 };
    expect(evaluate(certificate({ coverages: [generalLiability(), workersComp({ expirationDate: '2026-05-20' })] }), lenient).compliance.status).to.equal('compliant');
  });

  it('call a limit under the configured minimum non-compliant, with both figures', () => {
    const { compliance } = evaluate(certificate({ coverages: [generalLiability({ limits: { eachOccurrence: 500_000, generalAggregate: 2_000_000 } }), workersComp()] }));
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)).to.deep.equal([
      {
        code: CODES.limitMinimum,
        passed: false,
        severity: 'error',
        message: 'The general liability each occurrence limit is $500,000, below the required $1,000,000.',
        path: 'coverages[0].limits.eachOccurrence',
        details: { coverageType: 'general_liability', limit: 'eachOccurrence', required: 1_000_000, actual: 500_000 },
      },
    ]);
  });

  it('send a configured limit the certificate does not show to review', () => {
    const { compliance } = evaluate(certificate({ coverages: [generalLiability({ limits: { eachOccurrence: 1_000_000 } }), workersComp()] }));
    expect(compliance.status).to.equal('needs_review');
    const [review] = failedChecks(compliance.checks);
    expect(review).to.include({ code: CODES.limitMinimum, severity: 'review', path: 'coverages[0].limits.generalAggregate' });
    expect(review!.message).to.equal('The general liability general aggregate limit was not found; a person must check it.');
  });

  it("call a certificate without workers' compensation non-compliant", () => {
    const { compliance } = evaluate(certificate({ coverages: [generalLiability()] }));
    expect(compliance.status).to.equal('non_compliant');
    expect(failedChecks(compliance.checks)).to.deep.equal([
      {
        code: CODES.requiredCoverage,
        passed: false,
        severity: 'error',
        message: "The certificate lists no workers' compensation coverage, which is required.",
        path: 'coverages',
        details: { coverageType: 'workers_comp' },
      },
    ]);
  });

  it('require only what the organization configured', () => {
    const requirements = { ...defaultLendingRequirements(), requiredCoverages: ['general_liability' as const], minimumLimits: {} };
    const { compliance } = evaluate(certificate({ coverages: [generalLiability({ limits: { eachOccurrence: 10 } })], certificateHolder: { name: null, address: null } }), requirements);
    expect(compliance.status).to.equal('compliant');
    expect(compliance.checks.map((check) => check.code)).not.to.include.members([CODES.limitMinimum, CODES.certificateHolder]);
  });

  it('accept a holder name that matches fuzzily, and refuse another holder', () => {
    const typo = evaluate(certificate({ certificateHolder: { name: 'RIVERBEND SAVNGS BANK', address: null } }));
    expect(typo.compliance.status).to.equal('compliant');
    const other = evaluate(certificate({ certificateHolder: { name: 'First National Bank of Ohio', address: null } }));
    expect(other.compliance.status).to.equal('non_compliant');
    expect(failedChecks(other.compliance.checks)).to.have.length(1);
    expect(failedChecks(other.compliance.checks)[0]).to.deep.include({
      code: CODES.certificateHolder,
      severity: 'error',
      message: 'The certificate holder "First National Bank of Ohio" does not match the required "Riverbend Savings Bank, N.A.".',
      path: 'certificateHolder.name',
    });
  });

  it('send a missing holder name to review when one is required', () => {
    const { compliance } = evaluate(certificate({ certificateHolder: { name: null, address: null } }));
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks).map((check) => [check.code, check.severity])).to.deep.equal([[CODES.certificateHolder, 'review']]);
  });

  it('send values read with low confidence to review instead of passing them', () => {
    const fieldDetails = {
      'coverages[0].expirationDate': detail(0.42),
      'coverages[0].limits.eachOccurrence': detail(0.5),
      'coverages[0].limits.generalAggregate': detail(0.95),
      'certificateHolder.name': detail(0.3),
    };
    const { compliance } = evaluate(certificate(), withHolder, fieldDetails);
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks).map((check) => [check.code, check.path, check.severity])).to.deep.equal([
      [CODES.limitMinimum, 'coverages[0].limits.eachOccurrence', 'review'],
      [CODES.notExpired, 'coverages[0].expirationDate', 'review'],
      [CODES.minimumDaysValid, 'coverages[0].expirationDate', 'review'],
      [CODES.effectiveBeforeExpiration, 'coverages[0].expirationDate', 'review'],
      [CODES.certificateHolder, 'certificateHolder.name', 'review'],
    ]);
    const expiry = compliance.checks.find((check) => check.code === CODES.notExpired && !check.passed);
    expect(expiry!.message).to.equal('The general liability expiration date was read with confidence 0.42, below the required 0.60; a person must check it.');
  });

  it('keep a failed error check decisive beside low-confidence values', () => {
    const fieldDetails = { 'certificateHolder.name': detail(0.3) };
    const { compliance } = evaluate(certificate({ coverages: [generalLiability()] }), withHolder, fieldDetails);
    expect(compliance.status).to.equal('non_compliant');
  });

  it('send a coverage whose required caption was read with low confidence to review', () => {
    const { compliance } = evaluate(certificate(), withHolder, { 'coverages[1].type': detail(0.4) });
    expect(compliance.status).to.equal('needs_review');
    expect(failedChecks(compliance.checks)[0]).to.include({ code: CODES.requiredCoverage, path: 'coverages[1].type', severity: 'review' });
  });

  it('call a policy that expires before it takes effect non-compliant, and send a missing date to review', () => {
    const reversed = evaluate(certificate({ coverages: [generalLiability({ effectiveDate: '2027-03-01', expirationDate: '2027-02-01' }), workersComp()] }));
    expect(reversed.compliance.status).to.equal('non_compliant');
    expect(failedChecks(reversed.compliance.checks).map((check) => check.code)).to.deep.equal([CODES.effectiveBeforeExpiration]);
    const undated = evaluate(certificate({ coverages: [generalLiability(), workersComp({ effectiveDate: null })] }));
    expect(undated.compliance.status).to.equal('needs_review');
    expect(failedChecks(undated.compliance.checks)[0]).to.include({ code: CODES.effectiveBeforeExpiration, path: 'coverages[1].effectiveDate', severity: 'review' });
  });

  it('is part of the plugin, which the registry still accepts', () => {
    const plugin = insuranceCertPlugin();
    expect(plugin.lending).to.equal(insuranceCertLending);
    expect(() => validatePlugin(plugin)).not.to.throw();
  });

  it('judge a certificate read from a document, with its provenance', () => {
    const { data, fieldDetails } = extractCertificate(acordDocument(FILLED_ACORD25));
    const outcome = evaluate(data, { ...withHolder, minimumLimits: { ...withHolder.minimumLimits, auto_liability: { combinedSingleLimit: 1_000_000 } } }, fieldDetails);
    expect(outcome.compliance.status).to.equal('non_compliant');
    expect(failedChecks(outcome.compliance.checks).map((check) => [check.code, check.path])).to.deep.equal([[CODES.limitMinimum, 'coverages[1].limits.combinedSingleLimit']]);
    expect(evaluate(data, withHolder, fieldDetails).compliance.status).to.equal('compliant');
  });
});
