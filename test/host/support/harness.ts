import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { asClass, type AwilixContainer } from 'awilix';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../../host/src/config/config.js';
import type { EnginePool } from '../../../host/src/engine/index.js';
import { startHost } from '../../../host/src/main/runtime.js';
import { MaintenanceService } from '../../../host/src/services/maintenance.service.js';

export interface Harness {
  baseUrl: string;
  /** The metrics and readiness listener, when DOCSIFT_METRICS_PORT is set. */
  metricsUrl: string | null;
  config: Config;
  container: AwilixContainer;
  dataSource: DataSource;
  dataDir: string;
  request(method: string, url: string, init?: { headers?: Record<string, string>; json?: unknown; body?: RequestInit['body'] }): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Run the queue workers in the same process (documents, sweeper, retention). */
  worker?: boolean;
  /** The engine: a fake, `'threads'` for the real worker threads (loading DOCSIFT_PLUGINS), or by default none. */
  enginePool?: EnginePool | 'threads';
  /** The host's logger (default: silent). */
  logger?: pino.Logger;
}

export const PUBLIC_URL = 'http://docsift.test';

/** Starts the host (API, optionally workers) on an ephemeral port over a fresh SQLite file in a temp directory. */
export async function startHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsift-host-'));
  // A short lease: Agenda re-checks a running job every half lease and leaves that timer pending after the
  // job ends, so the default 10-minute lease would keep the test process alive for 5 minutes after the last job.
  const config = loadConfig({
    DOCSIFT_DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DOCSIFT_PUBLIC_URL: PUBLIC_URL,
    DOCSIFT_JOB_LOCK_LIFETIME_MS: '4000',
    ...env,
  });
  const logger = options.logger ?? pino({ level: 'silent' });
  const runtime = await startHost({
    config,
    logger,
    api: true,
    worker: options.worker ?? false,
    enginePool: options.enginePool === 'threads' ? undefined : (options.enginePool ?? unusedEngine),
  });
  const baseUrl = runtime.url!;
  return {
    baseUrl,
    metricsUrl: runtime.metricsUrl,
    config,
    container: runtime.container,
    dataSource: runtime.dataSource,
    dataDir,
    request: (method, url, init = {}) =>
      fetch(baseUrl + url, {
        method,
        headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    close: async () => {
      await runtime.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Tests that do not run workers never reach the engine. */
const unusedEngine: EnginePool = {
  process: () => Promise.reject(new Error('no engine in this test')),
  processPacket: () => Promise.reject(new Error('no engine in this test')),
  learn: () => Promise.reject(new Error('no engine in this test')),
  close: async () => undefined,
};


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

/** The host's maintenance (sweeper and purge) as it would run at `moment`: its other dependencies are the host's own. */
export function maintenanceAt(h: Harness, moment: Date): MaintenanceService {
  return h.container.build(asClass(MaintenanceService).inject(() => ({ clock: () => moment })));
}
