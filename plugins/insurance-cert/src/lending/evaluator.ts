import type { LendingEvaluation, LendingSupport } from '@docsift/core';
import type { InsuranceCertData } from '../schema.js';
import type { CertificateInput } from './codes.js';
import { limitChecks, requiredCoverageChecks } from './coverage-checks.js';
import { holderChecks } from './holder-check.js';
import { daysToExpiry, periodChecks } from './period-checks.js';
import { insuranceCertLendingRequirements, type InsuranceCertLendingRequirements } from './requirements.js';

function analysis(input: CertificateInput): Record<string, unknown> {
  const { requirements, data, now } = input;
  return {
    asOf: now.toISOString().slice(0, 10),
    coverages: data.coverages.map((row) => {
      const days = daysToExpiry(row, now);
      return {
        type: row.type,
        policyNumber: row.policyNumber,
        effectiveDate: row.effectiveDate,
        expirationDate: row.expirationDate,
        daysToExpiry: days,
        expired: days === null ? null : days < 0,
      };
    }),
    requirements: {
      requiredCoverages: requirements.requiredCoverages,
      minimumLimits: requirements.minimumLimits,
      minimumDaysValid: requirements.minimumDaysValid,
      certificateHolderName: requirements.certificateHolderName,
      minimumFieldConfidence: requirements.minimumFieldConfidence,
    },
  };
}

/** Lending checks of an ACORD 25 certificate against an organization's requirements (docs/lending.md). */
export const insuranceCertLending: LendingSupport<InsuranceCertData, InsuranceCertLendingRequirements> = {
  requirements: insuranceCertLendingRequirements,
  evaluate(input: CertificateInput): LendingEvaluation {
    const checks = [...requiredCoverageChecks(input), ...limitChecks(input), ...periodChecks(input), ...holderChecks(input)];
    return { checks, analysis: analysis(input) };
  },
};
