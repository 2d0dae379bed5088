import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { AccountRepository } from '../persistence/account.repository.js';
import type { JobRepository } from '../persistence/job.repository.js';
import type { JobQueue } from '../queue/index.js';
import type { FileStore } from '../storage/file-store.js';
import { PROCESS_DOCUMENT } from './document.service.js';
import type { JobRecordCache } from './job-record-cache.js';

export const SWEEP_JOBS = 'sweep-jobs';
export const PURGE_EXPIRED = 'purge-expired';

const SWEEP_GRACE_MS = 60_000;
const BATCH = 200;
/**
 * A stored file no job holds, or a temporary file, this old is left over from a process that died
 * (between storing an upload and writing its job, mid-upload, or while an engine read a copy) and
 * is removed. Far longer than any request or engine run, so nothing in use is taken.
 */
export const LEFTOVER_AGE_MS = 6 * 3_600_000;
const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

export interface MaintenanceDeps {
  config: Config;
  jobRepository: JobRepository;
  accountRepository: AccountRepository;
  fileStore: FileStore;
  jobQueue: JobQueue;
  jobRecordCache: JobRecordCache;
  logger: Logger;
  clock: () => Date;
}

/** The scheduled jobs: re-enqueue jobs that lost their queue entry, and purge what retention ends. */
export class MaintenanceService {
  readonly #deps: MaintenanceDeps;

  constructor(deps: MaintenanceDeps) {
    this.#deps = deps;
  }

  /** A job written but never enqueued (a crash in between) gets its queue entry; returns how many. */
  async sweep(): Promise<number> {
    const { jobRepository, jobQueue, clock, config } = this.#deps;
    const now = clock().getTime();
    const stale = [
      ...(await jobRepository.listStale('pending', new Date(now - SWEEP_GRACE_MS), BATCH)),
      ...(await jobRepository.listStale('processing', new Date(now - 2 * config.jobs.lockLifetimeMs), BATCH)),
    ];
    let enqueued = 0;
    for (const job of stale) {
      if (await jobQueue.hasPendingEntry(PROCESS_DOCUMENT, job.id)) continue;
      await jobQueue.enqueue(PROCESS_DOCUMENT, { jobId: job.id }, { jobKey: job.id });
      enqueued += 1;
    }
    if (enqueued > 0) this.#deps.logger.warn({ enqueued }, 'sweeper re-enqueued jobs without a queue entry');
    return enqueued;
  }

  /**
   * Deletes jobs (rows and files) older than the retention period, old idempotency keys and
   * sessions, and what dead processes left behind: stored files no job holds and temporary files.
   */
  async purge(): Promise<{ jobs: number; idempotencyKeys: number; sessions: number; leftoverFiles: number }> {
    const { jobRepository, jobRecordCache, fileStore, accountRepository, clock, config } = this.#deps;
    const now = clock().getTime();
    const cutoff = new Date(now - config.retentionDays * 86_400_000);
    let jobs = 0;
    for (;;) {
      const batch = await jobRepository.listCreatedBefore(cutoff, BATCH);
      for (const job of batch) {
        await jobRepository.delete(job.id);
        jobRecordCache.evict(job.id);
        if (job.fileKey) await fileStore.delete(job.fileKey);
      }
      jobs += batch.length;
      if (batch.length < BATCH) break;
    }
    const idempotencyKeys = await jobRepository.deleteIdempotencyBefore(new Date(now - IDEMPOTENCY_WINDOW_MS));
    const sessions = await accountRepository.deleteSessionsExpiredBefore(new Date(now));
    const leftoverBefore = new Date(now - LEFTOVER_AGE_MS);
    const leftoverFiles = (await this.#removeUnheldFiles(leftoverBefore)) + (await removeFilesWrittenBefore(path.join(config.dataDir, 'tmp'), leftoverBefore));
    if (jobs > 0 || leftoverFiles > 0) this.#deps.logger.info({ jobs, idempotencyKeys, sessions, leftoverFiles, retentionDays: config.retentionDays }, 'retention purge');
    return { jobs, idempotencyKeys, sessions, leftoverFiles };
  }

  /** Stored files written before `moment` that no job holds. */
  async #removeUnheldFiles(moment: Date): Promise<number> {
    const { fileStore, jobRepository } = this.#deps;
    let removed = 0;
    const removeUnheld = async (keys: string[]) => {
      const held = await jobRepository.referencedFileKeys(keys);
      for (const key of keys) {
        if (held.has(key)) continue;
        await fileStore.delete(key);
        removed += 1;
      }
    };
    let batch: string[] = [];
    for await (const key of fileStore.keysWrittenBefore(moment)) {
      batch.push(key);
      if (batch.length === BATCH) {
        await removeUnheld(batch);
        batch = [];
      }
    }
    await removeUnheld(batch);
    return removed;
  }
}

/** Files under `folder` (and its subfolders) last written before `moment`; returns how many were removed. */
async function removeFilesWrittenBefore(folder: string, moment: Date): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      removed += await removeFilesWrittenBefore(full, moment);
    } else if (entry.isFile()) {
      const stat = await fs.stat(full).catch(() => null);
      if (stat && stat.mtime < moment) {
        await fs.rm(full, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
