import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import type { AwilixContainer } from 'awilix';
import type Koa from 'koa';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../../host/src/config/config.js';
import { createDataSource, migrate } from '../../../host/src/persistence/data-source.js';
import { createHostContainer } from '../../../host/src/main/container.js';

export interface Harness {
  baseUrl: string;
  config: Config;
  container: AwilixContainer;
  dataSource: DataSource;
  dataDir: string;
  request(method: string, url: string, init?: { headers?: Record<string, string>; json?: unknown; body?: BodyInit }): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the host's Koa app on an ephemeral port over a fresh SQLite file in a temp directory. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-host-'));
  const config = loadConfig({ DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env });
  const dataSource = createDataSource({ database: config.database });
  await dataSource.initialize();
  await migrate(dataSource);
  const logger = pino({ level: 'silent' });
  const container = createHostContainer({ config, logger, dataSource, plugins: await testPlugins() });
  const app = container.resolve<Koa>('app');
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    config,
    container,
    dataSource,
    dataDir,
    request: (method, url, init = {}) =>
      fetch(baseUrl + url, {
        method,
        headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await container.dispose();
      await dataSource.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bundled plugins; until the plugin packages export them, an empty registry (with a notice). */
async function testPlugins(): Promise<unknown[]> {
  try {
    const { bundledPlugins } = await import('../../../host/src/main/bundled-plugins.js');
    return bundledPlugins();
  } catch (error) {
    if (!warned) process.stderr.write(`notice: bundled plugins unavailable (${(error as Error).message}); host tests run with an empty registry\n`);
    warned = true;
    return [];
  }
}
let warned = false;

export interface Account {
  sessionToken: string;
  organizationId: string;
  userId: string;
  email: string;
}

let counter = 0;

export async function signup(h: Harness, overrides: Partial<{ email: string; organizationName: string }> = {}): Promise<Account> {
  counter += 1;
  const email = overrides.email ?? `owner${counter}-${Date.now()}@example.com`;
  const res = await h.request('POST', '/api/auth/signup', {
    json: { email, password: 'correct horse battery', organizationName: overrides.organizationName ?? `Org ${counter}` },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { sessionToken: string; organization: { id: string }; user: { id: string } };
  return { sessionToken: body.sessionToken, organizationId: body.organization.id, userId: body.user.id, email };
}

export async function createKey(h: Harness, account: Account, body: Record<string, unknown> = { name: 'test' }): Promise<string> {
  const res = await h.request('POST', '/api/api-keys', { json: body, headers: { authorization: `Bearer ${account.sessionToken}` } });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
