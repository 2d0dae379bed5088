import type { DataSource } from 'typeorm';
import type { QueueJobRow } from './queue-job.schema.js';
import { runSql, toDbDate, type SqlDialect, type SqlParam } from './sql-dialect.js';

/**
 * How a worker claims the next due job on MySQL: `skip-locked` (MySQL >= 8.0.1, MariaDB >= 10.6)
 * or `compare-and-set` for older servers. SQLite always uses one UPDATE … RETURNING.
 */
export type MysqlClaimStrategy = 'skip-locked' | 'compare-and-set';

export interface ClaimRequest {
  jobName: string;
  nextScanAt: Date;
  lockDeadline: Date;
  now: Date;
  lastModifiedBy: string | null;
}

const ORDER = 'next_run_at IS NULL, next_run_at ASC, priority DESC';
/** Due and unlocked, or locked by a lease that expired (its worker died or stalled). */
const CLAIMABLE = 'name = ? AND disabled = 0 AND ((locked_at IS NULL AND next_run_at <= ?) OR locked_at <= ?)';
const CAS_CANDIDATES = 5;

function claimableParams(dialect: SqlDialect, request: ClaimRequest): SqlParam[] {
  return [request.jobName, toDbDate(dialect, request.nextScanAt), toDbDate(dialect, request.lockDeadline)];
}

/** SQLite serialises writers, so one statement both picks and locks the row. */
async function claimOnSqlite(dataSource: DataSource, table: string, request: ClaimRequest): Promise<QueueJobRow | undefined> {
  const result = await runSql<QueueJobRow>(
    dataSource,
    `UPDATE "${table}" SET locked_at = ?, last_modified_by = ?
      WHERE id = (SELECT id FROM "${table}" WHERE ${CLAIMABLE} ORDER BY ${ORDER} LIMIT 1)
      RETURNING *`,
    [toDbDate('sqlite', request.now), request.lastModifiedBy, ...claimableParams('sqlite', request)],
  );
  return result.rows[0];
}

/** InnoDB may pick a claim transaction as a deadlock victim (index locks); it is safe to run again. */
function isRetryableLockError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: string }).code ?? ''}` : '';
  return /ER_LOCK_DEADLOCK|Deadlock found|ER_LOCK_WAIT_TIMEOUT/.test(text);
}

const CLAIM_TRIES = 4;

async function claimWithSkipLocked(dataSource: DataSource, table: string, request: ClaimRequest): Promise<QueueJobRow | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await skipLockedTransaction(dataSource, table, request);
    } catch (error) {
      if (attempt >= CLAIM_TRIES || !isRetryableLockError(error)) throw error;
    }
  }
}

async function skipLockedTransaction(dataSource: DataSource, table: string, request: ClaimRequest): Promise<QueueJobRow | undefined> {
  // READ COMMITTED: no gap locks, so concurrent claims lock only the rows they pick.
  return dataSource.transaction('READ COMMITTED', async (manager) => {
    const picked = await runSql<{ id: string }>(
      manager,
      `SELECT id FROM \`${table}\` WHERE ${CLAIMABLE} ORDER BY ${ORDER} LIMIT 1 FOR UPDATE SKIP LOCKED`,
      claimableParams('mysql', request),
    );
    const id = picked.rows[0]?.id;
    if (id === undefined) return undefined;
    await runSql(manager, `UPDATE \`${table}\` SET locked_at = ?, last_modified_by = ? WHERE id = ?`, [
      request.now,
      request.lastModifiedBy,
      id,
    ]);
    const locked = await runSql<QueueJobRow>(manager, `SELECT * FROM \`${table}\` WHERE id = ?`, [id]);
    return locked.rows[0];
  });
}

/**
 * Reads a few candidates without locks, then wins one only if an UPDATE that re-checks the
 * claim condition changes exactly that row; a lost race moves on to the next candidate.
 */
async function claimWithCompareAndSet(dataSource: DataSource, table: string, request: ClaimRequest): Promise<QueueJobRow | undefined> {
  const candidates = await runSql<{ id: string }>(
    dataSource,
    `SELECT id FROM \`${table}\` WHERE ${CLAIMABLE} ORDER BY ${ORDER} LIMIT ${CAS_CANDIDATES}`,
    claimableParams('mysql', request),
  );
  for (const { id } of candidates.rows) {
    const won = await runSql(
      dataSource,
      `UPDATE \`${table}\` SET locked_at = ?, last_modified_by = ? WHERE id = ? AND ${CLAIMABLE}`,
      [request.now, request.lastModifiedBy, id, ...claimableParams('mysql', request)],
    ).catch((error: unknown) => {
      if (isRetryableLockError(error)) return { rows: [], affected: 0 };
      throw error;
    });
    if (won.affected === 1) {
      const locked = await runSql<QueueJobRow>(dataSource, `SELECT * FROM \`${table}\` WHERE id = ?`, [id]);
      return locked.rows[0];
    }
  }
  return undefined;
}

export async function claimNextJob(
  dataSource: DataSource,
  dialect: SqlDialect,
  strategy: MysqlClaimStrategy,
  table: string,
  request: ClaimRequest,
): Promise<QueueJobRow | undefined> {
  if (dialect === 'sqlite') return claimOnSqlite(dataSource, table, request);
  if (strategy === 'skip-locked') return claimWithSkipLocked(dataSource, table, request);
  return claimWithCompareAndSet(dataSource, table, request);
}

/** MySQL >= 8.0.1 and MariaDB >= 10.6 understand SKIP LOCKED. */
export function strategyForVersion(version: string): MysqlClaimStrategy {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  if (/mariadb/i.test(version)) return major > 10 || (major === 10 && minor >= 6) ? 'skip-locked' : 'compare-and-set';
  return major > 8 || (major === 8 && (minor > 0 || patch >= 1)) ? 'skip-locked' : 'compare-and-set';
}
