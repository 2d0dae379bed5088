import { matchOrganizationName, reviewCheck, valueProblem, type ComplianceCheck } from '@docsift/core';
import { failed, LENDING_CHECK_CODES, passed, type CertificateInput } from './codes.js';

const PATH = 'certificateHolder.name';

/** The certificate holder is the configured one (fuzzy match); no check when none is configured. */
export function holderChecks(input: CertificateInput): ComplianceCheck[] {
  const expected = input.requirements.certificateHolderName;
  if (!expected) return [];
  const code = LENDING_CHECK_CODES.certificateHolder;
  const actual = input.data.certificateHolder?.name ?? null;
  const minimum = input.requirements.minimumFieldConfidence;
  const problem = valueProblem(actual, PATH, input.fieldDetails, minimum);
  if (problem || actual === null) {
    const review = reviewCheck(code, 'The certificate holder name', problem ?? { reason: 'missing', path: PATH, confidence: null }, minimum);
    return [{ ...review, details: { ...review.details, expected } }];
  }
  const { matched, score } = matchOrganizationName(expected, actual);
  const details = { expected, actual, score };
  return [
    matched
      ? passed(code, `The certificate holder "${actual}" matches the required "${expected}".`, PATH, details)
      : failed(code, `The certificate holder "${actual}" does not match the required "${expected}".`, PATH, details),
  ];
}
