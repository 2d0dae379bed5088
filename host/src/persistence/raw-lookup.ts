import type { DataSource, EntitySchema, ObjectLiteral } from 'typeorm';

/**
 * One row by a plain WHERE clause, hydrated by the driver exactly as TypeORM would (dates,
 * JSON, transformers), without building a query through the query builder. Used on the request
 * hot paths (credential and job lookups), where the builder costs more than the query.
 */
export class RawLookup<T extends ObjectLiteral> {
  readonly #dataSource: DataSource;
  readonly #entity: EntitySchema<T>;
  readonly #table: string;

  constructor(dataSource: DataSource, entity: EntitySchema<T>) {
    this.#dataSource = dataSource;
    this.#entity = entity;
    this.#table = entity.options.tableName ?? entity.options.name;
  }

  /** `where` uses `?` placeholders and column names; both dialects accept it as written. */
  async findOne(where: string, params: unknown[]): Promise<T | null> {
    const rows = (await this.#dataSource.query(`SELECT * FROM ${this.#table} WHERE ${where} LIMIT 1`, params)) as Array<Record<string, unknown>>;
    const row = rows[0];
    if (!row) return null;
    const metadata = this.#dataSource.getMetadata(this.#entity);
    const driver = this.#dataSource.driver;
    const entity: Record<string, unknown> = {};
    for (const column of metadata.columns) entity[column.propertyName] = driver.prepareHydratedValue(row[column.databaseName], column);
    return entity as T;
  }
}
