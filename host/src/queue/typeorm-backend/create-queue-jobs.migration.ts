import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_QUEUE_TABLE } from './queue-job.schema.js';
import { dialectOf } from './sql-dialect.js';

function sqliteStatements(table: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${table}" (
      "id" varchar(36) PRIMARY KEY NOT NULL,
      "name" varchar(255) NOT NULL,
      "priority" integer NOT NULL DEFAULT 0,
      "next_run_at" datetime(3) NULL,
      "type" varchar(16) NOT NULL,
      "locked_at" datetime(3) NULL,
      "last_finished_at" datetime(3) NULL,
      "failed_at" datetime(3) NULL,
      "fail_count" integer NULL,
      "fail_reason" text NULL,
      "repeat_timezone" varchar(64) NULL,
      "last_run_at" datetime(3) NULL,
      "repeat_interval" varchar(255) NULL,
      "data" text NULL,
      "repeat_at" varchar(255) NULL,
      "disabled" boolean NOT NULL DEFAULT 0,
      "progress" double NULL,
      "fork" boolean NOT NULL DEFAULT 0,
      "last_modified_by" varchar(255) NULL,
      "debounce_started_at" datetime(3) NULL,
      "start_date" datetime(3) NULL,
      "end_date" datetime(3) NULL,
      "skip_days" varchar(64) NULL,
      "unique_key" varchar(64) NULL
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS "UQ_${table}_unique_key" ON "${table}" ("unique_key")`,
    `CREATE INDEX IF NOT EXISTS "IDX_${table}_claim" ON "${table}" ("name", "next_run_at", "priority")`,
    `CREATE INDEX IF NOT EXISTS "IDX_${table}_locked" ON "${table}" ("locked_at")`,
  ];
}

/** MySQL 8 has no CREATE INDEX IF NOT EXISTS, so the indexes live inside CREATE TABLE. */
function mysqlStatements(table: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS \`${table}\` (
      \`id\` varchar(36) NOT NULL,
      \`name\` varchar(255) NOT NULL,
      \`priority\` int NOT NULL DEFAULT 0,
      \`next_run_at\` datetime(3) NULL,
      \`type\` varchar(16) NOT NULL,
      \`locked_at\` datetime(3) NULL,
      \`last_finished_at\` datetime(3) NULL,
      \`failed_at\` datetime(3) NULL,
      \`fail_count\` int NULL,
      \`fail_reason\` text NULL,
      \`repeat_timezone\` varchar(64) NULL,
      \`last_run_at\` datetime(3) NULL,
      \`repeat_interval\` varchar(255) NULL,
      \`data\` text NULL,
      \`repeat_at\` varchar(255) NULL,
      \`disabled\` tinyint NOT NULL DEFAULT 0,
      \`progress\` double NULL,
      \`fork\` tinyint NOT NULL DEFAULT 0,
      \`last_modified_by\` varchar(255) NULL,
      \`debounce_started_at\` datetime(3) NULL,
      \`start_date\` datetime(3) NULL,
      \`end_date\` datetime(3) NULL,
      \`skip_days\` varchar(64) NULL,
      \`unique_key\` varchar(64) NULL,
      PRIMARY KEY (\`id\`),
      UNIQUE KEY \`UQ_${table}_unique_key\` (\`unique_key\`),
      KEY \`IDX_${table}_claim\` (\`name\`, \`next_run_at\`, \`priority\`),
      KEY \`IDX_${table}_locked\` (\`locked_at\`)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  ];
}

function dropStatement(queryRunner: QueryRunner, table: string): string {
  return dialectOf(queryRunner.connection) === 'mysql'
    ? `DROP TABLE IF EXISTS \`${table}\``
    : `DROP TABLE IF EXISTS "${table}"`;
}

/**
 * Builds the migration that creates a queue table. Idempotent (IF NOT EXISTS), so a second
 * process starting at the same time, or a rerun after a crash, does no harm.
 */
export function queueJobsMigrationFor(table: string): new () => MigrationInterface {
  return class CreateQueueJobs implements MigrationInterface {
    readonly name = 'CreateQueueJobs1763719200000';

    async up(queryRunner: QueryRunner): Promise<void> {
      const statements =
        dialectOf(queryRunner.connection) === 'mysql' ? mysqlStatements(table) : sqliteStatements(table);
      for (const statement of statements) await queryRunner.query(statement);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(dropStatement(queryRunner, table));
    }
  };
}

/** The migration for the default queue table, registered with the host's DataSource. */
export const CreateQueueJobs1763719200000 = queueJobsMigrationFor(DEFAULT_QUEUE_TABLE);
