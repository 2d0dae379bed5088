import type { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { LearnedLayoutEntity, type LearnedLayoutRecord } from './entities/learned-layout.entities.js';
import type { WriteStatement } from './guarded-write.js';

/** A learned layout as listed: everything but the layout itself. */
export type LearnedLayoutSummary = Omit<LearnedLayoutRecord, 'layout'>;

/** The layouts each organization's templates learned from corrections; written with the correction (TemplateRepository.saveCorrection). */
export class LearnedLayoutRepository {
  readonly #dataSource: DataSource;
  readonly #layouts: Repository<LearnedLayoutRecord>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
    this.#layouts = dataSource.getRepository(LearnedLayoutEntity);
  }

  /** The template's layouts, newest first, for an extraction to read with. */
  forTemplate(organizationId: string, templateId: string): Promise<LearnedLayoutRecord[]> {
    return this.#layouts.find({ where: { organizationId, templateId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  list(organizationId: string, templateId: string): Promise<LearnedLayoutSummary[]> {
    return this.#layouts.find({
      where: { organizationId, templateId },
      select: { id: true, organizationId: true, templateId: true, extractionId: true, fieldNames: true, createdAt: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  async delete(organizationId: string, templateId: string, id: string): Promise<boolean> {
    const result = await this.#layouts.delete({ organizationId, templateId, id });
    return (result.affected ?? 0) > 0;
  }

  /** Deletes every layout of a template, to be written with the template's DELETE. */
  templateDeletion(organizationId: string, templateId: string): WriteStatement {
    return this.#dataSource.createQueryBuilder().delete().from(LearnedLayoutEntity).where({ organizationId, templateId });
  }

  /**
   * The writes of a correction's learning: the layout learned from the same extraction before is
   * replaced by `learned` (none when null), and past `keep` per template the oldest are dropped.
   */
  replacementWrites(extraction: { organizationId: string; templateId: string; extractionId: string }, learned: LearnedLayoutRecord | null, keep: number): WriteStatement[] {
    const { organizationId, templateId, extractionId } = extraction;
    const writes: WriteStatement[] = [this.#dataSource.createQueryBuilder().delete().from(LearnedLayoutEntity).where({ organizationId, extractionId })];
    if (!learned) return writes;
    writes.push(this.#dataSource.createQueryBuilder().insert().into(LearnedLayoutEntity).values(learned as QueryDeepPartialEntity<LearnedLayoutRecord>));
    // The derived table lets MySQL/MariaDB read the table it deletes from (and take a LIMIT in the subquery).
    writes.push({
      sql:
        'DELETE FROM learned_layouts WHERE organization_id = ? AND template_id = ? AND id NOT IN ' +
        '(SELECT id FROM (SELECT id FROM learned_layouts WHERE organization_id = ? AND template_id = ? ORDER BY created_at DESC, id DESC LIMIT ?) AS kept)',
      params: [organizationId, templateId, organizationId, templateId, keep],
    });
    return writes;
  }
}
