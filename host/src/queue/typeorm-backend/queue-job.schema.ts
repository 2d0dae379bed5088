import { EntitySchema } from 'typeorm';

/** Default table of the queue entries; tests pass their own name to stay isolated. */
export const DEFAULT_QUEUE_TABLE = 'docsift_queue_jobs';

/** One row of the queue table, as the drivers return it (dates as Date or text). */
export interface QueueJobRow {
  id: string;
  name: string;
  priority: number;
  next_run_at: Date | string | null;
  type: string;
  locked_at: Date | string | null;
  last_finished_at: Date | string | null;
  failed_at: Date | string | null;
  fail_count: number | null;
  fail_reason: string | null;
  repeat_timezone: string | null;
  last_run_at: Date | string | null;
  repeat_interval: string | null;
  data: string | null;
  repeat_at: string | null;
  disabled: number | boolean;
  progress: number | null;
  fork: number | boolean;
  last_modified_by: string | null;
  debounce_started_at: Date | string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  skip_days: string | null;
  unique_key: string | null;
}

const dateColumn = { type: 'datetime', precision: 3, nullable: true, default: null } as const;

/**
 * The queue table as a TypeORM entity, so the host's DataSource knows it. The backend
 * itself speaks SQL to it; the migration in create-queue-jobs.migration.ts creates it.
 */
export function queueJobEntity(tableName: string = DEFAULT_QUEUE_TABLE): EntitySchema<QueueJobRow> {
  return new EntitySchema<QueueJobRow>({
    name: tableName,
    tableName,
    columns: {
      id: { type: 'varchar', length: 36, primary: true },
      name: { type: 'varchar', length: 255 },
      priority: { type: 'int', default: 0 },
      next_run_at: dateColumn,
      type: { type: 'varchar', length: 16 },
      locked_at: dateColumn,
      last_finished_at: dateColumn,
      failed_at: dateColumn,
      fail_count: { type: 'int', nullable: true, default: null },
      fail_reason: { type: 'text', nullable: true, default: null },
      repeat_timezone: { type: 'varchar', length: 64, nullable: true, default: null },
      last_run_at: dateColumn,
      repeat_interval: { type: 'varchar', length: 255, nullable: true, default: null },
      data: { type: 'text', nullable: true, default: null },
      repeat_at: { type: 'varchar', length: 255, nullable: true, default: null },
      disabled: { type: 'boolean', default: false },
      progress: { type: 'double', nullable: true, default: null },
      fork: { type: 'boolean', default: false },
      last_modified_by: { type: 'varchar', length: 255, nullable: true, default: null },
      debounce_started_at: dateColumn,
      start_date: dateColumn,
      end_date: dateColumn,
      skip_days: { type: 'varchar', length: 64, nullable: true, default: null },
      unique_key: { type: 'varchar', length: 64, nullable: true, default: null },
    },
    indices: [
      { name: `UQ_${tableName}_unique_key`, columns: ['unique_key'], unique: true },
      { name: `IDX_${tableName}_claim`, columns: ['name', 'next_run_at', 'priority'] },
      { name: `IDX_${tableName}_locked`, columns: ['locked_at'] },
    ],
  });
}
