import type { AgendaBackend } from 'agenda';
import type { DataSource } from 'typeorm';
import { TypeormJobRepository, type TypeormJobRepositoryOptions } from './typeorm-job-repository.js';

/**
 * Agenda backend on the host's own database (SQLite embedded, MySQL/MariaDB at scale).
 * It polls (no notification channel) and never closes the DataSource, which the host owns.
 */
export class TypeormBackend implements AgendaBackend {
  readonly name = 'TypeORM';
  readonly ownsConnection = false;
  readonly repository: TypeormJobRepository;

  constructor(dataSource: DataSource, options: TypeormJobRepositoryOptions = {}) {
    this.repository = new TypeormJobRepository(dataSource, options);
  }

  async connect(): Promise<void> {
    await this.repository.connect();
  }

  async disconnect(): Promise<void> {
    // The DataSource belongs to the host; there is nothing of ours to close.
  }
}
