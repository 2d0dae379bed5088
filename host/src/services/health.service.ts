import type { DataSource } from 'typeorm';

const PING_TIMEOUT_MS = 2000;

/** Whether the service can answer: the database responds to a trivial query in time. */
export class HealthService {
  readonly #dataSource: DataSource;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
  }

  async databaseReachable(): Promise<boolean> {
    if (!this.#dataSource.isInitialized) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.#dataSource.query('SELECT 1').then(() => true, () => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
