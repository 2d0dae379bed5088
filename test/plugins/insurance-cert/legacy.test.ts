import { expect } from 'chai';
import { insuranceCertPlugin, type InsuranceCertData } from '../../../plugins/insurance-cert/src/index.js';

const data: InsuranceCertData = {
  certificateNumber: 'C-1',
  issueDate: '2026-03-14',
  producer: { name: 'Acme Risk Partners', address: null, phone: null },
  insured: { name: 'Blue Heron Builders LLC', address: '1700 Alder St, Salem, OR 97301' },
  coverages: [
    { type: 'general_liability', insurer: 'Granite', policyNumber: 'GL 1', effectiveDate: '2026-02-01', expirationDate: '2027-02-01', limits: { eachOccurrence: 1_000_000 } },
    { type: 'workers_comp', insurer: 'Cedar', policyNumber: 'WC 2', effectiveDate: '2026-03-01', expirationDate: '2027-03-01', limits: { elEachAccident: 500_000 } },
  ],
  otherCoverages: [{ description: 'Inland marine', insurer: 'Granite', policyNumber: 'IM 3', effectiveDate: null, expirationDate: null, limits: { limit: 75_000 } }],
  certificateHolder: { name: 'Riverbend Savings Bank', address: null },
};

describe('insurance-cert legacy mapper', () => {
  const legacy = insuranceCertPlugin().legacy!;

  it('maps to the insurance_certificate layout', () => {
    expect(legacy.typeCode).to.equal('insurance_certificate');
    expect(legacy.toLegacy(data)).to.deep.equal({
      certificateNumber: 'C-1',
      dateIssued: '2026-03-14',
      insuredName: 'Blue Heron Builders LLC',
      coverages: [
        { typeOfInsurance: 'General Liability', policyNumber: 'GL 1', policyEffectiveDate: '2026-02-01', policyExpirationDate: '2027-02-01', limits: { eachOccurrence: 1_000_000 } },
        { typeOfInsurance: "Workers' Compensation", policyNumber: 'WC 2', policyEffectiveDate: '2026-03-01', policyExpirationDate: '2027-03-01', limits: { elEachAccident: 500_000 } },
        { typeOfInsurance: 'Inland marine', policyNumber: 'IM 3', policyEffectiveDate: null, policyExpirationDate: null, limits: { limit: 75_000 } },
      ],
    });
  });

  it('maps a blank certificate to nulls and no coverages', () => {
    const blank: InsuranceCertData = {
      certificateNumber: null,
      issueDate: null,
      producer: { name: null, address: null, phone: null },
      insured: { name: null, address: null },
      coverages: [],
      otherCoverages: [],
      certificateHolder: { name: null, address: null },
    };
    expect(legacy.toLegacy(blank)).to.deep.equal({ certificateNumber: null, dateIssued: null, insuredName: null, coverages: [] });
  });

  it('does not share limit objects with the primary data', () => {
    const mapped = legacy.toLegacy(data) as { coverages: Array<{ limits: Record<string, number> }> };
    mapped.coverages[0].limits.eachOccurrence = 1;
    expect(data.coverages[0].limits.eachOccurrence).to.equal(1_000_000);
  });
});
