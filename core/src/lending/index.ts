export { complianceStatus } from './status.js';
export { evaluateLending, hasLendingEvaluator, type LendingSubject, type LendingOutcome, type LendingPlugin } from './evaluate.js';
export { lendingRequirementsSpec, type LendingRequirementsSpec } from './requirements.js';
export { matchOrganizationName, organizationNameTokens, editDistance, type NameMatch } from './names.js';
export { valueProblem, describeValueProblem, reviewCheck, formatDollars, type ValueProblem } from './values.js';
export { complianceCheckSchema, complianceResultSchema } from './compliance.schema.js';
