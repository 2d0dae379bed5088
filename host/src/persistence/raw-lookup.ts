import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { DataSource, EntitySchema, ObjectLiteral } from 'typeorm';

interface SqliteStatement {
  get(...params: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/**
 * One row by a plain WHERE clause, hydrated by the driver exactly as TypeORM would (dates,
 * JSON, transformers), without building a query through the query builder. Used on the request
 * hot paths (credential and job lookups), where the builder costs more than the query. On SQLite
 * each clause is a statement prepared once on the driver's own connection.
 */
export class RawLookup<T extends ObjectLiteral> {
  readonly #dataSource: DataSource;
  readonly #entity: EntitySchema<T>;
  readonly #table: string;
  readonly #statements = new Map<string, SqliteStatement>();
  #columns: ColumnMetadata[] | undefined;

  constructor(dataSource: DataSource, entity: EntitySchema<T>) {
    this.#dataSource = dataSource;
    this.#entity = entity;
    this.#table = entity.options.tableName ?? entity.options.name;
  }

  /** `where` uses `?` placeholders and column names; both dialects accept it as written. */
  async findOne(where: string, params: unknown[]): Promise<T | null> {
    const sql = `SELECT * FROM ${this.#table} WHERE ${where} LIMIT 1`;
    const row = this.#dataSource.options.type === 'better-sqlite3' ? this.#prepared(sql).get(...params) : (await this.#dataSource.query(sql, params))[0];
    if (!row) return null;
    const driver = this.#dataSource.driver;
    this.#columns ??= this.#dataSource.getMetadata(this.#entity).columns;
    const entity: Record<string, unknown> = {};
    for (const column of this.#columns) entity[column.propertyName] = driver.prepareHydratedValue((row as Record<string, unknown>)[column.databaseName], column);
    return entity as T;
  }

  #prepared(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = (this.#dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
