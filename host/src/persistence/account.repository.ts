import { type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { guardedWrite, type WriteStatement } from './guarded-write.js';
import { RawLookup } from './raw-lookup.js';
import { batchPerTurn } from '../common/per-turn-batch.js';
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

/** Organizations, users (members) and sessions. */
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

  /** The user's sessions that have not expired at `now`, newest first. */
  listSessions(userId: string, now: Date): Promise<Session[]> {
    return this.#sessions
      .createQueryBuilder('session')
      .where('session.user_id = :userId AND session.expires_at > :now', { userId, now })
      .orderBy('session.created_at', 'DESC')
      .getMany();
  }

  /** Ends one of the user's sessions; false when the user has none by that id. */
  async deleteSessionOfUser(userId: string, sessionId: string): Promise<boolean> {
    const result = await this.#sessions.createQueryBuilder().delete().where('id = :sessionId AND user_id = :userId', { sessionId, userId }).execute();
    return (result.affected ?? 0) > 0;
  }

  async deleteSessionsOfUser(userId: string): Promise<number> {
    const result = await this.#sessions.createQueryBuilder().delete().where('user_id = :userId', { userId }).execute();
    return result.affected ?? 0;
  }

  /** The organization's users, oldest first. */
  listMembers(organizationId: string): Promise<User[]> {
    return this.#users.createQueryBuilder('user').where('user.organization_id = :organizationId', { organizationId }).orderBy('user.created_at', 'ASC').getMany();
  }

  /**
   * Removes a user of the organization with their sessions, and with `revokeKeysAt` revokes the API
   * keys they created, in one transaction. False, removing nothing, when the organization has no
   * such user or the user is its last owner. The owner count is read by the DELETE itself, not
   * before it; in a derived table, which MySQL requires of a DELETE that reads its own table.
   */
  async removeMember(organizationId: string, userId: string, revokeKeysAt: Date | null): Promise<boolean> {
    const removeUser = {
      sql:
        "DELETE FROM users WHERE id = ? AND organization_id = ? AND (role <> 'owner' OR " +
        "(SELECT owners.n FROM (SELECT COUNT(*) AS n FROM users WHERE organization_id = ? AND role = 'owner') owners) > 1)",
      params: [userId, organizationId, organizationId],
    };
    const dependents: WriteStatement[] = [{ sql: 'DELETE FROM sessions WHERE user_id = ?', params: [userId] }];
    if (revokeKeysAt) {
      dependents.push(
        this.#dataSource
          .createQueryBuilder()
          .update(ApiKeyEntity)
          .set({ revokedAt: revokeKeysAt })
          .where('organization_id = :organizationId AND created_by = :userId AND revoked_at IS NULL', { organizationId, userId }),
      );
    }
    return guardedWrite(this.#dataSource, removeUser, dependents);
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
  /** `isActive`'s checks, one query per turn of the event loop. */
  readonly #active = batchPerTurn(
    async (ids: string[]) => {
      const found = new Set((await this.#lookup.columnsWhereIn(['id'], 'id', ids, 'revoked_at IS NULL')).map((row) => row.id));
      return ids.map((id) => found.has(id));
    },
    (id) => id,
  );

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

  /**
   * Whether the key is still unrevoked: one lookup by primary key. The checks asked in one turn of
   * the event loop share one query, made after the last was asked.
   */
  isActive(id: string): Promise<boolean> {
    return this.#active(id);
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
