import { toJobId } from 'agenda';
import type { JobParameters } from 'agenda';
import type { QueueJobRow } from './queue-job.schema.js';
import { fromDbDate, toDbDate, type SqlDialect, type SqlParam } from './sql-dialect.js';

function optional<T>(value: T | null | undefined): T | undefined {
  return value === null || value === undefined ? undefined : value;
}

function parseJson(text: string | null): unknown {
  return text === null || text === '' ? undefined : JSON.parse(text);
}

/** repeatInterval may be a number (ms) or a string ('5 minutes'); JSON keeps which. */
function parseRepeatInterval(text: string | null): string | number | undefined {
  if (text === null) return undefined;
  const value = parseJson(text);
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

export function rowToJob(row: QueueJobRow): JobParameters {
  return {
    _id: toJobId(row.id),
    name: row.name,
    priority: Number(row.priority),
    nextRunAt: fromDbDate(row.next_run_at) ?? null,
    type: row.type === 'single' ? 'single' : 'normal',
    lockedAt: fromDbDate(row.locked_at),
    lastFinishedAt: fromDbDate(row.last_finished_at),
    failedAt: fromDbDate(row.failed_at),
    failCount: optional(row.fail_count),
    failReason: optional(row.fail_reason),
    repeatTimezone: optional(row.repeat_timezone),
    lastRunAt: fromDbDate(row.last_run_at),
    repeatInterval: parseRepeatInterval(row.repeat_interval),
    data: parseJson(row.data),
    repeatAt: optional(row.repeat_at),
    disabled: Boolean(Number(row.disabled)),
    progress: row.progress === null ? undefined : Number(row.progress),
    fork: Boolean(Number(row.fork)),
    lastModifiedBy: optional(row.last_modified_by),
    debounceStartedAt: fromDbDate(row.debounce_started_at),
    startDate: fromDbDate(row.start_date),
    endDate: fromDbDate(row.end_date),
    skipDays: parseJson(row.skip_days) as number[] | undefined,
  };
}

/** The columns saveJob writes (never the lock or run bookkeeping, which saveJobState owns). */
export const DEFINITION_COLUMNS = [
  'name',
  'priority',
  'next_run_at',
  'type',
  'repeat_timezone',
  'repeat_interval',
  'data',
  'repeat_at',
  'disabled',
  'fork',
  'last_modified_by',
  'start_date',
  'end_date',
  'skip_days',
] as const;

export function definitionValues(
  dialect: SqlDialect,
  job: JobParameters,
  lastModifiedBy: string | undefined,
): SqlParam[] {
  return [
    job.name,
    job.priority ?? 0,
    toDbDate(dialect, job.nextRunAt),
    job.type,
    job.repeatTimezone ?? null,
    job.repeatInterval === undefined || job.repeatInterval === null ? null : JSON.stringify(job.repeatInterval),
    JSON.stringify(job.data ?? null),
    job.repeatAt ?? null,
    job.disabled ? 1 : 0,
    job.fork ? 1 : 0,
    lastModifiedBy ?? null,
    toDbDate(dialect, job.startDate),
    toDbDate(dialect, job.endDate),
    job.skipDays ? JSON.stringify(job.skipDays) : null,
  ];
}

/** The columns saveJobState writes: lock, run and failure bookkeeping. */
export const STATE_COLUMNS = [
  'locked_at',
  'next_run_at',
  'last_run_at',
  'progress',
  'fail_reason',
  'fail_count',
  'failed_at',
  'last_finished_at',
  'last_modified_by',
] as const;

export function stateValues(dialect: SqlDialect, job: JobParameters, lastModifiedBy: string | undefined): SqlParam[] {
  return [
    toDbDate(dialect, job.lockedAt),
    toDbDate(dialect, job.nextRunAt),
    toDbDate(dialect, job.lastRunAt),
    job.progress ?? null,
    job.failReason ?? null,
    job.failCount ?? null,
    toDbDate(dialect, job.failedAt),
    toDbDate(dialect, job.lastFinishedAt),
    lastModifiedBy ?? null,
  ];
}
