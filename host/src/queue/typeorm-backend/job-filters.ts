import type { JobsQueryOptions, JobsSort, RemoveJobsOptions } from 'agenda';
import { quoteIdentifier, type SqlDialect, type SqlParam } from './sql-dialect.js';

export interface WhereClause {
  sql: string;
  params: SqlParam[];
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

function combine(conditions: string[], params: SqlParam[]): WhereClause {
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : '1 = 1', params };
}

/** A JSON path for one top-level key, quoted so any key is a literal member name. */
function jsonPath(key: string): string {
  return `$."${key.replace(/["\\]/g, '')}"`;
}

/**
 * Narrows by the scalar top-level keys of a data filter in SQL; the exact (deep, partial)
 * match is then checked in JavaScript with matchesData, so the SQL only has to be a superset.
 */
function dataConditions(dialect: SqlDialect, data: unknown, conditions: string[], params: SqlParam[]): void {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (dialect === 'mysql') {
      conditions.push('JSON_UNQUOTE(JSON_EXTRACT(`data`, ?)) = ?');
      params.push(jsonPath(key), String(value));
    } else {
      conditions.push('json_extract("data", ?) = ?');
      params.push(jsonPath(key), value);
    }
  }
}

/** Partial deep match: every key of `expected` must match in `actual`. */
export function matchesData(actual: unknown, expected: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(expected).every(([key, value]) => matchesData(record[key], value));
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}

export function removeFilter(dialect: SqlDialect, options: RemoveJobsOptions): WhereClause | null {
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  if (options.id) {
    conditions.push('id = ?');
    params.push(String(options.id));
  } else if (options.ids && options.ids.length > 0) {
    conditions.push(`id IN (${placeholders(options.ids.length)})`);
    params.push(...options.ids.map(String));
  }
  if (options.name) {
    conditions.push('name = ?');
    params.push(options.name);
  } else if (options.names && options.names.length > 0) {
    conditions.push(`name IN (${placeholders(options.names.length)})`);
    params.push(...options.names);
  } else if (options.notNames && options.notNames.length > 0) {
    conditions.push(`name NOT IN (${placeholders(options.notNames.length)})`);
    params.push(...options.notNames);
  }
  if (options.data !== undefined) dataConditions(dialect, options.data, conditions, params);
  if (conditions.length === 0 && options.data === undefined) return null;
  return combine(conditions, params);
}

export function queryFilter(dialect: SqlDialect, options: JobsQueryOptions): WhereClause {
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  if (options.name) {
    conditions.push('name = ?');
    params.push(options.name);
  } else if (options.names && options.names.length > 0) {
    conditions.push(`name IN (${placeholders(options.names.length)})`);
    params.push(...options.names);
  }
  if (options.id) {
    conditions.push('id = ?');
    params.push(options.id);
  } else if (options.ids && options.ids.length > 0) {
    conditions.push(`id IN (${placeholders(options.ids.length)})`);
    params.push(...options.ids);
  }
  if (options.search) {
    conditions.push('LOWER(name) LIKE ?');
    params.push(`%${options.search.toLowerCase()}%`);
  }
  if (options.data !== undefined) dataConditions(dialect, options.data, conditions, params);
  if (options.includeDisabled === false) conditions.push('disabled = 0');
  return combine(conditions, params);
}

const SORT_COLUMNS: Record<keyof JobsSort, string> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

/** ORDER BY with NULLs last in both dialects (MySQL and SQLite sort NULL first ascending). */
export function orderBy(dialect: SqlDialect, sort: JobsSort | undefined): string {
  const entries = Object.entries(sort ?? {}) as [keyof JobsSort, 'asc' | 'desc'][];
  const chosen = entries.length > 0 ? entries : ([['nextRunAt', 'desc'], ['lastRunAt', 'desc']] as const);
  return chosen
    .map(([key, direction]) => {
      const column = quoteIdentifier(dialect, SORT_COLUMNS[key]);
      return `${column} IS NULL, ${column} ${direction === 'asc' ? 'ASC' : 'DESC'}`;
    })
    .join(', ');
}
