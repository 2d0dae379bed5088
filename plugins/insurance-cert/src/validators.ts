import type { Finding, Validator } from '@docsift/core';
import type { Coverage, InsuranceCertData, OtherCoverage } from './schema.js';

/** Stable finding codes of the insurance certificate validators (documented in docs/plugins/insurance-cert.md). */
export const FINDING_CODES = {
  noCoverages: 'no_coverages',
  missingInsured: 'missing_insured',
  missingProducer: 'missing_producer',
  missingPolicyNumber: 'missing_policy_number',
  missingPolicyDates: 'missing_policy_dates',
  missingInsurer: 'missing_insurer',
  expirationNotAfterEffective: 'expiration_not_after_effective',
  coverageExpired: 'coverage_expired',
  coverageNotYetEffective: 'coverage_not_yet_effective',
  missingLimits: 'missing_limits',
  nonPositiveLimit: 'non_positive_limit',
  aggregateBelowOccurrence: 'aggregate_below_occurrence',
  issuedInFuture: 'issue_date_in_future',
} as const;

type Row = Coverage | OtherCoverage;

const COVERAGE_LABELS: Record<string, string> = {
  general_liability: 'general liability',
  auto_liability: 'automobile liability',
  umbrella: 'umbrella liability',
  workers_comp: "workers' compensation",
};

function rows(data: InsuranceCertData): Array<{ row: Row; path: string; label: string }> {
  const coverages = data.coverages.map((row, index) => ({ row, path: `coverages[${index}]`, label: COVERAGE_LABELS[row.type] ?? row.type }));
  const others = (data.otherCoverages ?? []).map((row, index) => ({ row, path: `otherCoverages[${index}]`, label: row.description ?? 'other coverage' }));
  return [...coverages, ...others];
}

/** ISO date of the validation moment, in UTC. */
function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The certificate names an insured and a producer and lists at least one coverage. */
export const requiredPartiesValidator: Validator<InsuranceCertData> = (data) => {
  const findings: Finding[] = [];
  if (data.coverages.length === 0 && (data.otherCoverages ?? []).length === 0) {
    findings.push({ severity: 'error', code: FINDING_CODES.noCoverages, message: 'The certificate lists no coverage rows.', path: 'coverages' });
  }
  if (!data.insured?.name) {
    findings.push({ severity: 'error', code: FINDING_CODES.missingInsured, message: 'The named insured is missing.', path: 'insured.name' });
  }
  if (!data.producer?.name) {
    findings.push({ severity: 'warning', code: FINDING_CODES.missingProducer, message: 'The producer (agency) is missing.', path: 'producer.name' });
  }
  return findings;
};

/** Each coverage row has a policy number, an insurer and both policy dates. */
export const coverageRowsValidator: Validator<InsuranceCertData> = (data) =>
  rows(data).flatMap(({ row, path, label }) => {
    const findings: Finding[] = [];
    if (!row.policyNumber) {
      findings.push({ severity: 'error', code: FINDING_CODES.missingPolicyNumber, message: `The ${label} row has no policy number.`, path: `${path}.policyNumber` });
    }
    if (!row.effectiveDate || !row.expirationDate) {
      const missing = !row.effectiveDate ? 'effectiveDate' : 'expirationDate';
      findings.push({ severity: 'error', code: FINDING_CODES.missingPolicyDates, message: `The ${label} row lacks its policy ${missing === 'effectiveDate' ? 'effective' : 'expiration'} date.`, path: `${path}.${missing}` });
    }
    if (!row.insurer) {
      findings.push({ severity: 'warning', code: FINDING_CODES.missingInsurer, message: `The ${label} row names no insurer.`, path: `${path}.insurer` });
    }
    return findings;
  });

function periodFindings(row: Row, path: string, label: string, today: string): Finding[] {
  const { effectiveDate: effective, expirationDate: expiration } = row;
  if (effective && expiration && expiration <= effective) {
    return [
      {
        severity: 'error',
        code: FINDING_CODES.expirationNotAfterEffective,
        message: `The ${label} policy expires (${expiration}) on or before it takes effect (${effective}).`,
        path: `${path}.expirationDate`,
        details: { effectiveDate: effective, expirationDate: expiration },
      },
    ];
  }
  if (expiration && expiration < today) {
    return [
      {
        severity: 'error',
        code: FINDING_CODES.coverageExpired,
        message: `The ${label} policy expired on ${expiration}.`,
        path: `${path}.expirationDate`,
        details: { expirationDate: expiration, asOf: today },
      },
    ];
  }
  if (effective && effective > today) {
    return [
      {
        severity: 'info',
        code: FINDING_CODES.coverageNotYetEffective,
        message: `The ${label} policy takes effect on ${effective}.`,
        path: `${path}.effectiveDate`,
        details: { effectiveDate: effective, asOf: today },
      },
    ];
  }
  return [];
}

/** Policy periods: expiration after effective, in force at `context.now`, issue date not in the future. */
export const policyPeriodValidator: Validator<InsuranceCertData> = (data, context) => {
  const today = isoDay(context.now);
  const findings = rows(data).flatMap(({ row, path, label }) => periodFindings(row, path, label, today));
  if (data.issueDate && data.issueDate > today) {
    findings.push({
      severity: 'warning',
      code: FINDING_CODES.issuedInFuture,
      message: `The certificate is dated ${data.issueDate}, after ${today}.`,
      path: 'issueDate',
    });
  }
  return findings;
};

/** Limits are positive; a coverage shows at least one; aggregates are not below the per-occurrence limit. */
export const limitsValidator: Validator<InsuranceCertData> = (data) =>
  rows(data).flatMap(({ row, path, label }) => {
    const limits = row.limits ?? {};
    const findings: Finding[] = Object.entries(limits)
      .filter(([, amount]) => !(amount > 0))
      .map(([key, amount]) => ({ severity: 'error' as const, code: FINDING_CODES.nonPositiveLimit, message: `The ${label} limit ${key} is ${amount}.`, path: `${path}.limits.${key}` }));
    if (Object.keys(limits).length === 0 && 'type' in row) {
      findings.push({ severity: 'warning', code: FINDING_CODES.missingLimits, message: `The ${label} row shows no limits.`, path: `${path}.limits` });
    }
    const aggregate = limits.generalAggregate ?? limits.aggregate;
    if (limits.eachOccurrence > 0 && aggregate > 0 && aggregate < limits.eachOccurrence) {
      findings.push({ severity: 'warning', code: FINDING_CODES.aggregateBelowOccurrence, message: `The ${label} aggregate (${aggregate}) is below the per-occurrence limit (${limits.eachOccurrence}).`, path: `${path}.limits`, details: { eachOccurrence: limits.eachOccurrence, aggregate } });
    }
    return findings;
  });

export const validators: Array<Validator<InsuranceCertData>> = [requiredPartiesValidator, coverageRowsValidator, policyPeriodValidator, limitsValidator];
