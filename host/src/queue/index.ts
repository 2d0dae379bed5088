import { CreateQueueJobs1763719200000, queueJobEntity } from './typeorm-backend/index.js';

export * from './typeorm-backend/index.js';
export { createJobQueue, JobHandedBackError } from './job-queue.js';
export { createQueueBackend, queueBackendKind, type QueueBackendKind, type QueueBackendOptions } from './queue-backends.js';
export type {
  EnqueueOptions,
  JobContext,
  JobDefinitionOptions,
  JobHandler,
  JobQueue,
  JobQueueOptions,
  StopOptions,
} from './job-queue.types.js';
export { createWakeSignal, type Wake, type WakeSignal, type WakeSignalOptions } from './wake-signal.js';

/** Entity schemas the host's DataSource registers for the queue. */
export const queueEntities = [queueJobEntity()];
/** Migrations the host's DataSource runs for the queue (SQLite and MySQL/MariaDB). */
export const queueMigrations = [CreateQueueJobs1763719200000];
