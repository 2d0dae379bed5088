import type { DataSource, ObjectLiteral, QueryBuilder } from 'typeorm';

interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
}
interface SqliteDatabase {
  inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
  transaction<T>(work: () => T): () => T;
}

/** Statements prepared once per connection (the SQL of each write is fixed; its values are parameters). */
const prepared = new WeakMap<SqliteDatabase, Map<string, SqliteStatement>>();

function statementOn(db: SqliteDatabase, sql: string): SqliteStatement {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** A statement built by TypeORM, or one given as SQL with `?` placeholders and its parameters. */
export type WriteStatement = QueryBuilder<ObjectLiteral> | { sql: string; params: unknown[] };

function sqlOf(statement: WriteStatement): [string, unknown[]] {
  return 'sql' in statement && typeof statement.sql === 'string' ? [statement.sql, statement.params] : (statement as QueryBuilder<ObjectLiteral>).getQueryAndParameters();
}

/**
 * Runs `guard` (a statement that must change a row: a compare-and-set UPDATE on a status, a DELETE
 * of the parent, an INSERT) and then `dependents`, as one transaction: all are written, or none.
 * Returns false, writing nothing, when the guard changed no row.
 *
 * On SQLite the transaction runs synchronously on the driver's connection: TypeORM shares that one
 * connection with every other caller, so an asynchronous transaction there would take in (and could
 * roll back) whatever other requests write between its statements. Hence the rule for SQLite: no
 * asynchronous transaction at all (repositories write single statements; `save()`/`remove()`,
 * which open one, are not used), and this function refuses to run inside one rather than become
 * a SAVEPOINT that another request's ROLLBACK would erase.
 */
export async function guardedWrite(dataSource: DataSource, guard: WriteStatement, dependents: WriteStatement[]): Promise<boolean> {
  const [first, ...rest] = [guard, ...dependents].map(sqlOf);
  if (dataSource.options.type === 'better-sqlite3') {
    const db = (dataSource.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
    if (db.inTransaction) throw new Error('guardedWrite: a transaction is already open on the shared SQLite connection (an asynchronous transaction ran on it)');
    const run = ([sql, params]: [string, unknown[]]) => statementOn(db, sql).run(...params.map(sqliteValue)).changes;
    return db.transaction(() => {
      if (run(first) === 0) return false;
      for (const statement of rest) run(statement);
      return true;
    })();
  }
  return dataSource.transaction(async (manager) => {
    const runner = manager.queryRunner!;
    const changed = await runner.query(first[0], first[1], true);
    if ((changed.affected ?? 0) === 0) return false;
    for (const [sql, params] of rest) await runner.query(sql, params, true);
    return true;
  });
}

/** better-sqlite3 binds no booleans (TypeORM's own runner converts them the same way). */
function sqliteValue(value: unknown): unknown {
  return typeof value === 'boolean' ? Number(value) : value;
}
