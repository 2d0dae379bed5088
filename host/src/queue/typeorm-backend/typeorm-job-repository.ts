import { computeJobState } from 'agenda';
import type {
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  JobWithState,
  RemoveJobsOptions,
} from 'agenda';
import type { DataSource } from 'typeorm';
import type { SqlStatement } from '../../persistence/sql.js';
import { claimNextJob, strategyForVersion, type MysqlClaimStrategy } from './job-claim.js';
import { matchesData, orderBy, queryFilter, removeFilter, type WhereClause } from './job-filters.js';
import { DEFAULT_QUEUE_TABLE, type QueueJobRow } from './queue-job.schema.js';
import { rowToJob, STATE_COLUMNS, stateValues } from './row-mapping.js';
import { insertStatement, saveJob, uniqueKeyOf } from './save-job.js';
import { dialectOf, quoteIdentifier, runSql, toDbDate, type SqlDialect } from './sql-dialect.js';

export interface TypeormJobRepositoryOptions {
  /** Queue table; defaults to the table the bundled migration creates. */
  tableName?: string;
  /** MySQL only: force a claim strategy instead of choosing by server version. */
  mysqlClaimStrategy?: MysqlClaimStrategy;
}

/**
 * Agenda's JobRepository over a TypeORM DataSource (SQLite or MySQL/MariaDB). The table is
 * created by the queue migration; this class only reads and writes rows with plain SQL.
 */
export class TypeormJobRepository implements JobRepository {
  readonly tableName: string;
  readonly dialect: SqlDialect;
  private claimStrategy: MysqlClaimStrategy;
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: TypeormJobRepositoryOptions = {},
  ) {
    this.tableName = options.tableName ?? DEFAULT_QUEUE_TABLE;
    this.dialect = dialectOf(dataSource);
    this.table = quoteIdentifier(this.dialect, this.tableName);
    this.claimStrategy = options.mysqlClaimStrategy ?? 'skip-locked';
  }

  /** The strategy getNextJobToRun uses on MySQL (after connect, chosen by server version). */
  get mysqlClaimStrategy(): MysqlClaimStrategy {
    return this.claimStrategy;
  }

  async connect(): Promise<void> {
    if (!this.dataSource.isInitialized) await this.dataSource.initialize();
    if (this.dialect === 'mysql' && this.options.mysqlClaimStrategy === undefined) {
      const result = await runSql<{ version: string }>(this.dataSource, 'SELECT VERSION() AS version');
      this.claimStrategy = strategyForVersion(result.rows[0]?.version ?? '');
    }
    await runSql(this.dataSource, `SELECT COUNT(*) AS n FROM ${this.table} WHERE 1 = 0`).catch((error: unknown) => {
      throw new Error(`queue table ${this.tableName} is missing: run the migrations first (${String(error)})`);
    });
  }

  private async select(where: WhereClause, order = ''): Promise<JobParameters[]> {
    const sql = `SELECT * FROM ${this.table} WHERE ${where.sql}${order ? ` ORDER BY ${order}` : ''}`;
    const result = await runSql<QueueJobRow>(this.dataSource, sql, where.params);
    return result.rows.map(rowToJob);
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const now = new Date();
    const rows = await this.select(queryFilter(this.dialect, options), orderBy(this.dialect, options.sort));
    const withState = rows
      .filter((job) => options.data === undefined || matchesData(job.data, options.data))
      .map((job) => ({ ...job, state: computeJobState(job, now) }) as JobWithState)
      .filter((job) => !options.state || (options.state === 'paused' ? job.disabled === true : job.state === options.state));
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    const page = limit > 0 ? withState.slice(skip, skip + limit) : withState.slice(skip);
    return { jobs: page, total: withState.length };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const now = new Date();
    const { jobs } = await this.queryJobs();
    const byName = new Map<string, JobsOverview>();
    for (const job of jobs) {
      const overview = byName.get(job.name) ?? emptyOverview(job.name);
      overview.total += 1;
      overview[computeJobState(job, now)] += 1;
      if (job.disabled) overview.paused += 1;
      byName.set(job.name, overview);
    }
    return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async getDistinctJobNames(): Promise<string[]> {
    const result = await runSql<{ name: string }>(this.dataSource, `SELECT DISTINCT name FROM ${this.table} ORDER BY name`);
    return result.rows.map((row) => row.name);
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const [job] = await this.select({ sql: 'id = ?', params: [id] });
    return job ?? null;
  }

  async getQueueSize(): Promise<number> {
    const result = await runSql<{ n: number | string }>(
      this.dataSource,
      `SELECT COUNT(*) AS n FROM ${this.table} WHERE next_run_at < ?`,
      [toDbDate(this.dialect, new Date())],
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Ids matching a remove/disable filter; data filters are checked exactly in JavaScript. */
  private async matchingIds(options: RemoveJobsOptions): Promise<string[] | null> {
    const where = removeFilter(this.dialect, options);
    if (where === null) return null;
    const jobs = await this.select(where);
    return jobs.filter((job) => options.data === undefined || matchesData(job.data, options.data)).map((job) => String(job._id));
  }

  /** Runs `statement` (ending in `WHERE id IN`) for these ids; returns the rows it changed. */
  private async forIds(statement: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const sql = `${statement} (${ids.map(() => '?').join(', ')})`;
    return (await runSql(this.dataSource, sql, ids)).affected;
  }

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const ids = await this.matchingIds(options);
    return ids === null ? 0 : this.forIds(`DELETE FROM ${this.table} WHERE id IN`, ids);
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    const ids = await this.matchingIds(options);
    return ids === null ? 0 : this.forIds(`UPDATE ${this.table} SET disabled = 1 WHERE id IN`, ids);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    const ids = await this.matchingIds(options);
    return ids === null ? 0 : this.forIds(`UPDATE ${this.table} SET disabled = 0 WHERE id IN`, ids);
  }

  async purgeAllJobs(): Promise<number> {
    return (await runSql(this.dataSource, `DELETE FROM ${this.table}`)).affected;
  }

  /** The INSERT that writes `job` as a new entry, for a caller to run in its own transaction on this database. */
  insertStatement(job: JobParameters, lastModifiedBy: string | undefined): SqlStatement {
    return insertStatement({ dialect: this.dialect, table: this.tableName, lastModifiedBy }, job, uniqueKeyOf(job)).statement;
  }

  async saveJob<DATA = unknown>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined): Promise<JobParameters<DATA>> {
    const context = { dataSource: this.dataSource, dialect: this.dialect, table: this.tableName, lastModifiedBy: options?.lastModifiedBy };
    return (await saveJob(context, job as JobParameters)) as JobParameters<DATA>;
  }

  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) throw new Error('cannot save the state of a job without an id');
    const assignments = STATE_COLUMNS.map((column) => `${column} = ?`).join(', ');
    const result = await runSql(this.dataSource, `UPDATE ${this.table} SET ${assignments} WHERE id = ? AND name = ?`, [
      ...stateValues(this.dialect, job, options?.lastModifiedBy),
      String(job._id),
      job.name,
    ]);
    // MySQL reports changed rows, not matched ones: an identical rewrite changes nothing.
    if (result.affected === 1 || (result.affected === 0 && (await this.exists(String(job._id), job.name)))) return;
    throw new Error(`job ${job._id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`);
  }

  private async exists(id: string, name: string): Promise<boolean> {
    const result = await runSql(this.dataSource, `SELECT id FROM ${this.table} WHERE id = ? AND name = ?`, [id, name]);
    return result.rows.length === 1;
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id || !job.nextRunAt) return undefined;
    const result = await runSql(
      this.dataSource,
      `UPDATE ${this.table} SET locked_at = ?, last_modified_by = ?
        WHERE id = ? AND name = ? AND locked_at IS NULL AND next_run_at = ? AND disabled = 0`,
      [toDbDate(this.dialect, new Date()), options?.lastModifiedBy ?? null, String(job._id), job.name, toDbDate(this.dialect, job.nextRunAt)],
    );
    if (result.affected !== 1) return undefined;
    return (await this.getJobById(String(job._id))) ?? undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (!job._id) return;
    await runSql(this.dataSource, `UPDATE ${this.table} SET locked_at = NULL WHERE id = ? AND next_run_at IS NOT NULL`, [String(job._id)]);
  }

  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    await this.forIds(`UPDATE ${this.table} SET locked_at = NULL WHERE id IN`, jobIds.map(String));
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const row = await claimNextJob(this.dataSource, this.dialect, this.claimStrategy, this.tableName, {
      jobName,
      nextScanAt,
      lockDeadline,
      now: now ?? new Date(),
      lastModifiedBy: options?.lastModifiedBy ?? null,
    });
    return row ? rowToJob(row) : undefined;
  }
}

function emptyOverview(name: string): JobsOverview {
  return { name, total: 0, running: 0, scheduled: 0, queued: 0, completed: 0, failed: 0, repeating: 0, paused: 0 };
}
