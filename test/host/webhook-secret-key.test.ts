import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import { loadConfig } from '../../host/src/config/config.js';
import { startHost, type HostRuntime } from '../../host/src/main/runtime.js';
import { SECRET_KEY_FILE } from '../../host/src/webhooks/webhook-secrets.js';
import { PUBLIC_URL } from './support/harness.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { callHost } from './support/runtime-call.js';

type Json = Record<string, any>;

/**
 * Two API processes with data directories of their own and one database (a SQLite file here, as
 * MySQL would be for processes on different machines): DOCSIFT_WEBHOOK_SECRET_KEY lets each open
 * the secrets the other sealed, without any key file.
 */
describe('host: DOCSIFT_WEBHOOK_SECRET_KEY shared by processes that share a database', () => {
  let root: string;
  let receiver: Receiver;
  const key = randomBytes(32).toString('hex');
  const runtimes: HostRuntime[] = [];
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-secret-key-'));
    receiver = await startReceiver();
  });
  after(async () => {
    for (const runtime of runtimes) await runtime.stop();
    await receiver.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function start(name: string): Promise<HostRuntime> {
    const config = loadConfig({
      DOCSIFT_DATA_DIR: path.join(root, name),
      DOCSIFT_DATABASE_URL: `sqlite://${path.join(root, 'shared.sqlite')}`,
      DOCSIFT_WEBHOOK_SECRET_KEY: key,
      DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DOCSIFT_PUBLIC_URL: PUBLIC_URL,
      DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000',
    });
    const runtime = await startHost({ config, logger: pino({ level: 'silent' }), api: true, worker: false });
    runtimes.push(runtime);
    return runtime;
  }

  it('a secret saved through one process is masked and signs deliveries in the other; neither writes a key file', async () => {
    const a = await start('a');
    const b = await start('b');
    const account = await callHost(a, 'POST', '/api/auth/signup', null, { email: `k-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'K' });
    const created = await callHost(a, 'POST', '/api/integrations/webhooks', account.sessionToken, {
      connectionName: 'shared',
      webhookConfig: { url: `${receiver.url}/shared`, authType: 'hmac', hmacSecret: 'shared-secret-4321' },
    });

    const listed = await callHost(b, 'GET', '/api/integrations/webhooks', account.sessionToken);
    expect(listed.webhooks[0].webhookConfig.hmacSecret).to.equal('••••4321');
    const test = await callHost(b, 'POST', '/api/integrations/webhooks/test', account.sessionToken, { webhookId: created.id, testData: { data: { n: 1 } } });
    expect(test).to.include({ delivered: true });
    const [request] = receiver.on('/shared');
    const timestamp = request!.headers['x-webhook-timestamp'] as string;
    expect(request!.headers['x-webhook-signature']).to.equal(createHmac('sha256', 'shared-secret-4321').update(`${timestamp}.`).update(request!.raw).digest('hex'));

    for (const name of ['a', 'b']) expect(fs.existsSync(path.join(root, name, SECRET_KEY_FILE)), name).to.equal(false);
  });
});

/** The recipe of operations.md (Scale-out, 4): `DOCSIFT_WEBHOOK_SECRET_KEY=$(cat data/webhook-secrets.key)`, then the file can go. */
describe('host: moving the key file into DOCSIFT_WEBHOOK_SECRET_KEY keeps the stored secrets', () => {
  let dataDir: string;
  let receiver: Receiver;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-key-move-'));
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function start(env: Record<string, string>): Promise<HostRuntime> {
    const config = loadConfig({
      DOCSIFT_DATA_DIR: dataDir, DOCSIFT_WEBHOOK_ALLOW_PRIVATE: 'true', PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_PUBLIC_URL: PUBLIC_URL, DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000', ...env,
    });
    return startHost({ config, logger: pino({ level: 'silent' }), api: true, worker: false });
  }

  it('secrets sealed with the key file open once the variable holds its content and the file is removed', async () => {
    const keyFile = path.join(dataDir, SECRET_KEY_FILE);
    const before = await start({});
    let account: Json;
    let created: Json;
    try {
      account = await callHost(before, 'POST', '/api/auth/signup', null, { email: `m-${Date.now()}@example.com`, password: 'correct horse battery', organizationName: 'M' });
      created = await callHost(before, 'POST', '/api/integrations/webhooks', account.sessionToken, {
        connectionName: 'moved',
        webhookConfig: { url: `${receiver.url}/moved`, authType: 'hmac', hmacSecret: 'moved-secret-9876' },
      });
    } finally {
      await before.stop();
    }
    // `$(cat file)` drops trailing newlines.
    const variable = fs.readFileSync(keyFile, 'utf8').replace(/\n+$/, '');
    fs.rmSync(keyFile);

    const moved = await start({ DOCSIFT_WEBHOOK_SECRET_KEY: variable });
    try {
      const listed = await callHost(moved, 'GET', '/api/integrations/webhooks', account.sessionToken);
      expect(listed.webhooks[0].webhookConfig.hmacSecret).to.equal('••••9876');
      const test = await callHost(moved, 'POST', '/api/integrations/webhooks/test', account.sessionToken, { webhookId: created.id, testData: { data: { n: 1 } } });
      expect(test).to.include({ delivered: true });
      const [request] = receiver.on('/moved');
      const timestamp = request!.headers['x-webhook-timestamp'] as string;
      expect(request!.headers['x-webhook-signature']).to.equal(createHmac('sha256', 'moved-secret-9876').update(`${timestamp}.`).update(request!.raw).digest('hex'));
      expect(fs.existsSync(keyFile)).to.equal(false);
    } finally {
      await moved.stop();
    }
  });
});
