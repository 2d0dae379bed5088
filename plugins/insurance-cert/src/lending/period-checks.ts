import { reviewCheck, valueProblem, type ComplianceCheck, type ValueProblem } from '@docsift/core';
import type { Coverage } from '../schema.js';
import { coverageLabel, failed, LENDING_CHECK_CODES, passed, type CertificateInput } from './codes.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date, or null when it is not one. */
export function dayNumber(isoDate: string | null | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time / DAY_MS : null;
}

/** Day number of `now` in UTC (the job's date). */
export function today(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS);
}

/** Days from the job's date to the expiration date (negative once expired); null without a date. */
export function daysToExpiry(row: Coverage, now: Date): number | null {
  const expiration = dayNumber(row.expirationDate);
  return expiration === null ? null : expiration - today(now);
}

/** A missing, unreadable or low-confidence date of a row, as a problem. */
function dateProblem(input: CertificateInput, row: Coverage, path: string, field: 'effectiveDate' | 'expirationDate'): ValueProblem | null {
  const value = row[field];
  const problem = valueProblem(value, `${path}.${field}`, input.fieldDetails, input.requirements.minimumFieldConfidence);
  if (problem) return problem;
  return dayNumber(value) === null ? { reason: 'missing', path: `${path}.${field}`, confidence: null } : null;
}

function expiryChecks(input: CertificateInput, row: Coverage, path: string): ComplianceCheck[] {
  const label = coverageLabel(row.type);
  const minimumConfidence = input.requirements.minimumFieldConfidence;
  const problem = dateProblem(input, row, path, 'expirationDate');
  const { notExpired, minimumDaysValid } = LENDING_CHECK_CODES;
  if (problem) {
    const what = `The ${label} expiration date`;
    return [reviewCheck(notExpired, what, problem, minimumConfidence), reviewCheck(minimumDaysValid, what, problem, minimumConfidence)];
  }
  const days = daysToExpiry(row, input.now) ?? 0;
  const required = input.requirements.minimumDaysValid;
  const expirationPath = `${path}.expirationDate`;
  const details = { coverageType: row.type, expirationDate: row.expirationDate, daysToExpiry: days, minimumDaysValid: required };
  const expiry =
    days < 0
      ? failed(notExpired, `The ${label} policy expired on ${row.expirationDate}.`, expirationPath, details)
      : passed(notExpired, `The ${label} policy is in force until ${row.expirationDate}.`, expirationPath, details);
  const validity =
    days < required
      ? failed(minimumDaysValid, `The ${label} policy has ${Math.max(days, 0)} days left (expires ${row.expirationDate}); at least ${required} are required.`, expirationPath, details)
      : passed(minimumDaysValid, `The ${label} policy has ${days} days left; at least ${required} are required.`, expirationPath, details);
  return [expiry, validity];
}

function effectiveBeforeExpirationCheck(input: CertificateInput, row: Coverage, path: string): ComplianceCheck {
  const code = LENDING_CHECK_CODES.effectiveBeforeExpiration;
  const label = coverageLabel(row.type);
  const problem = dateProblem(input, row, path, 'effectiveDate') ?? dateProblem(input, row, path, 'expirationDate');
  if (problem) {
    const which = problem.path.endsWith('effectiveDate') ? 'effective' : 'expiration';
    return reviewCheck(code, `The ${label} ${which} date`, problem, input.requirements.minimumFieldConfidence);
  }
  const details = { coverageType: row.type, effectiveDate: row.effectiveDate, expirationDate: row.expirationDate };
  return (dayNumber(row.effectiveDate) ?? 0) < (dayNumber(row.expirationDate) ?? 0)
    ? passed(code, `The ${label} policy takes effect (${row.effectiveDate}) before it expires (${row.expirationDate}).`, `${path}.effectiveDate`, details)
    : failed(code, `The ${label} policy expires (${row.expirationDate}) on or before it takes effect (${row.effectiveDate}).`, `${path}.expirationDate`, details);
}

/** For every coverage row: in force at the job's date, valid for the required days, effective before it expires. */
export function periodChecks(input: CertificateInput): ComplianceCheck[] {
  return input.data.coverages.flatMap((row, index) => {
    const path = `coverages[${index}]`;
    return [...expiryChecks(input, row, path), effectiveBeforeExpirationCheck(input, row, path)];
  });
}
