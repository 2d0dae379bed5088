import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { createLogger, REDACTED, scrubCredentials } from '../../host/src/common/logger.js';
import { bearer, createKey, signup, startHarness, type Harness } from './support/harness.js';
import { freshDatabase } from './support/mysql-database.js';
import { TEST_DATABASES } from './support/test-databases.js';

/** A pino destination that keeps every line written to it. */
function logSink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('host: log redaction', () => {
  describe('the logger', () => {
    it('redacts credentials wherever a logged object carries them by name', () => {
      const { stream, lines } = logSink();
      const logger = createLogger({ name: 'test', level: 'info' }, stream);
      logger.info(
        {
          headers: { authorization: 'Bearer dsk_aaaaaaaaaaaaaaaa', cookie: 'docsift_session=dss_bbbbbbbbbbbb', 'x-api-key': 'dsk_cccccccccccc', accept: 'application/json' },
          password: 'correct horse battery',
          webhookConfig: { url: 'https://hooks.example.com/x', authValue: 'receiver-token', hmacSecret: 'hmac-secret-value' },
        },
        'a request',
      );
      const line = JSON.parse(lines[0]!) as Record<string, any>;
      expect(line.headers).to.deep.equal({ authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, accept: 'application/json' });
      expect(line.password).to.equal(REDACTED);
      expect(line.webhookConfig).to.deep.equal({ url: 'https://hooks.example.com/x', authValue: REDACTED, hmacSecret: REDACTED });
    });

    it('logs a database error without its parameter values: no parameters, no SQL with values, no quoted values in the message or stack', () => {
      const { stream, lines } = logSink();
      const logger = createLogger({ name: 'test', level: 'info' }, stream);
      // What mysql2 reports for a duplicate, and what pg adds in `detail`.
      const mysqlError = Object.assign(new Error("Duplicate entry 'ann@example.com' for key 'ux_users_email'"), {
        code: 'ER_DUP_ENTRY',
        errno: 1062,
        sqlState: '23000',
        sqlMessage: "Duplicate entry 'ann@example.com' for key 'ux_users_email'",
        sql: "INSERT INTO `users`(`email`, `password_hash`) VALUES ('ann@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')",
      });
      const pgError = Object.assign(new Error('duplicate key value violates unique constraint "ux_sessions_token"'), {
        code: '23505',
        detail: 'Key (token_hash)=(5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8) already exists.',
        constraint: 'ux_sessions_token',
        table: 'sessions',
      });
      const query = 'INSERT INTO `users`(`email`, `password_hash`) VALUES (?, ?)';
      logger.error({ err: new QueryFailedError(query, ['ann@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'], mysqlError) }, 'unhandled error');
      logger.error({ err: new QueryFailedError('INSERT INTO sessions VALUES ($1)', ['5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'], pgError) }, 'unhandled error');
      const text = lines.join('\n');
      for (const value of ['ann@example.com', '$argon2id$', '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8']) expect(text).to.not.include(value);
      const [mysqlLine, pgLine] = lines.map((line) => (JSON.parse(line) as { err: Record<string, unknown> }).err);
      expect(mysqlLine).to.include({ type: 'QueryFailedError', code: 'ER_DUP_ENTRY', errno: 1062, query });
      expect(mysqlLine!.message).to.equal(`Duplicate entry '${REDACTED}' for key '${REDACTED}'`);
      expect(mysqlLine).to.not.have.any.keys('parameters', 'sql', 'sqlMessage', 'driverError');
      expect(pgLine).to.include({ code: '23505', constraint: 'ux_sessions_token', table: 'sessions' });
      expect(pgLine).to.not.have.any.keys('detail', 'parameters');
    });

    it('takes keys, session tokens and bearer credentials out of any error, and drops an HTTP client error’s options and headers', () => {
      const { stream, lines } = logSink();
      const logger = createLogger({ name: 'test', level: 'info' }, stream);
      const cause = new Error('refused for dss_sessionsessionsession');
      const clientError = Object.assign(new Error('the receiver said no to Bearer abc.def.ghi', { cause }), {
        code: 'ERR_NON_2XX_3XX_RESPONSE',
        options: { url: 'https://user:pw@hooks.example.com/x', headers: { authorization: 'Bearer receiver-token' } },
        response: { headers: { 'set-cookie': 'a=b' }, body: 'secret body' },
        hint: 'key dsk_keykeykeykeykey was used',
      });
      logger.warn({ err: clientError }, 'webhook attempt failed');
      const text = lines.join('\n');
      for (const value of ['dss_session', 'abc.def.ghi', 'receiver-token', 'dsk_keykey', 'secret body', 'user:pw']) expect(text).to.not.include(value);
      const err = (JSON.parse(lines[0]!) as { err: Record<string, any> }).err;
      expect(err.message).to.equal(`the receiver said no to Bearer ${REDACTED}`);
      expect(err.hint).to.equal(`key dsk_${REDACTED} was used`);
      expect(err.cause.message).to.equal(`refused for dss_${REDACTED}`);
      expect(err.code).to.equal('ERR_NON_2XX_3XX_RESPONSE');
    });

    it('takes the password out of connection URLs, with or without a user name', () => {
      expect(scrubCredentials('connect ECONNREFUSED redis://:s3cret@cache:6379')).to.equal(`connect ECONNREFUSED redis://${REDACTED}@cache:6379`);
      expect(scrubCredentials('mysql://root:pw@db:3306/docsift')).to.equal(`mysql://${REDACTED}@db:3306/docsift`);
    });
  });

  for (const database of TEST_DATABASES) {
    describe(`what the host logs when a request fails in the database (${database.name})`, () => {
      let h: Harness;
      let lines: string[];
      let drop: (() => Promise<void>) | undefined;
      before(async function () {
        let env: Record<string, string> = {};
        if (database.name.startsWith('MySQL')) {
          const base = process.env.DOCSIFT_TEST_MYSQL_URL;
          if (!base) {
            process.stderr.write('notice: DOCSIFT_TEST_MYSQL_URL is not set; log redaction over MySQL skipped\n');
            this.skip();
          }
          const db = await freshDatabase(base!);
          drop = db.drop;
          env = { DOCSIFT_DATABASE_URL: db.url };
        }
        const sink = logSink();
        lines = sink.lines;
        // The test's own plain logger: the host adds its redaction to whatever logger it is given.
        h = await startHarness(env, { logger: pino({ level: 'info' }, sink.stream) });
      });
      after(async () => {
        await h?.close();
        await drop?.();
      });

      it('logs the failure, and no key, session token, password, email or hash of them', async () => {
        const owner = await signup(h);
        const key = await createKey(h, owner);
        await h.dataSource.query(database.refuse('INSERT', 'api_keys'));
        await h.dataSource.query(database.refuse('INSERT', 'organization_types'));
        await h.dataSource.query(database.refuse('INSERT', 'sessions'));
        await h.dataSource.query(database.refuse('INSERT', 'users'));

        const failedKey = await h.request('POST', '/api/api-keys', { json: { name: 'second' }, headers: bearer(owner.sessionToken) });
        const type = {
          typeCode: 'purchase_invoice',
          displayName: 'Purchase invoice',
          description: 'An invoice',
          confidenceThreshold: 0.6,
          fields: [{ name: 'total', type: 'currency', description: 'Amount due' }],
        };
        const failedWithKey = await h.request('POST', '/api/documents/types', { json: type, headers: { ...bearer(key), 'x-api-key': key } });
        const failedLogin = await h.request('POST', '/api/auth/login', { json: { email: owner.email, password: 'correct horse battery' } });
        const failedSignup = await h.request('POST', '/api/auth/signup', { json: { email: 'new.owner@example.com', password: 'another long password', organizationName: 'N' } });
        expect([failedKey.status, failedWithKey.status, failedLogin.status, failedSignup.status]).to.deep.equal([500, 500, 500, 500]);

        const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
        const errors = logged.filter((line) => line.msg === 'unhandled error');
        expect(errors, 'one error line per failed request').to.have.length(4);
        for (const line of errors) expect(line.err!.message).to.match(/refused/);
        const text = lines.join('\n');
        const secrets = [key, key.slice(0, 12), sha256(key), owner.sessionToken, sha256(owner.sessionToken), 'correct horse battery', 'another long password', owner.email, 'new.owner@example.com', '$argon2id$'];
        for (const secret of secrets) expect(text, `the log carries ${secret}`).to.not.include(secret);
        expect(text).to.not.match(/\bds[ks]_(?!\[redacted\])/);
      });
    });
  }
});
