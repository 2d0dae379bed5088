import fs from 'node:fs';
import path from 'node:path';
import { DataSource, type EntitySchema, type MigrationInterface } from 'typeorm';
import type { DatabaseConfig } from '../config/config.js';
import { ApiKeyEntity, OrganizationEntity, SessionEntity, UserEntity } from './entities/account.entities.js';
import { IdempotencyEntity, JobEntity, OrganizationTypeEntity } from './entities/job.entities.js';
import { LendingRequirementsEntity } from './entities/lending.entities.js';
import { LearnedLayoutEntity } from './entities/learned-layout.entities.js';
import { TemplateEntity, TemplateExtractionEntity } from './entities/template.entities.js';
import { WebhookConfigEntity, WebhookDeliveryEntity } from './entities/webhook.entities.js';
import { CreateCoreTables1763700000000 } from './migrations/1763700000000-CreateCoreTables.js';
import { CreateWebhookTables1763900000000 } from './migrations/1763900000000-CreateWebhookTables.js';
import { CreateLendingRequirements1764000000000 } from './migrations/1764000000000-CreateLendingRequirements.js';
import { DropWebhookOutboxMarks1764100000000 } from './migrations/1764100000000-DropWebhookOutboxMarks.js';
import { AddJobEngine1764200000000 } from './migrations/1764200000000-AddJobEngine.js';
import { AddJobOrganizationIndexes1764300000000 } from './migrations/1764300000000-AddJobOrganizationIndexes.js';
import { CreateTemplateTables1764400000000 } from './migrations/1764400000000-CreateTemplateTables.js';
import { sealWebhookHeaders, type WebhookSecretSealer } from './migrations/1764500000000-SealWebhookHeaders.js';
import { AddSessionUserIndex1764600000000 } from './migrations/1764600000000-AddSessionUserIndex.js';
import { AddJobAnalysis1764700000000 } from './migrations/1764700000000-AddJobAnalysis.js';
import { CreateLearnedLayouts1764800000000 } from './migrations/1764800000000-CreateLearnedLayouts.js';
import { AddJobPagesAndCorrection1764900000000 } from './migrations/1764900000000-AddJobPagesAndCorrection.js';

export const hostEntities: EntitySchema<any>[] = [
  OrganizationEntity,
  UserEntity,
  SessionEntity,
  ApiKeyEntity,
  JobEntity,
  IdempotencyEntity,
  OrganizationTypeEntity,
  WebhookConfigEntity,
  WebhookDeliveryEntity,
  LendingRequirementsEntity,
  TemplateEntity,
  TemplateExtractionEntity,
  LearnedLayoutEntity,
];

/** The host's migrations but SealWebhookHeaders1764500000000, which needs the webhook secrets' key: createDataSource adds it. */
export const hostMigrations = [
  CreateCoreTables1763700000000,
  CreateWebhookTables1763900000000,
  CreateLendingRequirements1764000000000,
  DropWebhookOutboxMarks1764100000000,
  AddJobEngine1764200000000,
  AddJobOrganizationIndexes1764300000000,
  CreateTemplateTables1764400000000,
  AddSessionUserIndex1764600000000,
  AddJobAnalysis1764700000000,
  CreateLearnedLayouts1764800000000,
  AddJobPagesAndCorrection1764900000000,
];

export interface DataSourceOptions {
  database: DatabaseConfig;
  /** The webhook secrets' key, for the migration that seals stored webhook headers (opened only when it has rows to seal). */
  webhookSecrets: () => WebhookSecretSealer;
  /** Entities and migrations other modules bring (the queue's tables). */
  extraEntities?: EntitySchema<any>[];
  extraMigrations?: Array<new () => MigrationInterface>;
}

const MIGRATION_LOCK = 'docsift_migrations';
const LOCK_WAIT_SECONDS = 120;

/** Builds (does not open) the TypeORM data source: a SQLite file in WAL mode, or MySQL/MariaDB. */
export function createDataSource(options: DataSourceOptions): DataSource {
  const entities = [...hostEntities, ...(options.extraEntities ?? [])];
  const migrations = [...hostMigrations, sealWebhookHeaders(options.webhookSecrets), ...(options.extraMigrations ?? [])];
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: false } as const;
  if (options.database.kind === 'mysql') {
    return new DataSource({
      ...common,
      type: 'mysql',
      url: options.database.url,
      timezone: 'Z',
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: false,
      poolSize: 10,
    });
  }
  fs.mkdirSync(path.dirname(options.database.file), { recursive: true, mode: 0o700 });
  return new DataSource({
    ...common,
    type: 'better-sqlite3',
    database: options.database.file,
    enableWAL: true,
    timeout: LOCK_WAIT_SECONDS * 1000,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('synchronous = NORMAL');
    },
  });
}

/**
 * Applies pending migrations while holding a lock, so two processes starting at once do not
 * both run them: MySQL GET_LOCK, or an exclusive SQLite transaction around the whole run.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type === 'mysql') return migrateMysql(dataSource);
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('BEGIN EXCLUSIVE');
    try {
      const applied = await dataSource.runMigrations({ transaction: 'none' });
      await runner.query('COMMIT');
      return applied.map((migration) => migration.name);
    } catch (error) {
      await runner.query('ROLLBACK');
      throw error;
    }
  } finally {
    await runner.release();
  }
}

async function migrateMysql(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS locked', [MIGRATION_LOCK, LOCK_WAIT_SECONDS])) as Array<{ locked: number | null }>;
    if (Number(row?.locked) !== 1) throw new Error(`Could not take the migration lock within ${LOCK_WAIT_SECONDS} s.`);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
