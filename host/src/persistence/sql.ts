import type { DataSource } from 'typeorm';

/** One SQL statement with `?` placeholders and its parameters. */
export interface SqlStatement<PARAM = unknown> {
  sql: string;
  params: PARAM[];
}

/** What the host uses of a better-sqlite3 statement. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** What the host uses of the better-sqlite3 connection TypeORM's driver holds. */
export interface SqliteConnection {
  inTransaction: boolean;
  pragma(sql: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], T>(work: (...args: A) => T): (...args: A) => T;
}

/** The one connection TypeORM's better-sqlite3 driver shares with every caller. */
export function sqliteConnectionOf(dataSource: DataSource): SqliteConnection {
  return (dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
}

/** Statements prepared once per connection (the SQL of each is fixed; its values are parameters). */
const prepared = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

export function preparedStatement(connection: SqliteConnection, sql: string): SqliteStatement {
  let statements = prepared.get(connection);
  if (!statements) prepared.set(connection, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = connection.prepare(sql)));
  return statement;
}
