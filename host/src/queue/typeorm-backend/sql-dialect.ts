import type { DataSource, EntityManager } from 'typeorm';

/** The two databases the TypeORM backend speaks to. */
export type SqlDialect = 'sqlite' | 'mysql';

export function dialectOf(dataSource: DataSource): SqlDialect {
  const type = dataSource.options.type;
  if (type === 'better-sqlite3') return 'sqlite';
  if (type === 'mysql' || type === 'mariadb') return 'mysql';
  throw new Error(`the queue's TypeORM backend supports SQLite and MySQL/MariaDB, not "${type}"`);
}

/** What a statement gave back: the rows it returned and the rows it changed. */
export interface SqlResult<ROW> {
  rows: ROW[];
  affected: number;
}

export type SqlParam = string | number | null | Date;

/** Runs one statement on the DataSource, or on a transaction's manager when given. */
export async function runSql<ROW = Record<string, unknown>>(
  source: DataSource | EntityManager,
  sql: string,
  params: SqlParam[] = [],
): Promise<SqlResult<ROW>> {
  const manager = 'manager' in source ? source.manager : source;
  const ownRunner = manager.queryRunner === undefined;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, params, true);
    return { rows: (result.records ?? []) as ROW[], affected: result.affected ?? 0 };
  } finally {
    if (ownRunner) await runner.release();
  }
}

/**
 * Dates cross the driver boundary differently per dialect. better-sqlite3 cannot bind a Date,
 * so SQLite stores UTC text that sorts like the instant it names ('YYYY-MM-DD HH:MM:SS.mmm').
 * mysql2 binds and parses Dates with the same connection timezone, so a round trip is exact.
 */
export function toDbDate(dialect: SqlDialect, value: Date | null | undefined): SqlParam {
  if (!value) return null;
  if (dialect === 'mysql') return value;
  return value.toISOString().replace('T', ' ').replace('Z', '');
}

export function fromDbDate(value: unknown): Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value === 'string') return new Date(`${value.replace(' ', 'T')}Z`);
  if (typeof value === 'number') return new Date(value);
  return undefined;
}

export function quoteIdentifier(dialect: SqlDialect, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** True when the error is a unique-index violation (insert raced another insert). */
export function isDuplicateKeyError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /UNIQUE constraint failed|ER_DUP_ENTRY|Duplicate entry|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}
