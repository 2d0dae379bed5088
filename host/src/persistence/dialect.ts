import type { QueryRunner, TableColumnOptions } from 'typeorm';

/** The SQL differences between SQLite and MySQL/MariaDB, in one place. */
export type Dialect = 'sqlite' | 'mysql';

export function dialectOf(runner: QueryRunner): Dialect {
  return runner.connection.options.type === 'mysql' ? 'mysql' : 'sqlite';
}

export interface ColumnKit {
  id(name?: string): TableColumnOptions;
  ref(name: string, nullable?: boolean): TableColumnOptions;
  varchar(name: string, length: number, nullable?: boolean): TableColumnOptions;
  text(name: string, nullable?: boolean): TableColumnOptions;
  json(name: string, nullable?: boolean): TableColumnOptions;
  int(name: string): TableColumnOptions;
  bigint(name: string): TableColumnOptions;
  double(name: string, nullable?: boolean): TableColumnOptions;
  datetime(name: string, nullable?: boolean): TableColumnOptions;
}

/** Column definitions for migrations, typed per dialect (milliseconds kept on MySQL, long JSON). */
export function columnKit(dialect: Dialect): ColumnKit {
  const mysql = dialect === 'mysql';
  return {
    id: (name = 'id') => ({ name, type: 'varchar', length: '36', isPrimary: true }),
    ref: (name, nullable = false) => ({ name, type: 'varchar', length: '36', isNullable: nullable }),
    varchar: (name, length, nullable = false) => ({ name, type: 'varchar', length: String(length), isNullable: nullable }),
    text: (name, nullable = false) => ({ name, type: mysql ? 'mediumtext' : 'text', isNullable: nullable }),
    json: (name, nullable = false) => ({ name, type: mysql ? 'longtext' : 'text', isNullable: nullable }),
    int: (name) => ({ name, type: 'int', default: 0 }),
    bigint: (name) => ({ name, type: 'bigint', default: 0 }),
    double: (name, nullable = false) => ({ name, type: mysql ? 'double' : 'real', isNullable: nullable }),
    datetime: (name, nullable = false) => ({ name, type: 'datetime', precision: mysql ? 3 : undefined, isNullable: nullable }),
  };
}
