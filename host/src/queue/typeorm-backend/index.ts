export { TypeormBackend } from './typeorm-backend.js';
export { TypeormJobRepository, type TypeormJobRepositoryOptions } from './typeorm-job-repository.js';
export { type MysqlClaimStrategy } from './job-claim.js';
export { DEFAULT_QUEUE_TABLE, queueJobEntity, type QueueJobRow } from './queue-job.schema.js';
export { CreateQueueJobs1763719200000, queueJobsMigrationFor } from './create-queue-jobs.migration.js';
