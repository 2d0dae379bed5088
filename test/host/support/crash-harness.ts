import pino from 'pino';
import { loadConfig } from '../../../host/src/config/config.js';
import type { EnginePool } from '../../../host/src/engine/index.js';
import { startHost, type HostRuntime } from '../../../host/src/main/runtime.js';
import type { JobQueue } from '../../../host/src/queue/index.js';
import { PUBLIC_URL } from './harness.js';
import { fakeEngine } from './fake-engine.js';

/**
 * A host process (API and workers) over `dataDir`, which the next process takes over after this one
 * dies. `env` comes on top of the test environment (silent logs, ephemeral port).
 */
export function startOn(dataDir: string, engine: EnginePool, env: Record<string, string> = {}, logger = pino({ level: 'silent' })): Promise<HostRuntime> {
  const config = loadConfig({ DOCSIFT_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DOCSIFT_PUBLIC_URL: PUBLIC_URL, ...env });
  return startHost({ config, logger, api: true, worker: true, enginePool: engine });
}

/** An engine whose document never finishes: the process "dies" with the job in hand. */
export const hangingEngine = () => fakeEngine(() => new Promise<never>(() => undefined));

/** The worker dies mid-job (as under kill -9): its queue stops at once without waiting, so the job's lease is no longer renewed. */
export async function die(runtime: HostRuntime): Promise<void> {
  await runtime.container.resolve<JobQueue>('jobQueue').stop({ timeoutMs: 0, leftRunning: 'lapse' });
  await runtime.stop();
}
