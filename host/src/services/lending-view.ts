import { evaluateLending, UNKNOWN_TYPE, type Docsift, type LendingOutcome } from '@docsift/core';
import type { Job } from '../persistence/entities/job.entities.js';
import type { LendingRequirementsRepository } from '../persistence/lending-requirements.repository.js';

/** The document types of the lending variant: those of the plugins that declare lending support (docs/lending.md). */
export function lendingTypes(docsift: Docsift): string[] {
  return docsift.registry.lendingPlugins().map((plugin) => plugin.entry.typeCode);
}

export interface LendingView {
  subject: Job;
  members: { service: 'lending' } & Partial<LendingOutcome>;
}

export interface LendingJobViewDeps {
  lendingRequirementsRepository: LendingRequirementsRepository;
  docsift: Docsift;
  /** `lendingTypes(docsift)`, computed once by the container. */
  lendingTypes: readonly string[];
}

/**
 * What the lending variant shows of a job, on its record (LendingService) and in its webhook
 * payloads (WebhookOutbox): the job as a lending job (`subject`) and the members it adds
 * (`service`, and once completed `compliance` and `lendingAnalysis`, judged by the organization's
 * requirements as they are now and the job's date).
 */
export class LendingJobView {
  readonly #deps: LendingJobViewDeps;

  constructor(deps: LendingJobViewDeps) {
    this.#deps = deps;
  }

  async of(job: Job): Promise<LendingView> {
    const subject = lendingSubject(job, this.#deps.lendingTypes);
    if (subject.status !== 'completed') return { subject, members: { service: 'lending' } };
    const row = await this.#deps.lendingRequirementsRepository.find(subject.organizationId);
    const spec = this.#deps.docsift.registry.lendingRequirements;
    const requirements = row ? spec.parseSaved(row.requirements) : spec.defaults();
    const plugin = subject.documentType ? this.#deps.docsift.registry.plugin(subject.documentType) : undefined;
    const outcome = evaluateLending(
      plugin,
      {
        documentType: subject.documentType ?? UNKNOWN_TYPE,
        extractedData: subject.extractedData,
        fieldDetails: subject.fieldDetails ?? {},
        findings: subject.findings ?? [],
      },
      requirements,
      subject.createdAt,
    );
    return { subject, members: { service: 'lending', compliance: outcome.compliance, lendingAnalysis: outcome.lendingAnalysis } };
  }
}

/**
 * A lending job of any other type reads as `unknown` with no data (the engine is limited to the
 * lending types; this holds for older rows, and for rows of a lending plugin since removed).
 */
function lendingSubject(job: Job, types: readonly string[]): Job {
  if (job.service !== 'lending' || job.status !== 'completed' || job.documentType === null) return job;
  if (types.includes(job.documentType) || job.documentType === UNKNOWN_TYPE) return job;
  return { ...job, documentType: UNKNOWN_TYPE, extractedData: null, fieldDetails: {}, findings: [] };
}
