import type { DataSource, ObjectLiteral, QueryBuilder } from 'typeorm';
import { preparedStatement, sqliteConnectionOf, type SqliteConnection, type SqlStatement } from './sql.js';

/** A statement built by TypeORM, or one given as SQL with `?` placeholders and its parameters. */
export type WriteStatement = QueryBuilder<ObjectLiteral> | SqlStatement;

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
 * a SAVEPOINT that another request's ROLLBACK would erase. Guarded writes that arrive in the same
 * turn of the event loop share one SQLite transaction (one commit), each in a savepoint of its own,
 * so one that fails rolls back alone; each caller hears of its own outcome after the commit.
 */
export async function guardedWrite(dataSource: DataSource, guard: WriteStatement, dependents: WriteStatement[]): Promise<boolean> {
  const [first, ...rest] = [guard, ...dependents].map(sqlOf);
  if (dataSource.options.type === 'better-sqlite3') {
    const db = sqliteConnectionOf(dataSource);
    return new Promise((resolve, reject) => {
      let batch = batches.get(db);
      if (!batch) {
        batches.set(db, (batch = []));
        setImmediate(() => commitBatch(db));
      }
      batch.push({ statements: [first, ...rest], resolve, reject });
    });
  }
  return dataSource.transaction(async (manager) => {
    const runner = manager.queryRunner!;
    const changed = await runner.query(first[0], first[1], true);
    if ((changed.affected ?? 0) === 0) return false;
    for (const [sql, params] of rest) await runner.query(sql, params, true);
    return true;
  });
}

interface PendingWrite {
  statements: Array<[string, unknown[]]>;
  resolve(changed: boolean): void;
  reject(error: unknown): void;
}

/** Guarded writes waiting for this turn of the event loop to end, per connection. */
const batches = new WeakMap<SqliteConnection, PendingWrite[]>();

function commitBatch(db: SqliteConnection): void {
  const batch = batches.get(db) ?? [];
  batches.delete(db);
  if (db.inTransaction) {
    const error = new Error('guardedWrite: a transaction is already open on the shared SQLite connection (an asynchronous transaction ran on it)');
    for (const write of batch) write.reject(error);
    return;
  }
  const run = ([sql, params]: [string, unknown[]]) => preparedStatement(db, sql).run(...params.map(sqliteValue)).changes;
  const outcomes: Array<{ changed: boolean } | { error: unknown }> = [];
  try {
    // Called inside the batch's transaction, better-sqlite3 makes each of these a savepoint. Built
    // here, inside the try: on a connection closed since the writes were queued it throws, and
    // every caller must hear of it.
    const one = db.transaction((statements: Array<[string, unknown[]]>) => {
      const [first, ...rest] = statements;
      if (run(first) === 0) return false;
      for (const statement of rest) run(statement);
      return true;
    });
    db.transaction(() => {
      for (const write of batch) {
        try {
          outcomes.push({ changed: one(write.statements) });
        } catch (error) {
          outcomes.push({ error });
        }
      }
    })();
  } catch (error) {
    for (const write of batch) write.reject(error);
    return;
  }
  batch.forEach((write, i) => {
    const outcome = outcomes[i];
    if ('error' in outcome) write.reject(outcome.error);
    else write.resolve(outcome.changed);
  });
}

/** better-sqlite3 binds no booleans (TypeORM's own runner converts them the same way). */
function sqliteValue(value: unknown): unknown {
  return typeof value === 'boolean' ? Number(value) : value;
}
