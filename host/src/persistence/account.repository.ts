import { type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { guardedWrite } from './guarded-write.js';
import { RawLookup } from './raw-lookup.js';
import {
  ApiKeyEntity,
  OrganizationEntity,
  SessionEntity,
  UserEntity,
  type ApiKey,
  type Organization,
  type Session,
  type User,
} from './entities/account.entities.js';

/** Organizations, users and sessions. */
export class AccountRepository {
  readonly #organizations: Repository<Organization>;
  readonly #users: Repository<User>;
  readonly #sessions: Repository<Session>;
  readonly #dataSource: DataSource;
  readonly #sessionLookup: RawLookup<Session>;
  readonly #userLookup: RawLookup<User>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#dataSource = dataSource;
    this.#sessionLookup = new RawLookup(dataSource, SessionEntity);
    this.#userLookup = new RawLookup(dataSource, UserEntity);
    this.#organizations = dataSource.getRepository(OrganizationEntity);
    this.#users = dataSource.getRepository(UserEntity);
    this.#sessions = dataSource.getRepository(SessionEntity);
  }

  /** Creates the organization and its owner in one transaction. */
  async createOrganizationWithOwner(organization: Organization, owner: User): Promise<void> {
    const builder = () => this.#dataSource.createQueryBuilder().insert();
    await guardedWrite(this.#dataSource, builder().into(OrganizationEntity).values(organization), [
      builder().into(UserEntity).values(owner as QueryDeepPartialEntity<User>),
    ]);
  }

  async insertUser(user: User): Promise<void> {
    await this.#users.insert(user);
  }

  findUserByEmail(email: string): Promise<User | null> {
    return this.#users.findOneBy({ email });
  }

  findUser(id: string): Promise<User | null> {
    return this.#userLookup.findOne('id = ?', [id]);
  }

  findOrganization(id: string): Promise<Organization | null> {
    return this.#organizations.findOneBy({ id });
  }

  async insertSession(session: Session): Promise<void> {
    await this.#sessions.insert(session);
  }

  findSessionByHash(tokenHash: string): Promise<Session | null> {
    return this.#sessionLookup.findOne('token_hash = ?', [tokenHash]);
  }

  async deleteSession(id: string): Promise<void> {
    await this.#sessions.delete({ id });
  }

  async deleteSessionsExpiredBefore(moment: Date): Promise<number> {
    const result = await this.#sessions.createQueryBuilder().delete().where('expires_at < :moment', { moment }).execute();
    return result.affected ?? 0;
  }
}

/** API keys of organizations. */
export class ApiKeyRepository {
  readonly #keys: Repository<ApiKey>;
  readonly #lookup: RawLookup<ApiKey>;

  constructor({ dataSource }: { dataSource: DataSource }) {
    this.#keys = dataSource.getRepository(ApiKeyEntity);
    this.#lookup = new RawLookup(dataSource, ApiKeyEntity);
  }

  async insert(key: ApiKey): Promise<void> {
    await this.#keys.insert(key);
  }

  findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    return this.#lookup.findOne('key_hash = ? AND revoked_at IS NULL', [keyHash]);
  }

  listActive(organizationId: string): Promise<ApiKey[]> {
    return this.#keys
      .createQueryBuilder('key')
      .where('key.organization_id = :organizationId AND key.revoked_at IS NULL', { organizationId })
      .orderBy('key.created_at', 'ASC')
      .getMany();
  }

  /** Revokes a key of the organization; false when it has none by that id. */
  async revoke(organizationId: string, id: string, moment: Date): Promise<boolean> {
    const result = await this.#keys
      .createQueryBuilder()
      .update()
      .set({ revokedAt: moment })
      .where('id = :id AND organization_id = :organizationId AND revoked_at IS NULL', { id, organizationId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async touch(id: string, moment: Date): Promise<void> {
    await this.#keys.createQueryBuilder().update().set({ lastUsedAt: moment }).where('id = :id', { id }).execute();
  }
}
