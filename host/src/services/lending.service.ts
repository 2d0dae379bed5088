import { z, type Docsift, type LendingRequirements } from '@docsift/core';
import type { Config } from '../config/config.js';
import { badRequest, forbidden, notFound } from './errors.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { LendingRequirementsRepository } from '../persistence/lending-requirements.repository.js';
import { HOST_VERSION } from '../common/version.js';
import type { SubmissionFields, Submitted } from '../common/submission.js';
import type { Upload } from '../common/upload.js';
import type { DocumentService } from './document.service.js';
import { recordView } from './job-view.js';
import type { LendingJobView } from './lending-view.js';
import { hasScope, isManager, type Principal } from './principal.js';

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
  lendingTypes: readonly string[];
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

  /** GET /api/lending/types: the types of the plugins that declare lending support, with the requirement members each brings. */
  types(): Record<string, unknown> {
    const { registry } = this.#deps.docsift;
    const defaults = registry.lendingRequirements.defaults();
    const ownMembers = (pluginName: string) =>
      Object.fromEntries(Object.entries(registry.lendingRequirements.owners).filter(([, owner]) => owner === pluginName).map(([member]) => [member, defaults[member]]));
    return {
      service: 'lending',
      version: HOST_VERSION,
      description: DESCRIPTION,
      company: 'docsift',
      capabilities: CAPABILITIES,
      supportedTypes: registry.lendingPlugins().map(({ entry, name }) => ({
        typeCode: entry.typeCode,
        displayName: entry.displayName,
        description: entry.description,
        confidenceThreshold: entry.confidenceThreshold,
        extractionSupported: entry.extractionSupported,
        lendingSpecific: entry.lendingSpecific ?? entry.description,
        requirementDefaults: ownMembers(name),
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

  /**
   * The job record with `service`, and once completed `compliance` and `lendingAnalysis`. Only
   * lending jobs: a key holding `lending:read` alone must not read the organization's other jobs.
   */
  async get(principal: Principal, jobId: string, layout: 'primary' | 'legacy'): Promise<Record<string, unknown>> {
    const job = await this.#deps.jobRepository.findForOrganization(principal.organizationId, jobId);
    if (job?.service !== 'lending') throw notFound('Job');
    const { subject, members } = await this.#deps.lendingJobView.of(job);
    return { ...recordView(subject, layout, this.#deps.docsift), ...members };
  }

  async requirements(principal: Principal): Promise<RequirementsView> {
    assertRequirementsAccess(principal);
    const spec = this.#deps.docsift.registry.lendingRequirements;
    const row = await this.#deps.lendingRequirementsRepository.find(principal.organizationId);
    if (!row) return { requirements: spec.defaults(), source: 'default', updatedAt: null };
    return { requirements: spec.parseSaved(row.requirements), source: 'organization', updatedAt: row.updatedAt.toISOString() };
  }

  /** Validates `body` against the members the installed lending plugins define (unknown members refused) and saves it. */
  async updateRequirements(principal: Principal, body: Record<string, unknown>): Promise<RequirementsView> {
    assertRequirementsAccess(principal);
    const parsed = this.#deps.docsift.registry.lendingRequirements.schema.safeParse(body);
    if (!parsed.success) throw invalidRequirements(parsed.error);
    const requirements = parsed.data as LendingRequirements;
    const updatedAt = this.#deps.clock();
    await this.#deps.lendingRequirementsRepository.save({ organizationId: principal.organizationId, requirements, updatedAt });
    return { requirements, source: 'organization', updatedAt: updatedAt.toISOString() };
  }

  #checkHint(hint: string): void {
    const typeCode = this.#deps.docsift.registry.canonicalTypeCode(hint);
    const types = this.#deps.lendingTypes;
    if (!types.includes(typeCode)) {
      throw badRequest(`The lending service handles only ${new Intl.ListFormat('en').format(types) || 'no'} documents.`, { documentType: hint, supportedTypes: types });
    }
  }
}

/** The same `invalid_request` as a body refused by its route schema. */
function invalidRequirements(error: z.ZodError) {
  return badRequest('The body is not valid.', {
    issues: error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
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
