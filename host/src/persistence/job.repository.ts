import { In, IsNull, LessThan, Not, type DataSource, type Repository } from 'typeorm';
import { RawInsert, RawLookup } from './raw-lookup.js';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { IdempotencyEntity, JOB_TRANSITIONS, JobEntity, type IdempotencyRecord, type Job, type JobStatus } from './entities/job.entities.js';
import { TemplateExtractionEntity } from './entities/template.entities.js';
import { WebhookDeliveryEntity, type WebhookDelivery } from './entities/webhook.entities.js';
import { guardedWrite, type WriteStatement } from './guarded-write.js';
import { readNewestFirst } from './pagination.js';
import type { Page, PageRequest } from '../common/pagination.js';
import { batchPerTurn } from '../common/per-turn-batch.js';

const STATUSES = Object.keys(JOB_TRANSITIONS) as JobStatus[];
const sourcesOf = (to: JobStatus) => STATUSES.filter((status) => JOB_TRANSITIONS[status].includes(to));

/** What a job listing narrows to, beside its organization; absent members do not filter. */
export interface JobListFilter {
  services: readonly string[];
  status?: JobStatus;
  documentType?: string;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdTo?: Date;
}

/** The columns a listing shows: the record without its results, which can be large. */
const LISTED_COLUMNS = [
  'id',
  'organizationId',
  'service',
  'status',
  'progress',
  'fileName',
  'fileType',
  'documentType',
  'engine',
  'error',
  'createdAt',
  'updatedAt',
  'completedAt',
] as const satisfies ReadonlyArray<keyof Job>;

export type ListedJob = Pick<Job, (typeof LISTED_COLUMNS)[number]>;

/** Job rows and the idempotency keys that point at them. */
export class JobRepository {
  readonly #dataSource: DataSource;
  readonly #jobs: Repository<Job>;
  readonly #idempotency: Repository<IdempotencyRecord>;
  readonly #lookup: RawLookup<Job>;
  readonly #insert: RawInsert<Job>;
  /** `existsUncorrectedForOrganization`'s checks, one query per turn of the event loop. */
  readonly #uncorrected = batchPerTurn(
    async (jobs: Array<{ organizationId: string; id: string }>) => {
      const rows = await this.#lookup.columnsWhereIn(['id', 'organization_id'], 'id', jobs.map((job) => job.id), 'corrected_at IS NULL');
      const owners = new Map(rows.map((row) => [row.id, row.organization_id]));
      return jobs.map((job) => owners.get(job.id) === job.organizationId);
    },
    (job) => `${job.organizationId}\u0000${job.id}`,
  );

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
    this.#lookup = new RawLookup(dataSource, JobEntity);
    this.#insert = new RawInsert(dataSource, JobEntity);
    this.#jobs = dataSource.getRepository(JobEntity);
    this.#idempotency = dataSource.getRepository(IdempotencyEntity);
  }

  /** The job row with its idempotency record and `others` (its queue entry), in one transaction. */
  async insertWith(job: Job, idempotency: IdempotencyRecord | null, others: WriteStatement[]): Promise<void> {
    const record = idempotency ? [this.#idempotency.createQueryBuilder().insert().into(IdempotencyEntity).values(idempotency)] : [];
    await guardedWrite(this.#dataSource, this.#insert.statement(job), [...record, ...others]);
  }

  find(id: string): Promise<Job | null> {
    return this.#jobs.findOneBy({ id });
  }

  findForOrganization(organizationId: string, id: string): Promise<Job | null> {
    return this.#lookup.findOne('id = ? AND organization_id = ?', [id, organizationId]);
  }

  /**
   * Whether the organization has the job with no correction stored: the check before a cached record
   * is served (only uncorrected records are cached; a correction by any process stops the cached one).
   * The checks asked in one turn of the event loop share one query, made after the last was asked
   * (each SQLite read costs its file-lock system calls, more than the lookup itself).
   */
  existsUncorrectedForOrganization(organizationId: string, id: string): Promise<boolean> {
    return this.#uncorrected({ organizationId, id });
  }

  /** The organization's jobs newest first, a page at a time (common/pagination.ts). */
  listForOrganization(organizationId: string, filter: JobListFilter, page: PageRequest): Promise<Page<ListedJob>> {
    const query = this.#jobs
      .createQueryBuilder('job')
      .select(LISTED_COLUMNS.map((column) => `job.${column}`))
      .where('job.organization_id = :organizationId AND job.service IN (:...services)', { organizationId, services: filter.services });
    if (filter.status) query.andWhere('job.status = :status', { status: filter.status });
    if (filter.documentType) query.andWhere('job.document_type = :documentType', { documentType: filter.documentType });
    if (filter.createdFrom) query.andWhere('job.created_at >= :createdFrom', { createdFrom: filter.createdFrom });
    if (filter.createdTo) query.andWhere('job.created_at < :createdTo', { createdTo: filter.createdTo });
    return readNewestFirst(query, page);
  }

  /** Applies a change only while the job is in one of `from` (a compare-and-set on status). */
  async update(id: string, from: readonly JobStatus[], change: Partial<Job>): Promise<boolean> {
    const result = await this.#updateWhere(id, from, change).execute();
    return (result.affected ?? 0) > 0;
  }

  /** Moves a job to `to` (with other changes) if the transition table allows it from its current status. */
  transition(id: string, to: JobStatus, change: Partial<Job> = {}): Promise<boolean> {
    return this.update(id, sourcesOf(to), { ...change, status: to });
  }

  /**
   * Starts an attempt: moves the job to `processing` and counts the attempt on the row, unless
   * another worker did so since the job was read with `attempts` behind it.
   */
  async startAttempt(id: string, attempts: number, change: Partial<Job>): Promise<boolean> {
    const result = await this.#updateWhere(id, sourcesOf('processing'), { ...change, status: 'processing', attempts: attempts + 1 })
      .andWhere('attempts = :attempts', { attempts })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Writes a job's outcome and its webhook deliveries in one transaction: the transition (as
   * `transition`) and the delivery rows are written together or not at all. False, with nothing
   * written, when the job can no longer move to `to` (already finished, or deleted).
   */
  finish(id: string, to: 'completed' | 'failed', change: Partial<Job>, deliveries: WebhookDelivery[]): Promise<boolean> {
    return guardedWrite(this.#dataSource, this.#updateWhere(id, sourcesOf(to), { ...change, status: to }), this.#deliveryInserts(deliveries));
  }

  /**
   * Stores or removes a completed job's correction and, in the same transaction, the webhook
   * deliveries it causes. False, with nothing written, when the job is not completed (or is gone).
   */
  correct(id: string, correction: Pick<Job, 'correctedData' | 'correctedAt' | 'correctedBy'>, deliveries: WebhookDelivery[]): Promise<boolean> {
    return guardedWrite(this.#dataSource, this.#updateWhere(id, ['completed'], correction), this.#deliveryInserts(deliveries));
  }

  #deliveryInserts(deliveries: WebhookDelivery[]): WriteStatement[] {
    return deliveries.map((delivery) =>
      this.#dataSource.createQueryBuilder().insert().into(WebhookDeliveryEntity).values(delivery as QueryDeepPartialEntity<WebhookDelivery>),
    );
  }

  #updateWhere(id: string, from: readonly JobStatus[], change: Partial<Job>) {
    return this.#jobs
      .createQueryBuilder()
      .update()
      .set(change as QueryDeepPartialEntity<Job>)
      .where('id = :id AND status IN (:...from)', { id, from });
  }

  /**
   * Deletes the job and, in the same transaction, its idempotency record, its extraction-by-template
   * row (the document as read) and its data in webhook deliveries: a submission webhookUrl's rows go
   * (no delivery log shows them), a configuration's keep their log entry with an empty payload (a
   * pending one then fails at its next attempt, WebhookDeliveryRunner). Nothing half-deleted is left
   * when the process or the database fails midway.
   */
  async delete(id: string): Promise<void> {
    const builder = () => this.#dataSource.createQueryBuilder();
    await guardedWrite(this.#dataSource, builder().delete().from(JobEntity).where({ id }), [
      builder().delete().from(IdempotencyEntity).where({ jobId: id }),
      builder().delete().from(TemplateExtractionEntity).where({ jobId: id }),
      builder().delete().from(WebhookDeliveryEntity).where({ jobId: id, webhookId: IsNull() }),
      builder().update(WebhookDeliveryEntity).set({ payload: {} } as QueryDeepPartialEntity<WebhookDelivery>).where({ jobId: id }),
    ]);
  }

  /** Jobs still in `status` that were last touched before `moment`, oldest first. */
  listStale(status: JobStatus, moment: Date, limit: number): Promise<Job[]> {
    return this.#jobs.find({ where: { status, updatedAt: LessThan(moment) }, order: { updatedAt: 'ASC' }, take: limit });
  }

  /**
   * `startAttempt`, only while the organization runs fewer than `cap` jobs: jobs in `processing`
   * whose row was touched since `liveSince` (a live attempt touches it every third of a lease),
   * counted in the same statement, so two workers in any processes never both take the last place.
   * `busy` when the cap stopped it; `lost` when another worker started the job since it was read.
   */
  async startAttemptWithinCap(
    id: string,
    attempts: number,
    change: Partial<Job>,
    { organizationId, cap, liveSince }: { organizationId: string; cap: number; liveSince: Date },
  ): Promise<'started' | 'busy' | 'lost'> {
    // The count is a derived table of its own: MySQL reads the updated table in a subquery only so.
    const running = 'SELECT live.n FROM (SELECT COUNT(*) AS n FROM jobs WHERE organization_id = :organizationId AND status = :running AND updated_at >= :liveSince) live';
    try {
      const result = await this.#updateWhere(id, sourcesOf('processing'), { ...change, status: 'processing', attempts: attempts + 1 })
        .andWhere('attempts = :attempts', { attempts })
        .andWhere(`(${running}) < :cap`, { organizationId, running: 'processing', liveSince, cap })
        .execute();
      if ((result.affected ?? 0) > 0) return 'started';
    } catch (error) {
      // Two starts of one organization at once can deadlock on MySQL: the one refused waits, as when busy.
      if (!isLockConflict(error)) throw error;
    }
    const now = await this.#lookup.findOne('id = ?', [id]);
    return now && now.attempts === attempts && sourcesOf('processing').includes(now.status) ? 'busy' : 'lost';
  }

  /** The id of the organization's oldest pending job that no attempt has started, if any. */
  async oldestNeverStarted(organizationId: string): Promise<string | null> {
    const job = await this.#jobs.findOne({ where: { organizationId, status: 'pending', attempts: 0 }, order: { createdAt: 'ASC' }, select: { id: true } });
    return job?.id ?? null;
  }

  /** Bytes of the files the organization's jobs keep. */
  async storedBytes(organizationId: string): Promise<number> {
    return Number((await this.#jobs.sum('fileSize', { organizationId, fileKey: Not(IsNull()) })) ?? 0);
  }

  /** How many jobs are in each status (statuses without jobs are absent). */
  async countByStatus(): Promise<Partial<Record<JobStatus, number>>> {
    const rows = await this.#jobs
      .createQueryBuilder('job')
      .select('job.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('job.status')
      .getRawMany<{ status: JobStatus; count: number | string }>();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** When the oldest job still in `status` was created; null when none is. */
  async oldestCreatedAt(status: JobStatus): Promise<Date | null> {
    const oldest = await this.#jobs.findOne({ where: { status }, order: { createdAt: 'ASC' }, select: { id: true, createdAt: true } });
    return oldest?.createdAt ?? null;
  }

  /** Those of `fileKeys` a job holds. */
  async referencedFileKeys(fileKeys: string[]): Promise<Set<string>> {
    if (fileKeys.length === 0) return new Set();
    const rows = await this.#jobs.find({ select: { fileKey: true }, where: { fileKey: In(fileKeys) } });
    return new Set(rows.map((row) => row.fileKey!));
  }

  listCreatedBefore(moment: Date, limit: number): Promise<Job[]> {
    return this.#jobs.find({ where: { createdAt: LessThan(moment) }, order: { createdAt: 'ASC' }, take: limit });
  }

  findIdempotency(organizationId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.#idempotency.findOneBy({ organizationId, key });
  }

  async deleteIdempotency(organizationId: string, key: string): Promise<void> {
    await this.#idempotency.delete({ organizationId, key });
  }

  async deleteIdempotencyBefore(moment: Date): Promise<number> {
    const result = await this.#idempotency.delete({ createdAt: LessThan(moment) });
    return result.affected ?? 0;
  }
}

/** MySQL's deadlock and lock-wait timeout: the statement was refused, nothing written. */
function isLockConflict(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}
