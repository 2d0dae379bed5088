import type { DataSource, Repository } from 'typeorm';
import { LendingRequirementsEntity, type LendingRequirementsRecord } from './entities/lending.entities.js';

/** The lending requirements each organization configured. */
export class LendingRequirementsRepository {
  readonly #rows: Repository<LendingRequirementsRecord>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#rows = dataSource.getRepository(LendingRequirementsEntity);
  }

  find(organizationId: string): Promise<LendingRequirementsRecord | null> {
    return this.#rows.findOneBy({ organizationId });
  }

  /** Inserts or replaces the organization's row (one statement: no transaction on the shared SQLite connection). */
  async save(record: LendingRequirementsRecord): Promise<void> {
    await this.#rows.upsert(record, ['organizationId']);
  }
}
