import { defaultLendingRequirements, parseLendingRequirements, type Docsift, type LendingRequirements } from '@docsift/core';
import type { Config } from '../config/config.js';
import { badRequest, forbidden, notFound } from './errors.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { LendingRequirementsRepository } from '../persistence/lending-requirements.repository.js';
import { HOST_VERSION } from '../main/version.js';
import type { DocumentService, SubmissionFields, Submitted, Upload } from './document.service.js';
import { recordView } from './job-view.js';
import { LENDING_TYPES, type LendingJobView } from './lending-view.js';
import { hasScope, isManager, type Principal } from './principal.js';

const LENDING_SPECIFIC: Record<(typeof LENDING_TYPES)[number], string> = {
  sor: 'Checks that line items add up to sections, sections to the subtotal, and the recap to the grand total (differences in dollars), and that the property address, borrower, consultant and contractor license are present.',
  insurance_cert:
    "Checks the organization's required coverages, minimum limits, days of validity left at the job's date, effective before expiration dates and the certificate holder name.",
};

const DESCRIPTION = 'Document identification and extraction for construction lending: statements of repair and insurance certificates, with compliance checks.';
const CAPABILITIES = [
  'document_classification',
  'data_extraction',
  'field_provenance',
  'compliance_checks',
  'sor_arithmetic_analysis',
  'insurance_coverage_analysis',
  'configurable_requirements',
  'webhooks',
];

export interface RequirementsView {
  requirements: LendingRequirements;
  /** `default` until the organization saves its own. */
  source: 'organization' | 'default';
  updatedAt: string | null;
}

export interface LendingServiceDeps {
  config: Config;
  documentService: DocumentService;
  jobRepository: JobRepository;
  lendingRequirementsRepository: LendingRequirementsRepository;
  lendingJobView: LendingJobView;
  docsift: Docsift;
  clock: () => Date;
}

/**
 * The lending variant: submission limited to the lending types, job records with compliance and
 * lending analysis, and each organization's requirements. Compliance is computed when the record
 * is read, from the stored extraction, the organization's requirements and the job's date.
 */
export class LendingService {
  readonly #deps: LendingServiceDeps;

  constructor(deps: LendingServiceDeps) {
    this.#deps = deps;
  }

  /** GET /api/lending/types. */
  types(): Record<string, unknown> {
    const entries = this.#deps.docsift.entries().filter((entry) => (LENDING_TYPES as readonly string[]).includes(entry.typeCode));
    return {
      service: 'lending',
      version: HOST_VERSION,
      description: DESCRIPTION,
      company: 'docsift',
      capabilities: CAPABILITIES,
      supportedTypes: entries.map((entry) => ({
        typeCode: entry.typeCode,
        displayName: entry.displayName,
        description: entry.description,
        confidenceThreshold: entry.confidenceThreshold,
        extractionSupported: entry.extractionSupported,
        lendingSpecific: LENDING_SPECIFIC[entry.typeCode as (typeof LENDING_TYPES)[number]],
      })),
    };
  }

  /** GET /api/lending/extract: capabilities, supported types and the limits in force. */
  info(): Record<string, unknown> {
    const { limits, rateLimits } = this.#deps.config;
    const types = this.types() as { supportedTypes: Array<{ typeCode: string; displayName: string }> };
    return {
      service: 'lending',
      version: HOST_VERSION,
      description: DESCRIPTION,
      capabilities: CAPABILITIES,
      supportedTypes: types.supportedTypes.map(({ typeCode, displayName }) => ({ typeCode, displayName })),
      supportedFormats: ['pdf', 'jpeg', 'png'],
      limits: {
        maxFileBytes: { pdf: limits.lending.pdfBytes, jpeg: limits.lending.imageBytes, png: limits.lending.imageBytes },
        requestsPerMinutePerKey: rateLimits.lendingPerKey,
        requestsPerMinutePerOrganization: rateLimits.perOrganization,
        concurrentRequestsPerKey: rateLimits.concurrentPerKey,
      },
    };
  }

  async submit(principal: Principal, upload: Upload, fields: SubmissionFields, idempotencyKey?: string): Promise<Submitted> {
    if (fields.documentType !== undefined) this.#checkHint(fields.documentType);
    return this.#deps.documentService.submit(principal, upload, { ...fields, service: 'lending' }, idempotencyKey);
  }

  /** The job record with `service`, and once completed `compliance` and `lendingAnalysis`. */
  async get(principal: Principal, jobId: string, layout: 'primary' | 'legacy'): Promise<Record<string, unknown>> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    if (!job) throw notFound('Job');
    const { subject, members } = await this.#deps.lendingJobView.of(job);
    return { ...recordView(subject, layout, this.#deps.docsift), ...members };
  }

  async requirements(principal: Principal): Promise<RequirementsView> {
    assertRequirementsAccess(principal);
    const row = await this.#deps.lendingRequirementsRepository.find(principal.organizationId);
    if (!row) return { requirements: defaultLendingRequirements(), source: 'default', updatedAt: null };
    return { requirements: parseLendingRequirements(row.requirements), source: 'organization', updatedAt: row.updatedAt.toISOString() };
  }

  async updateRequirements(principal: Principal, requirements: LendingRequirements): Promise<RequirementsView> {
    assertRequirementsAccess(principal);
    const updatedAt = this.#deps.clock();
    await this.#deps.lendingRequirementsRepository.save({ organizationId: principal.organizationId, requirements, updatedAt });
    return { requirements, source: 'organization', updatedAt: updatedAt.toISOString() };
  }

  #checkHint(hint: string): void {
    const typeCode = this.#deps.docsift.registry.canonicalTypeCode(hint);
    if (!(LENDING_TYPES as readonly string[]).includes(typeCode)) {
      throw badRequest(`The lending service handles only ${LENDING_TYPES.join(' and ')} documents.`, { documentType: hint, supportedTypes: [...LENDING_TYPES] });
    }
  }
}

/** Requirements are the business of owners and admins (sessions) and of keys holding `lending:write`. */
function assertRequirementsAccess(principal: Principal): void {
  if (principal.kind === 'session') {
    if (!isManager(principal)) throw forbidden('Only organization owners and admins may read or change lending requirements.');
    return;
  }
  if (!hasScope(principal, 'lending:write')) {
    throw forbidden('This operation needs the "lending:write" scope.', { requiredScope: 'lending:write' });
  }
}
