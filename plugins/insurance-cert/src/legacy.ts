import type { LegacyMapping } from '@docsift/core';
import type { CoverageType, InsuranceCertData } from './schema.js';

/** Names the legacy layout gives the coverage kinds. */
export const LEGACY_COVERAGE_NAMES: Record<CoverageType, string> = {
  general_liability: 'General Liability',
  auto_liability: 'Automobile Liability',
  umbrella: 'Umbrella Liability',
  workers_comp: "Workers' Compensation",
};

export interface LegacyCoverage {
  typeOfInsurance: string | null;
  policyNumber: string | null;
  policyEffectiveDate: string | null;
  policyExpirationDate: string | null;
  limits: Record<string, number>;
}

export interface LegacyInsuranceCertificate {
  certificateNumber: string | null;
  dateIssued: string | null;
  insuredName: string | null;
  coverages: LegacyCoverage[];
}

/** Primary layout → legacy `insurance_certificate` layout; other coverages follow under their description. */
export function toLegacyCertificate(data: InsuranceCertData): LegacyInsuranceCertificate {
  const coverages: LegacyCoverage[] = [
    ...data.coverages.map((coverage) => ({ ...coverage, typeOfInsurance: LEGACY_COVERAGE_NAMES[coverage.type] })),
    ...(data.otherCoverages ?? []).map((coverage) => ({ ...coverage, typeOfInsurance: coverage.description })),
  ].map((coverage) => ({
    typeOfInsurance: coverage.typeOfInsurance,
    policyNumber: coverage.policyNumber,
    policyEffectiveDate: coverage.effectiveDate,
    policyExpirationDate: coverage.expirationDate,
    limits: { ...coverage.limits },
  }));
  return {
    certificateNumber: data.certificateNumber,
    dateIssued: data.issueDate,
    insuredName: data.insured?.name ?? null,
    coverages,
  };
}

export const legacyMapping: LegacyMapping<InsuranceCertData> = {
  typeCode: 'insurance_certificate',
  toLegacy: (data) => ({ ...toLegacyCertificate(data) }),
};
