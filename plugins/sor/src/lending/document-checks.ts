import { reviewCheck, valueProblem, type ComplianceCheck } from '@docsift/core';
import { FINDING_CODES } from '../validators.js';
import { within } from './arithmetic.js';
import { check, dollars, LENDING_CHECK_CODES, type StatementInput } from './codes.js';

const REQUIRED_METADATA = [
  { code: LENDING_CHECK_CODES.propertyAddress, path: 'documentMetadata.propertyAddress', label: 'The property address' },
  { code: LENDING_CHECK_CODES.borrowerName, path: 'documentMetadata.borrowerName', label: "The borrower's name" },
  { code: LENDING_CHECK_CODES.consultant, path: 'documentMetadata.consultant', label: 'The consultant' },
  { code: LENDING_CHECK_CODES.contractorLicense, path: 'documentMetadata.contractorInfo.license', label: "The contractor's license" },
] as const;

function metadataValue(input: StatementInput, path: (typeof REQUIRED_METADATA)[number]['path']): string | null {
  const metadata = input.data.documentMetadata;
  switch (path) {
    case 'documentMetadata.propertyAddress':
      return metadata.propertyAddress;
    case 'documentMetadata.borrowerName':
      return metadata.borrowerName;
    case 'documentMetadata.consultant':
      return metadata.consultant;
    case 'documentMetadata.contractorInfo.license':
      return metadata.contractorInfo?.license ?? null;
  }
}

/** Property address, borrower, consultant and contractor license are present and read with enough confidence. */
export function metadataChecks(input: StatementInput): ComplianceCheck[] {
  const minimum = input.requirements.minimumFieldConfidence;
  return REQUIRED_METADATA.map(({ code, path, label }) => {
    const value = metadataValue(input, path);
    const problem = valueProblem(value, path, input.fieldDetails, minimum);
    return problem ? reviewCheck(code, label, problem, minimum) : check(code, true, `${label} is "${value}".`, path);
  });
}

const AMOUNT_PATH = /(?:^|\.)(?:materialCost|laborCost|totalCost|subtotal|generalConditions|overheadAndProfit|grandTotal)$/;
const LISTED_PATHS = 5;

/** Every extracted amount was read with enough confidence; the low ones are listed for review. */
export function amountConfidenceCheck(input: StatementInput): ComplianceCheck {
  const code = LENDING_CHECK_CODES.amountsConfident;
  const minimum = input.requirements.minimumFieldConfidence;
  const low = Object.entries(input.fieldDetails)
    .filter(([path, detail]) => AMOUNT_PATH.test(path) && detail.confidence < minimum)
    .map(([path, detail]) => ({ path, confidence: detail.confidence }));
  if (low.length === 0) return check(code, true, `Every amount was read with confidence ${minimum.toFixed(2)} or more.`, 'constructionSections');
  const listed = low.slice(0, LISTED_PATHS).map(({ path, confidence }) => `${path} (${confidence.toFixed(2)})`).join(', ');
  const more = low.length > LISTED_PATHS ? ` and ${low.length - LISTED_PATHS} more` : '';
  return {
    code,
    passed: false,
    severity: 'review',
    message: `${low.length} amount(s) were read with confidence below ${minimum.toFixed(2)}: ${listed}${more}; a person must check them.`,
    path: low[0].path,
    details: { lowConfidence: low, minimumConfidence: minimum },
  };
}

/** Line totals against material + labor, from the engine's own findings; the largest difference decides. */
export function lineTotalsCheck(input: StatementInput): ComplianceCheck {
  const code = LENDING_CHECK_CODES.lineTotals;
  const tolerance = input.requirements.maxSorDifference;
  const mismatches = input.findings
    .filter((finding) => finding.code === FINDING_CODES.lineTotalMismatch && typeof finding.details?.difference === 'number')
    .map((finding) => ({ path: finding.path ?? 'constructionSections', difference: finding.details?.difference as number }));
  const worst = mismatches.reduce<(typeof mismatches)[number] | null>((a, b) => (a === null || Math.abs(b.difference) > Math.abs(a.difference) ? b : a), null);
  if (!worst || within(worst.difference, tolerance)) {
    const message = worst
      ? `Line totals differ from material plus labor by at most ${dollars(Math.abs(worst.difference))}, within ${dollars(tolerance)}.`
      : 'Every line total is its material plus labor.';
    return check(code, true, message, 'constructionSections', { difference: worst?.difference ?? 0, tolerance });
  }
  return check(code, false, `A line total differs from its material plus labor by ${dollars(worst.difference)}, more than the tolerated ${dollars(tolerance)}.`, worst.path, {
    difference: worst.difference,
    tolerance,
    mismatches: mismatches.length,
  });
}
