import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AccountRepository, ApiKeyRepository } from '../../host/src/persistence/account.repository.js';
import { UserEntity, type ApiKey, type Role, type Session, type User } from '../../host/src/persistence/entities/account.entities.js';
import { TEST_DATABASES, type OpenedDatabase } from './support/test-databases.js';

const HOUR = 3_600_000;

const user = (organizationId: string, role: Role): User => ({
  id: randomUUID(), organizationId, email: `${randomUUID()}@example.com`, name: null, passwordHash: 'x', role, createdAt: new Date(),
});

const session = (owner: User, createdAt: Date, expiresAt: Date): Session => ({
  id: randomUUID(), tokenHash: randomUUID().replaceAll('-', ''), userId: owner.id, organizationId: owner.organizationId, expiresAt, createdAt,
});

const apiKey = (creator: User): ApiKey => ({
  id: randomUUID(), organizationId: creator.organizationId, createdBy: creator.id, name: 'k', keyHash: randomUUID().replaceAll('-', ''), keyPrefix: 'dsk_test',
  scopes: ['*'], expiresAt: null, lastUsedAt: null, revokedAt: null, createdAt: new Date(),
});

for (const database of TEST_DATABASES) {
  describe(`host: sessions by user and member removal on ${database.name}`, function () {
    let db: OpenedDatabase;
    let accounts: AccountRepository;
    let keys: ApiKeyRepository;
    before(async function () {
      const opened = await database.open();
      if (!opened) {
        process.stderr.write(`notice: ${database.name} is not configured; member removal tests skipped there\n`);
        this.skip();
      }
      db = opened!;
      accounts = new AccountRepository({ dataSource: db.dataSource });
      keys = new ApiKeyRepository({ dataSource: db.dataSource });
    });
    after(async () => db?.close());

    it("lists a user's unexpired sessions newest first, and ends one of them only for that user", async () => {
      const organizationId = randomUUID();
      const [ann, bob] = [user(organizationId, 'owner'), user(organizationId, 'member')];
      for (const member of [ann, bob]) await accounts.insertUser(member);
      const now = new Date();
      const older = session(ann, new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() + HOUR));
      const newer = session(ann, new Date(now.getTime() - HOUR), new Date(now.getTime() + HOUR));
      const expired = session(ann, new Date(now.getTime() - 3 * HOUR), new Date(now.getTime() - 1));
      const bobs = session(bob, now, new Date(now.getTime() + HOUR));
      for (const row of [older, newer, expired, bobs]) await accounts.insertSession(row);
      expect((await accounts.listSessions(ann.id, now)).map((row) => row.id)).to.deep.equal([newer.id, older.id]);
      expect(await accounts.deleteSessionOfUser(ann.id, bobs.id), "another user's session").to.equal(false);
      expect(await accounts.deleteSessionOfUser(ann.id, older.id)).to.equal(true);
      expect((await accounts.listSessions(ann.id, now)).map((row) => row.id)).to.deep.equal([newer.id]);
      expect(await accounts.deleteSessionsOfUser(ann.id)).to.equal(2);
      expect((await accounts.listSessions(bob.id, now)).map((row) => row.id)).to.deep.equal([bobs.id]);
    });

    it('removes a member with their sessions, and revokes the keys they created only when asked', async () => {
      const organizationId = randomUUID();
      const [owner, kept, revoked] = [user(organizationId, 'owner'), user(organizationId, 'admin'), user(organizationId, 'admin')];
      for (const member of [owner, kept, revoked]) await accounts.insertUser(member);
      const later = new Date(Date.now() + HOUR);
      for (const member of [owner, kept, revoked]) await accounts.insertSession(session(member, new Date(), later));
      const [keptKey, revokedKey] = [apiKey(kept), apiKey(revoked)];
      for (const key of [keptKey, revokedKey]) await keys.insert(key);

      expect(await accounts.removeMember(organizationId, kept.id, null)).to.equal(true);
      expect(await accounts.removeMember(organizationId, revoked.id, new Date())).to.equal(true);
      expect(await accounts.findUser(kept.id)).to.equal(null);
      expect(await accounts.listSessions(kept.id, new Date())).to.deep.equal([]);
      expect(await accounts.listSessions(revoked.id, new Date())).to.deep.equal([]);
      expect(await accounts.listSessions(owner.id, new Date())).to.have.length(1);
      expect((await keys.listActive(organizationId)).map((key) => key.id)).to.deep.equal([keptKey.id]);
    });

    it('never removes the last owner, nor a user of another organization; removes an owner while another remains', async () => {
      const organizationId = randomUUID();
      const [first, second] = [user(organizationId, 'owner'), user(organizationId, 'owner')];
      for (const member of [first, second]) await accounts.insertUser(member);
      await accounts.insertSession(session(first, new Date(), new Date(Date.now() + HOUR)));
      expect(await accounts.removeMember(randomUUID(), first.id, null), 'from another organization').to.equal(false);
      expect(await accounts.removeMember(organizationId, first.id, null), 'one of two owners').to.equal(true);
      expect(await accounts.removeMember(organizationId, second.id, null), 'the last owner').to.equal(false);
      expect(await db.dataSource.getRepository(UserEntity).countBy({ organizationId })).to.equal(1);
    });
  });
}
