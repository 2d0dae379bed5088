import { In, type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { Page, PageRequest } from '../common/pagination.js';
import { JobEntity, type Job, type JobStatus } from './entities/job.entities.js';
import { TemplateEntity, TemplateExtractionEntity, type ExtractionCorrection, type Template, type TemplateExtraction } from './entities/template.entities.js';
import { guardedWrite, type WriteStatement } from './guarded-write.js';
import { readNewestFirst } from './pagination.js';

/** The `jobs.service` of an extraction by template. */
export const EXTRACTION_SERVICE = 'b2c';

export interface ExtractionFilter {
  templateId?: string;
  status?: JobStatus;
}

/** Templates, and the rows extractions by template keep beside their jobs (whose rows JobRepository writes). */
export class TemplateRepository {
  readonly #dataSource: DataSource;
  readonly #templates: Repository<Template>;
  readonly #extractions: Repository<TemplateExtraction>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
    this.#templates = dataSource.getRepository(TemplateEntity);
    this.#extractions = dataSource.getRepository(TemplateExtractionEntity);
  }

  async insertTemplate(template: Template): Promise<void> {
    await this.#templates.insert(template as QueryDeepPartialEntity<Template>);
  }

  findTemplate(organizationId: string, id: string): Promise<Template | null> {
    return this.#templates.findOneBy({ organizationId, id });
  }

  listTemplates(organizationId: string): Promise<Template[]> {
    return this.#templates.find({ where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Writes `template` over the saved one while that one is still at `fromVersion` (a compare-and-set); false otherwise. */
  async updateTemplate(template: Template, fromVersion: number): Promise<boolean> {
    const { id, organizationId, createdAt: _createdAt, ...change } = template;
    const result = await this.#templates
      .createQueryBuilder()
      .update()
      .set(change as QueryDeepPartialEntity<Template>)
      .where('id = :id AND organization_id = :organizationId AND version = :fromVersion', { id, organizationId, fromVersion })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Deletes the template with `dependents` (its learned layouts) in one transaction; false, deleting nothing, when it was not there. */
  deleteTemplate(organizationId: string, id: string, dependents: WriteStatement[] = []): Promise<boolean> {
    return guardedWrite(this.#dataSource, this.#dataSource.createQueryBuilder().delete().from(TemplateEntity).where({ organizationId, id }), dependents);
  }

  /** The INSERT of an extraction's row, to be written in the transaction of its job row. */
  extractionInsert(extraction: TemplateExtraction): WriteStatement {
    return this.#dataSource.createQueryBuilder().insert().into(TemplateExtractionEntity).values(extraction as QueryDeepPartialEntity<TemplateExtraction>);
  }

  findExtraction(jobId: string): Promise<TemplateExtraction | null> {
    return this.#extractions.findOneBy({ jobId });
  }

  async saveReadResult(jobId: string, readResult: TemplateExtraction['readResult']): Promise<void> {
    await this.#extractions.update({ jobId }, { readResult } as QueryDeepPartialEntity<TemplateExtraction>);
  }

  /** Replaces the extraction's correction, with `dependents` (what it teaches) in one transaction; false when the extraction is gone. */
  saveCorrection(organizationId: string, jobId: string, correction: ExtractionCorrection, dependents: WriteStatement[]): Promise<boolean> {
    const update = this.#dataSource
      .createQueryBuilder()
      .update(TemplateExtractionEntity)
      .set({ correction } as QueryDeepPartialEntity<TemplateExtraction>)
      .where('job_id = :jobId AND organization_id = :organizationId', { jobId, organizationId });
    return guardedWrite(this.#dataSource, update, dependents);
  }

  /** One page of the organization's extractions by template, newest first, each job with its extraction row. */
  async listExtractions(organizationId: string, filter: ExtractionFilter, page: PageRequest): Promise<Page<{ job: Job; extraction: TemplateExtraction }>> {
    const query = this.#dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .where('job.organization_id = :organizationId AND job.service = :service', { organizationId, service: EXTRACTION_SERVICE });
    if (filter.status) query.andWhere('job.status = :status', { status: filter.status });
    if (filter.templateId) {
      query.andWhere('job.id IN (SELECT job_id FROM template_extractions WHERE organization_id = :organizationId AND template_id = :templateId)', {
        templateId: filter.templateId,
      });
    }
    const jobs = await readNewestFirst(query, page);
    const ids = jobs.items.map((job) => job.id);
    const rows = ids.length === 0 ? [] : await this.#extractions.find({ where: { jobId: In(ids) }, select: Object.fromEntries(EXTRACTION_COLUMNS_WITHOUT_READ.map((column) => [column, true])) });
    const byJob = new Map(rows.map((row) => [row.jobId, row]));
    return {
      items: jobs.items.flatMap((job) => (byJob.has(job.id) ? [{ job, extraction: byJob.get(job.id)! }] : [])),
      nextCursor: jobs.nextCursor,
    };
  }
}

/** Listings never need the document as read (the largest column). */
const EXTRACTION_COLUMNS_WITHOUT_READ: Array<keyof TemplateExtraction> = ['jobId', 'organizationId', 'userId', 'templateId', 'templateVersion', 'fields', 'correction', 'createdAt'];
