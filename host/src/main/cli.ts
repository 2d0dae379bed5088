#!/usr/bin/env node
import { createLogger } from '../common/logger.js';
import { constants as osConstants } from 'node:os';
import { loadConfig, maskConfig, WORKER_METRICS_PORT, type Config } from '../config/config.js';
import type { HostRuntime } from './runtime.js';
import { HOST_VERSION } from '../common/version.js';
import { exitWhenDone } from './command-exit.js';

const USAGE = `docsift ${HOST_VERSION}

usage: docsift <command>

  serve [--no-worker]   serve the HTTP API and run the workers (--no-worker: as api)
  api                   serve the HTTP API only; jobs run in worker processes
  worker                run the document, task and webhook workers only; /metrics and
                        /api/ready on DOCSIFT_METRICS_PORT (default ${WORKER_METRICS_PORT})
  migrate               apply database migrations and exit
  config                print the effective configuration (secrets masked)
  extract FILE [--json] run the engine on one file and print the result; FILE… | DIR
                        [--jsonl]: one JSON line per file (docsift extract alone: its usage)
`;

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

function firstAccountHint(runtime: HostRuntime, config: Config): Promise<string[]> {
  return runtime.dataSource.query('SELECT COUNT(*) AS n FROM users').then((rows: Array<{ n: number | string }>) => {
    if (Number(rows[0]?.n) > 0 || config.signup === 'closed') return [];
    const body = JSON.stringify({ email: 'you@example.com', password: 'choose-a-long-password', organizationName: 'My organization' });
    return [
      'No account yet. Create the first one (it owns a new organization):',
      `  curl -s -X POST ${config.publicUrl}/api/auth/signup -H 'content-type: application/json' -d '${body}'`,
      'Then create an API key with the returned sessionToken:',
      `  curl -s -X POST ${config.publicUrl}/api/api-keys -H 'authorization: Bearer <sessionToken>' -H 'content-type: application/json' -d '{"name":"my key"}'`,
    ];
  });
}

async function run(mode: { api: boolean; worker: boolean }, config: Config): Promise<number> {
  const logger = createLogger({ name: 'docsift', level: config.logLevel });
  const { startHost } = await import('./runtime.js');
  const runtime = await startHost({ config, logger, ...mode });
  if (runtime.url) {
    out(
      [
        `docsift ${HOST_VERSION} listening on ${runtime.url} (public URL ${config.publicUrl}); workers ${mode.worker ? 'on' : 'off'}`,
        `API reference: ${config.publicUrl}/docs`,
        ...(await firstAccountHint(runtime, config)),
      ].join('\n'),
    );
  } else {
    out(`docsift ${HOST_VERSION} worker running (documents and tasks: ${config.jobs.concurrency} at once; webhook deliveries: ${config.webhooks.concurrency} at once)`);
  }
  if (runtime.metricsUrl) out(`metrics and readiness: ${runtime.metricsUrl}/metrics, ${runtime.metricsUrl}/api/ready`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: exiting at once; jobs still running come back when their leases lapse');
        process.exit(128 + osConstants.signals[signal]);
      }
      stopping = true;
      logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: no new jobs; running jobs get the grace period, then are handed back');
      runtime.stop().then(resolve, (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        resolve();
      });
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  });
  logger.info('stopped');
  return 0;
}

async function migrateCommand(config: Config): Promise<number> {
  const { openDatabase } = await import('./runtime.js');
  const dataSource = await openDatabase(config);
  const applied = (await dataSource.query('SELECT COUNT(*) AS n FROM migrations')) as Array<{ n: number | string }>;
  out(`migrations applied: ${Number(applied[0]?.n)} (database ${config.database.kind})`);
  await dataSource.destroy();
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'extract') {
    const { runExtractCommand } = await import('./extract-command.js');
    return runExtractCommand(args);
  }
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return run({ api: true, worker: !args.includes('--no-worker') }, config);
    case 'api':
      return run({ api: true, worker: false }, config);
    case 'worker':
      return run({ api: false, worker: true }, { ...config, metrics: { ...config.metrics, port: config.metrics.port ?? WORKER_METRICS_PORT } });
    case 'migrate':
      return migrateCommand(config);
    case 'config':
      out(JSON.stringify(maskConfig(config), null, 2));
      return 0;
    default:
      process.stderr.write(`docsift: unknown command "${command}"\n${USAGE}`);
      return 2;
  }
}

exitWhenDone(main(process.argv.slice(2)));
