import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { SqlStatement } from '../persistence/sql.js';
import type { WakeSignal } from './wake-signal.js';

export interface JobQueueOptions {
  /** The host's DataSource: the queue's home when no queueUrl is given. */
  dataSource?: DataSource;
  /** redis://, postgres:// or mongodb:// puts the queue on Agenda's official backend. */
  queueUrl?: string;
  logger: Logger;
  /** Jobs this process runs at once (and locks at once, so others can take the rest). */
  concurrency: number;
  /** A lease: a lock older than this is claimable again. Running jobs renew it. */
  lockLifetimeMs: number;
  /** Attempts before a job fails for good (onFinalFailure). */
  maxAttempts: number;
  /** Delay before the first retry; doubled for each further one. */
  retryBaseMs: number;
  /** How often to look for due jobs (default 1000 ms); with a wake signal, the safety net for a lost wake. */
  processEveryMs?: number;
  /** Wakes idle workers when an entry is enqueued (in this process, and in others through its relay); none: polling only. */
  wakeSignal?: WakeSignal | null;
  /** Names this worker in the queue's lastModifiedBy (default host:pid). */
  workerName?: string;
  /** Table, collection or key prefix; each backend has its own default. */
  storeName?: string;
  /** How long stop() waits for running jobs before handing them back, unless told otherwise (default: as long as they take). */
  stopGraceMs?: number;
}

export interface JobContext {
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  maxAttempts: number;
  /** Renews the lease now and records progress (0..100); the queue also renews it on its own. */
  touch(progress?: number): Promise<void>;
  /**
   * Aborted when the queue stops without waiting for this job any longer: the handler should stop
   * and undo what its attempt started. The queue then hands the job back (another worker runs it
   * at once, and this run counts as no attempt), unless it was told to leave it to its lease.
   */
  signal: AbortSignal;
  /** True once the signal aborted because the queue hands this job back: undo the attempt instead of failing it. */
  handedBack(): boolean;
  /**
   * Runs the entry again at `runAt` instead of finishing it, when the handler then returns
   * normally: not an attempt, not a failure (a job waiting for its organization's turn).
   */
  deferUntil(runAt: Date): void;
}

/**
 * Handlers must be idempotent: a job whose worker died (or stalled past its lease) runs again
 * on another worker, possibly after part of its work was already done.
 */
export type JobHandler<DATA> = (data: DATA, context: JobContext) => Promise<void>;

export interface JobDefinitionOptions<DATA> {
  /** Called once, after the last attempt failed. If it throws, the entry stays failed in the queue. */
  onFinalFailure?: (data: DATA, error: Error) => Promise<void> | void;
}

export interface EnqueueOptions {
  /** Idempotency key: while an entry with this key exists, enqueuing it again adds nothing. */
  jobKey?: string;
  /** Run no earlier than this (default: now). */
  runAt?: Date;
}

export interface StopOptions {
  /** How long to wait for running jobs before giving up on them (default: the queue's stopGraceMs, else wait for all). */
  timeoutMs?: number;
  /** Stops waiting at once when aborted. */
  signal?: AbortSignal;
  /**
   * What happens to the jobs still running when the wait ends. `hand-back` (default): their handlers
   * are aborted and their entries released at once, not counted as attempts. `lapse`: they keep
   * their leases, which are no longer renewed, as when a worker dies.
   */
  leftRunning?: 'hand-back' | 'lapse';
}

export interface JobQueue {
  define<DATA>(name: string, handler: JobHandler<DATA>, options?: JobDefinitionOptions<DATA>): void;
  enqueue<DATA>(name: string, data: DATA, options?: EnqueueOptions): Promise<void>;
  /**
   * When the queue lives in the host's database: the statement that writes this entry there, for
   * the caller to run in its own transaction (a new job's row and its entry together). Else null.
   */
  entryStatement<DATA>(name: string, data: DATA, options?: EnqueueOptions): Promise<SqlStatement | null>;
  /** Wakes idle workers for an entry written with entryStatement, once its transaction has committed (enqueue wakes them itself). */
  wake(name: string): void;
  /** True while an entry with this key is waiting, running, or held by a lease. */
  hasPendingEntry(name: string, jobKey: string): Promise<boolean>;
  /** Resolves once the backend answers a trivial read; rejects when it cannot, or the queue is stopping or stopped (readiness). */
  probe(): Promise<void>;
  /** A recurring job (one entry for all processes), e.g. '1 hour' or milliseconds. */
  every(name: string, interval: string | number): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs at once, waits for running ones (up to timeoutMs), then hands back the rest; a second call waits for the first. */
  stop(options?: StopOptions): Promise<void>;
}
