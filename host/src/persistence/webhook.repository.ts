import { In, LessThan, type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { JobEntity, type Job, type JobStatus } from './entities/job.entities.js';
import {
  DELIVERY_TRANSITIONS,
  WebhookConfigEntity,
  WebhookDeliveryEntity,
  WebhookOutboxMarkEntity,
  type DeliveryStatus,
  type WebhookConfigRecord,
  type WebhookDelivery,
} from './entities/webhook.entities.js';

const DELIVERY_STATUSES = Object.keys(DELIVERY_TRANSITIONS) as DeliveryStatus[];
const FINISHED: JobStatus[] = ['completed', 'failed'];

/** Webhook configurations, deliveries and outbox marks: one SQL operation per method. */
export class WebhookRepository {
  readonly #dataSource: DataSource;
  readonly #configs: Repository<WebhookConfigRecord>;
  readonly #deliveries: Repository<WebhookDelivery>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
    this.#configs = dataSource.getRepository(WebhookConfigEntity);
    this.#deliveries = dataSource.getRepository(WebhookDeliveryEntity);
  }

  async insertConfig(record: WebhookConfigRecord): Promise<void> {
    await this.#configs.insert(record as QueryDeepPartialEntity<WebhookConfigRecord>);
  }

  async saveConfig(record: WebhookConfigRecord): Promise<void> {
    await this.#configs.save(record);
  }

  findConfig(organizationId: string, id: string): Promise<WebhookConfigRecord | null> {
    return this.#configs.findOneBy({ organizationId, id });
  }

  listConfigs(organizationId: string): Promise<WebhookConfigRecord[]> {
    return this.#configs.find({ where: { organizationId }, order: { createdAt: 'ASC' } });
  }

  listActiveConfigs(organizationId: string): Promise<WebhookConfigRecord[]> {
    return this.#configs.find({ where: { organizationId, status: 'active' }, order: { createdAt: 'ASC' } });
  }

  /** Removes a configuration and its deliveries; false when it was not there. */
  async deleteConfig(organizationId: string, id: string): Promise<boolean> {
    return this.#dataSource.transaction(async (manager) => {
      const result = await manager.getRepository(WebhookConfigEntity).delete({ organizationId, id });
      if ((result.affected ?? 0) === 0) return false;
      await manager.getRepository(WebhookDeliveryEntity).delete({ webhookId: id });
      return true;
    });
  }

  /** The outbox write: the job's mark and its deliveries in one transaction (a second call fails on the mark). */
  async insertOutbox(jobId: string, deliveries: WebhookDelivery[], now: Date): Promise<void> {
    await this.#dataSource.transaction(async (manager) => {
      await manager.getRepository(WebhookOutboxMarkEntity).insert({ jobId, createdAt: now });
      if (deliveries.length > 0) await manager.getRepository(WebhookDeliveryEntity).insert(deliveries as QueryDeepPartialEntity<WebhookDelivery>[]);
    });
  }

  findDelivery(id: string): Promise<WebhookDelivery | null> {
    return this.#deliveries.findOneBy({ id });
  }

  /** Newest first. */
  listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    return this.#deliveries.find({ where: { webhookId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * Records an attempt: applies `change` only while the delivery is still pending with
   * `attemptCount` attempts behind it (a compare-and-set, so a duplicate run records nothing).
   */
  async recordAttempt(id: string, attemptCount: number, change: Partial<WebhookDelivery> & { status: DeliveryStatus }): Promise<boolean> {
    const from = DELIVERY_STATUSES.filter((status) => DELIVERY_TRANSITIONS[status].includes(change.status));
    const result = await this.#deliveries
      .createQueryBuilder()
      .update()
      .set(change as QueryDeepPartialEntity<WebhookDelivery>)
      .where('id = :id AND attempt_count = :attemptCount AND status IN (:...from)', { id, attemptCount, from })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Pending deliveries whose next attempt was due before `moment`, oldest first. */
  listOverdue(moment: Date, limit: number): Promise<WebhookDelivery[]> {
    return this.#deliveries.find({ where: { status: 'pending', nextAttemptAt: LessThan(moment) }, order: { nextAttemptAt: 'ASC' }, take: limit });
  }

  /** Deletes finished deliveries and outbox marks created before `moment`; returns the deliveries deleted. */
  async deleteFinishedBefore(moment: Date): Promise<number> {
    const result = await this.#deliveries.delete({ status: In(['delivered', 'failed']), createdAt: LessThan(moment) });
    await this.#dataSource.getRepository(WebhookOutboxMarkEntity).delete({ createdAt: LessThan(moment) });
    return result.affected ?? 0;
  }

  /** Jobs that finished between `after` and `before` and were never handed to the outbox. */
  listFinishedWithoutOutbox(after: Date, before: Date, limit: number): Promise<Job[]> {
    return this.#dataSource
      .getRepository(JobEntity)
      .createQueryBuilder('job')
      .leftJoin(WebhookOutboxMarkEntity.options.name, 'mark', 'mark.job_id = job.id')
      .where('job.status IN (:...finished)', { finished: FINISHED })
      .andWhere('job.updated_at > :after AND job.updated_at < :before', { after, before })
      .andWhere('mark.job_id IS NULL')
      .orderBy('job.updated_at', 'ASC')
      .take(limit)
      .getMany();
  }
}
