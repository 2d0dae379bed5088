import type { Job } from 'agenda';
import type { Logger } from 'pino';

/**
 * Renews a running job's lease (its lockedAt) on a timer, so only a worker that died or
 * stalled lets the lease lapse. Keeps the last progress so a renewal does not erase it.
 */
export class LeaseKeeper {
  private progress: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly job: Job,
    renewEveryMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.renew(), renewEveryMs);
    this.timer.unref();
  }

  async touch(progress?: number): Promise<void> {
    if (progress !== undefined) this.progress = progress;
    await this.job.touch(this.progress);
  }

  private async renew(): Promise<void> {
    try {
      await this.job.touch(this.progress);
    } catch (error) {
      this.logger.warn({ err: error, job: this.job.attrs.name, entryId: String(this.job.attrs._id) }, 'could not renew the job lease');
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
