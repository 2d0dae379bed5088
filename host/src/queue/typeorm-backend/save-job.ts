import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { JobParameters } from 'agenda';
import type { SqlStatement } from '../../persistence/sql.js';
import { timeOrderedUuid } from '../../persistence/time-ordered-id.js';
import type { QueueJobRow } from './queue-job.schema.js';
import { DEFINITION_COLUMNS, definitionValues, rowToJob } from './row-mapping.js';
import { isDuplicateKeyError, quoteIdentifier, runSql, toDbDate, type SqlDialect, type SqlParam } from './sql-dialect.js';

/** Everything saveJob needs to reach the table. */
export interface SaveContext {
  dataSource: DataSource;
  dialect: SqlDialect;
  table: string;
  lastModifiedBy: string | undefined;
}

/** Canonical JSON (sorted keys) so the same unique filter always hashes the same. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * One indexed column enforces both of Agenda's "only one" rules: a `single` job is unique by
 * name, a job with `unique` by name + filter. The UNIQUE index on it closes insert races.
 */
export function uniqueKeyOf(job: JobParameters): string | null {
  if (job.type === 'single') return createHash('sha256').update(`single\u0000${job.name}`).digest('hex');
  if (job.unique) {
    return createHash('sha256').update(`unique\u0000${job.name}\u0000${canonicalJson(job.unique)}`).digest('hex');
  }
  return null;
}

async function selectBy(ctx: SaveContext, column: 'id' | 'unique_key', value: string): Promise<QueueJobRow | undefined> {
  const table = quoteIdentifier(ctx.dialect, ctx.table);
  const result = await runSql<QueueJobRow>(ctx.dataSource, `SELECT * FROM ${table} WHERE ${column} = ?`, [value]);
  return result.rows[0];
}

/** The INSERT of a new row for `job` under a generated id. */
export function insertStatement(
  ctx: Omit<SaveContext, 'dataSource'>,
  job: JobParameters,
  uniqueKey: string | null,
): { id: string; statement: SqlStatement<SqlParam> } {
  const id = timeOrderedUuid();
  const columns = ['id', ...DEFINITION_COLUMNS, 'debounce_started_at', 'unique_key'];
  const params = [id, ...definitionValues(ctx.dialect, job, ctx.lastModifiedBy), toDbDate(ctx.dialect, job.debounceStartedAt), uniqueKey];
  const table = quoteIdentifier(ctx.dialect, ctx.table);
  return { id, statement: { sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, params } };
}

async function insertJob(ctx: SaveContext, job: JobParameters, uniqueKey: string | null): Promise<JobParameters> {
  const { id, statement: { sql, params } } = insertStatement(ctx, job, uniqueKey);
  await runSql(ctx.dataSource, sql, params);
  const row = await selectBy(ctx, 'id', id);
  return row ? rowToJob(row) : { ...job, _id: id as JobParameters['_id'] };
}

/** Rewrites the definition of the row whose `column` is `key` (and, by id, whose name matches). */
async function updateDefinition(
  ctx: SaveContext,
  job: JobParameters,
  column: 'id' | 'unique_key',
  key: string,
): Promise<QueueJobRow | undefined> {
  const table = quoteIdentifier(ctx.dialect, ctx.table);
  const assignments = [...DEFINITION_COLUMNS, 'debounce_started_at'].map((name) => `${name} = ?`).join(', ');
  const where = column === 'id' ? 'id = ? AND name = ?' : 'unique_key = ?';
  await runSql(ctx.dataSource, `UPDATE ${table} SET ${assignments} WHERE ${where}`, [
    ...definitionValues(ctx.dialect, job, ctx.lastModifiedBy),
    toDbDate(ctx.dialect, job.debounceStartedAt),
    key,
    ...(column === 'id' ? [job.name] : []),
  ]);
  return selectBy(ctx, column, key);
}

/** Debounce: push (trailing) or keep (leading) the run time of an existing unique job. */
function debounced(job: JobParameters, existing: JobParameters | undefined, now: Date): JobParameters {
  const debounce = job.uniqueOpts?.debounce;
  if (!debounce) return job;
  if (!existing) {
    const nextRunAt = debounce.strategy === 'leading' ? job.nextRunAt : new Date(now.getTime() + debounce.delay);
    return { ...job, nextRunAt, debounceStartedAt: now };
  }
  const startedAt = existing.debounceStartedAt ?? now;
  if (debounce.strategy === 'leading') return { ...job, nextRunAt: existing.nextRunAt, debounceStartedAt: startedAt };
  if (debounce.maxWait !== undefined && now.getTime() - startedAt.getTime() >= debounce.maxWait) {
    return { ...job, nextRunAt: now, debounceStartedAt: undefined };
  }
  return { ...job, nextRunAt: new Date(now.getTime() + debounce.delay), debounceStartedAt: startedAt };
}

/** A `single` job keeps an already-due run time rather than postponing it (as Agenda's Mongo backend). */
function singleMerged(job: JobParameters, existing: JobParameters): JobParameters {
  const protect = job.nextRunAt !== null && job.nextRunAt <= new Date() && existing.nextRunAt !== null;
  return protect ? { ...job, nextRunAt: existing.nextRunAt } : job;
}

async function upsertByKey(ctx: SaveContext, job: JobParameters, key: string, retried = false): Promise<JobParameters> {
  const existingRow = await selectBy(ctx, 'unique_key', key);
  const existing = existingRow ? rowToJob(existingRow) : undefined;
  if (existing && job.type !== 'single' && job.uniqueOpts?.insertOnly && !job.uniqueOpts.debounce) return existing;
  if (existing) {
    const merged = job.type === 'single' ? singleMerged(job, existing) : debounced(job, existing, new Date());
    const row = await updateDefinition(ctx, merged, 'unique_key', key);
    return row ? rowToJob(row) : merged;
  }
  try {
    return await insertJob(ctx, debounced(job, undefined, new Date()), key);
  } catch (error) {
    if (retried || !isDuplicateKeyError(error)) throw error;
    return upsertByKey(ctx, job, key, true);
  }
}

export async function saveJob(ctx: SaveContext, job: JobParameters): Promise<JobParameters> {
  if (job._id) {
    const row = await updateDefinition(ctx, job, 'id', String(job._id));
    return row && row.name === job.name ? rowToJob(row) : job;
  }
  const key = uniqueKeyOf(job);
  if (key !== null) return upsertByKey(ctx, job, key);
  return insertJob(ctx, job, null);
}
