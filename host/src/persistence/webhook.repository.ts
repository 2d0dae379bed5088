import { In, LessThan, type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import {
  DELIVERY_TRANSITIONS,
  WebhookConfigEntity,
  WebhookDeliveryEntity,
  type DeliveryStatus,
  type WebhookConfigRecord,
  type WebhookDelivery,
} from './entities/webhook.entities.js';
import { guardedWrite } from './guarded-write.js';
import { readNewestFirst } from './pagination.js';
import type { Page, PageRequest } from '../common/pagination.js';

const DELIVERY_STATUSES = Object.keys(DELIVERY_TRANSITIONS) as DeliveryStatus[];

/** Webhook configurations and deliveries: one SQL operation per method (JobRepository.finish writes new deliveries). */
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

  /** Rewrites an existing configuration (one UPDATE); false when it is no longer there. */
  async updateConfig(record: WebhookConfigRecord): Promise<boolean> {
    const { id, organizationId, ...change } = record;
    const result = await this.#configs.update({ id, organizationId }, change as QueryDeepPartialEntity<WebhookConfigRecord>);
    return (result.affected ?? 0) > 0;
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
    const deleteFrom = (entity: typeof WebhookConfigEntity | typeof WebhookDeliveryEntity) => this.#dataSource.createQueryBuilder().delete().from(entity);
    return guardedWrite(this.#dataSource, deleteFrom(WebhookConfigEntity).where({ organizationId, id }), [
      deleteFrom(WebhookDeliveryEntity).where({ webhookId: id }),
    ]);
  }

  findDelivery(id: string): Promise<WebhookDelivery | null> {
    return this.#deliveries.findOneBy({ id });
  }

  /** A configuration's deliveries newest first, a page at a time (common/pagination.ts). */
  listDeliveries(webhookId: string, page: PageRequest): Promise<Page<WebhookDelivery>> {
    return readNewestFirst(this.#deliveries.createQueryBuilder('delivery').where('delivery.webhook_id = :webhookId', { webhookId }), page);
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

  /** How many deliveries are in each status (statuses without deliveries are absent). */
  async countDeliveriesByStatus(): Promise<Partial<Record<DeliveryStatus, number>>> {
    const rows = await this.#deliveries
      .createQueryBuilder('delivery')
      .select('delivery.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('delivery.status')
      .getRawMany<{ status: DeliveryStatus; count: number | string }>();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** When the oldest pending delivery was created; null when none is pending. */
  async oldestPendingDeliveryCreatedAt(): Promise<Date | null> {
    const oldest = await this.#deliveries.findOne({ where: { status: 'pending' }, order: { createdAt: 'ASC' }, select: { id: true, createdAt: true } });
    return oldest?.createdAt ?? null;
  }

  /** Deletes finished deliveries created before `moment`; returns how many. */
  async deleteFinishedBefore(moment: Date): Promise<number> {
    const result = await this.#deliveries.delete({ status: In(['delivered', 'failed']), createdAt: LessThan(moment) });
    return result.affected ?? 0;
  }
}
