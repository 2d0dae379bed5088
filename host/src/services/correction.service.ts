import type { FieldSpec, LearnedLayout, ValueLocations } from '@docsift/core';
import type { Logger } from 'pino';
import type { EngineLearnResult, EnginePool } from '../engine/index.js';
import type { LearnedLayoutRecord } from '../persistence/entities/learned-layout.entities.js';
import type { ExtractionCorrection } from '../persistence/entities/template.entities.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { LearnedLayoutRepository } from '../persistence/learned-layout.repository.js';
import { EXTRACTION_SERVICE, type TemplateRepository } from '../persistence/template.repository.js';
import { timeOrderedUuid } from '../persistence/time-ordered-id.js';
import { parseCorrection } from './correction-values.js';
import { ApiError, notFound, unauthorized } from './errors.js';
import { extractionView, templateData } from './extraction-view.js';
import type { Principal } from './principal.js';
import type { TemplateService } from './template.service.js';

/** Learned layouts kept per template; a new one past it drops the oldest. */
export const MAX_LEARNED_LAYOUTS_PER_TEMPLATE = 50;

export interface CorrectionServiceDeps {
  jobRepository: JobRepository;
  templateRepository: TemplateRepository;
  learnedLayoutRepository: LearnedLayoutRepository;
  templateService: TemplateService;
  enginePool: EnginePool;
  logger: Logger;
  clock: () => Date;
}

const NOTHING_LEARNED: EngineLearnResult = { locations: {}, layout: null };

/**
 * Corrections of completed extractions by template, and the layouts templates learn from them
 * (docs/consumer.md, "Corrections"). The engine's data stays on the job row; the correction sits
 * beside it. Locating the values and learning run on the engine's threads, like extractions.
 */
export class CorrectionService {
  readonly #deps: CorrectionServiceDeps;

  constructor(deps: CorrectionServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Replaces the extraction's correction with `body` (values by field name; fields left out keep the
   * engine's value), locates the values on the page and learns the layout for the template. Nothing
   * is written when the engine cannot do its part.
   */
  async correct(principal: Principal, extractionId: string, body: unknown): Promise<Record<string, unknown>> {
    if (principal.kind !== 'session') throw unauthorized('Corrections need a user session.');
    const { organizationId } = principal;
    const job = await this.#deps.jobRepository.findForOrganization(organizationId, extractionId);
    const extraction = job?.service === EXTRACTION_SERVICE ? await this.#deps.templateRepository.findExtraction(job.id) : null;
    if (!job || !extraction) throw notFound('Extraction');
    if (job.status !== 'completed') {
      throw new ApiError('conflict', `The extraction is ${job.status}: only a completed extraction can be corrected.`, { status: job.status });
    }
    const given = parseCorrection(extraction.fields, body);
    const data = { ...templateData(extraction.fields, job.extractedData), ...given };
    const learned = extraction.readResult ? await this.#learn({ document: extraction.readResult, fields: extraction.fields, values: data }, job.id) : NOTHING_LEARNED;
    const now = this.#deps.clock();
    const correction: ExtractionCorrection = {
      data,
      fields: Object.keys(given),
      locations: locationsOf(extraction.fields, given, learned.locations),
      userId: principal.userId,
      correctedAt: now.toISOString(),
    };
    // A template deleted meanwhile learns nothing (its layouts went with it); nor does a layout that places no field.
    const template = await this.#deps.templateRepository.findTemplate(organizationId, extraction.templateId);
    const record = template && learned.layout ? layoutRecord(learned.layout, { organizationId, templateId: template.id, extractionId: job.id }, now) : null;
    const kept = record && record.fieldNames.length > 0 ? record : null;
    const writes = this.#deps.learnedLayoutRepository.replacementWrites(
      { organizationId, templateId: extraction.templateId, extractionId: job.id },
      kept,
      MAX_LEARNED_LAYOUTS_PER_TEMPLATE,
    );
    if (!(await this.#deps.templateRepository.saveCorrection(organizationId, job.id, correction, writes))) throw notFound('Extraction');
    return { ...extractionView(job, { ...extraction, correction }), learnedLayoutId: kept?.id ?? null };
  }

  async listLayouts(principal: Principal, templateId: string): Promise<Record<string, unknown>> {
    const template = await this.#deps.templateService.find(principal.organizationId, templateId);
    const layouts = await this.#deps.learnedLayoutRepository.list(principal.organizationId, template.id);
    return {
      layouts: layouts.map((layout) => ({
        id: layout.id,
        templateId: layout.templateId,
        extractionId: layout.extractionId,
        fields: layout.fieldNames,
        createdAt: layout.createdAt.toISOString(),
      })),
      limit: MAX_LEARNED_LAYOUTS_PER_TEMPLATE,
    };
  }

  async removeLayout(principal: Principal, templateId: string, layoutId: string): Promise<void> {
    const template = await this.#deps.templateService.find(principal.organizationId, templateId);
    if (!(await this.#deps.learnedLayoutRepository.delete(principal.organizationId, template.id, layoutId))) throw notFound('Learned layout');
  }

  async #learn(request: Parameters<EnginePool['learn']>[0], extractionId: string): Promise<EngineLearnResult> {
    try {
      return await this.#deps.enginePool.learn(request);
    } catch (error) {
      this.#deps.logger.error({ err: error, extractionId }, 'the engine could not locate or learn a correction');
      throw new ApiError('service_unavailable', 'The correction could not be located on the document right now; nothing was saved. Try again.');
    }
  }
}

/** Every value the correction gives, by path (`total`, `lineItems[0].amount`), with where it is printed or a null page and box. */
function locationsOf(fields: readonly FieldSpec[], given: Record<string, unknown>, located: ValueLocations): ValueLocations {
  const paths: string[] = [];
  for (const field of fields) {
    const value = given[field.name];
    if (value === null || value === undefined) continue;
    if (!Array.isArray(value)) paths.push(field.name);
    else if (field.fields?.length) {
      value.forEach((element: Record<string, unknown>, index) => {
        for (const sub of field.fields!) if (element[sub.name] !== null && element[sub.name] !== undefined) paths.push(`${field.name}[${index}].${sub.name}`);
      });
    } else value.forEach((_element, index) => paths.push(`${field.name}[${index}]`));
  }
  return Object.fromEntries(paths.map((path) => [path, located[path] ?? { page: null, bbox: null }]));
}

function layoutRecord(layout: LearnedLayout, owner: Pick<LearnedLayoutRecord, 'organizationId' | 'templateId' | 'extractionId'>, now: Date): LearnedLayoutRecord {
  return {
    id: timeOrderedUuid(now.getTime()),
    ...owner,
    fieldNames: layout.fields.filter((field) => field.status === 'located').map((field) => field.name),
    layout,
    createdAt: now,
  };
}
