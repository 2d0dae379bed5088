import type { EntitySchemaColumnOptions } from 'typeorm';

/** Column shapes shared by the entities; the SQL types per dialect live in the migrations. */
export const id: EntitySchemaColumnOptions = { type: 'varchar', length: 36, primary: true };
export const ref: EntitySchemaColumnOptions = { type: 'varchar', length: 36 };
export const optionalRef: EntitySchemaColumnOptions = { type: 'varchar', length: 36, nullable: true };
export const text = (length = 255): EntitySchemaColumnOptions => ({ type: 'varchar', length });
export const optionalText = (length = 255): EntitySchemaColumnOptions => ({ type: 'varchar', length, nullable: true });
export const json: EntitySchemaColumnOptions = { type: 'simple-json' };
export const optionalJson: EntitySchemaColumnOptions = { type: 'simple-json', nullable: true };
export const timestamp = (name: string): EntitySchemaColumnOptions => ({ type: 'datetime', name });
export const optionalTimestamp = (name: string): EntitySchemaColumnOptions => ({ type: 'datetime', name, nullable: true });
