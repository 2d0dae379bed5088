import { formatDollars, reviewCheck, valueProblem, type ComplianceCheck } from '@docsift/core';
import type { Coverage } from '../schema.js';
import { coverageLabel, failed, LENDING_CHECK_CODES, limitLabel, passed, type CertificateInput } from './codes.js';

interface IndexedCoverage {
  row: Coverage;
  path: string;
}

function coveragesOfType(input: CertificateInput, type: string): IndexedCoverage[] {
  return input.data.coverages.flatMap((row, index) => (row.type === type ? [{ row, path: `coverages[${index}]` }] : []));
}

function requiredCoverageCheck(input: CertificateInput, type: string): ComplianceCheck {
  const code = LENDING_CHECK_CODES.requiredCoverage;
  const label = coverageLabel(type);
  const rows = coveragesOfType(input, type);
  if (rows.length === 0) {
    return failed(code, `The certificate lists no ${label} coverage, which is required.`, 'coverages', { coverageType: type });
  }
  const minimum = input.requirements.minimumFieldConfidence;
  const problems = rows.map(({ path }) => valueProblem(type, `${path}.type`, input.fieldDetails, minimum));
  const trusted = rows.find((_, index) => problems[index] === null);
  if (!trusted) {
    return reviewCheck(code, `The ${label} row's caption`, problems[0]!, minimum);
  }
  return passed(code, `The certificate lists ${label} coverage.`, trusted.path, { coverageType: type });
}

/** Each required coverage type has a row (whose caption was read with enough confidence). */
export function requiredCoverageChecks(input: CertificateInput): ComplianceCheck[] {
  return input.requirements.requiredCoverages.map((type) => requiredCoverageCheck(input, type));
}

function limitCheck(input: CertificateInput, coverage: IndexedCoverage, key: string, required: number): ComplianceCheck {
  const code = LENDING_CHECK_CODES.limitMinimum;
  const what = `The ${coverageLabel(coverage.row.type)} ${limitLabel(key)} limit`;
  const path = `${coverage.path}.limits.${key}`;
  const actual = coverage.row.limits?.[key];
  const minimum = input.requirements.minimumFieldConfidence;
  const problem = valueProblem(actual, path, input.fieldDetails, minimum);
  if (problem || actual === undefined) {
    const review = reviewCheck(code, what, problem ?? { reason: 'missing', path, confidence: null }, minimum);
    return { ...review, details: { ...review.details, coverageType: coverage.row.type, limit: key, required } };
  }
  const details = { coverageType: coverage.row.type, limit: key, required, actual };
  return actual >= required
    ? passed(code, `${what} of ${formatDollars(actual)} meets the required ${formatDollars(required)}.`, path, details)
    : failed(code, `${what} is ${formatDollars(actual)}, below the required ${formatDollars(required)}.`, path, details);
}

/** Every configured minimum limit, on every row of a coverage type the certificate lists. */
export function limitChecks(input: CertificateInput): ComplianceCheck[] {
  return Object.entries(input.requirements.minimumLimits).flatMap(([type, minimums]) =>
    coveragesOfType(input, type).flatMap((coverage) =>
      Object.entries(minimums).map(([key, required]) => limitCheck(input, coverage, key, required)),
    ),
  );
}
