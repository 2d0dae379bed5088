import type { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { OrganizationTypeEntity, type OrganizationType } from './entities/job.entities.js';

/** The document types an organization added to the registry. */
export class TypeRepository {
  readonly #types: Repository<OrganizationType>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#types = dataSource.getRepository(OrganizationTypeEntity);
  }

  list(organizationId: string): Promise<OrganizationType[]> {
    return this.#types.find({ where: { organizationId }, order: { createdAt: 'ASC' } });
  }

  find(organizationId: string, typeCode: string): Promise<OrganizationType | null> {
    return this.#types.findOneBy({ organizationId, typeCode });
  }

  async insert(type: OrganizationType): Promise<void> {
    await this.#types.insert(type);
  }

  /** Rewrites an existing type (one UPDATE); false when it is no longer there. */
  async update(type: OrganizationType): Promise<boolean> {
    const { id, organizationId, ...change } = type;
    const result = await this.#types.update({ id, organizationId }, change as QueryDeepPartialEntity<OrganizationType>);
    return (result.affected ?? 0) > 0;
  }

  async delete(organizationId: string, typeCode: string): Promise<boolean> {
    const result = await this.#types.delete({ organizationId, typeCode });
    return (result.affected ?? 0) > 0;
  }
}
