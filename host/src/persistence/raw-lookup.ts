import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { DataSource, EntitySchema, ObjectLiteral } from 'typeorm';
import { preparedStatement, sqliteConnectionOf, type SqlStatement } from './sql.js';

/** The most values `columnsWhereIn` puts in one IN list. */
const IN_LIST_MAX = 512;

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
  #columns: ColumnMetadata[] | undefined;

  constructor(dataSource: DataSource, entity: EntitySchema<T>) {
    this.#dataSource = dataSource;
    this.#entity = entity;
    this.#table = entity.options.tableName ?? entity.options.name;
  }

  /** `where` uses `?` placeholders and column names; both dialects accept it as written. */
  async findOne(where: string, params: unknown[]): Promise<T | null> {
    const sql = `SELECT * FROM ${this.#table} WHERE ${where} LIMIT 1`;
    const row =
      this.#dataSource.options.type === 'better-sqlite3'
        ? preparedStatement(sqliteConnectionOf(this.#dataSource), sql).get(...params)
        : (await this.#dataSource.query(sql, params))[0];
    if (!row) return null;
    const driver = this.#dataSource.driver;
    this.#columns ??= this.#dataSource.getMetadata(this.#entity).columns;
    const entity: Record<string, unknown> = {};
    for (const column of this.#columns) entity[column.propertyName] = driver.prepareHydratedValue((row as Record<string, unknown>)[column.databaseName], column);
    return entity as T;
  }

  /**
   * `columns` of the rows whose `column` is one of `values` and that match `where`, in one query per
   * IN_LIST_MAX values. A list is padded to a power of two with its last value (a repeat changes
   * nothing in an IN list), so that SQLite prepares a handful of statements, not one per length.
   */
  async columnsWhereIn(columns: readonly string[], column: string, values: readonly unknown[], where: string): Promise<Array<Record<string, unknown>>> {
    const rows: Array<Record<string, unknown>> = [];
    for (let start = 0; start < values.length; start += IN_LIST_MAX) {
      const chunk = values.slice(start, start + IN_LIST_MAX);
      const params = [...chunk, ...Array<unknown>(2 ** Math.ceil(Math.log2(chunk.length)) - chunk.length).fill(chunk.at(-1))];
      const sql = `SELECT ${columns.join(', ')} FROM ${this.#table} WHERE ${column} IN (${params.map(() => '?').join(', ')}) AND ${where}`;
      const found =
        this.#dataSource.options.type === 'better-sqlite3'
          ? preparedStatement(sqliteConnectionOf(this.#dataSource), sql).all(...params)
          : await this.#dataSource.query(sql, params);
      rows.push(...(found as Array<Record<string, unknown>>));
    }
    return rows;
  }
}

/**
 * The INSERT of one row with every column given, values prepared by the driver exactly as TypeORM
 * would (dates, JSON, transformers), without the query builder.
 */
export class RawInsert<T extends ObjectLiteral> {
  readonly #dataSource: DataSource;
  readonly #entity: EntitySchema<T>;
  #columns: ColumnMetadata[] | undefined;
  #sql: string | undefined;

  constructor(dataSource: DataSource, entity: EntitySchema<T>) {
    this.#dataSource = dataSource;
    this.#entity = entity;
  }

  /** The INSERT of `entity` as SQL and parameters, to run in a transaction with other statements. */
  statement(entity: T): SqlStatement {
    const driver = this.#dataSource.driver;
    const columns = (this.#columns ??= this.#dataSource.getMetadata(this.#entity).columns);
    const table = this.#entity.options.tableName ?? this.#entity.options.name;
    this.#sql ??= `INSERT INTO ${table} (${columns.map((column) => driver.escape(column.databaseName)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    return { sql: this.#sql, params: columns.map((column) => driver.preparePersistentValue(entity[column.propertyName], column)) };
  }
}
