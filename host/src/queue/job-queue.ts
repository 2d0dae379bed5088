import { hostname } from 'node:os';
import { Agenda } from 'agenda';
import type { AgendaBackend, BackoffContext, Job, JobParameters } from 'agenda';
import type { Logger } from 'pino';
import type { SqlStatement } from '../persistence/sql.js';
import { LeaseKeeper } from './lease-keeper.js';
import { createQueueBackend } from './queue-backends.js';
import type {
  EnqueueOptions,
  JobContext,
  JobDefinitionOptions,
  JobHandler,
  JobQueue,
  JobQueueOptions,
  StopOptions,
} from './job-queue.types.js';
import { TypeormBackend } from './typeorm-backend/index.js';
import { WakeChannel } from './wake-channel.js';

/** What an Agenda entry carries: the caller's data and its idempotency key. */
interface QueueEntry<DATA> {
  jobKey: string | null;
  payload: DATA;
}

type QueueState = 'created' | 'started' | 'stopping' | 'stopped';

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

const CONNECT_ATTEMPTS = 3;

/**
 * Connects, retrying a little: two processes starting at once can collide while a backend
 * creates its schema (PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a twin).
 */
async function connectWithRetry(backend: AgendaBackend): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await backend.connect();
      return;
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Agenda calls backend.connect() from its constructor with no catch; keep the error for start().
 * The backend's own notification channel (Redis, PostgreSQL) is hidden: the queue's wake signal replaces it.
 */
function withCaughtConnect(backend: AgendaBackend, onError: (error: unknown) => void): AgendaBackend {
  return new Proxy(backend, {
    get(target, property) {
      if (property === 'connect') return () => connectWithRetry(target).catch(onError);
      if (property === 'notificationChannel') return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Neither waiting, running nor held by a lease: the entry finished for good. */
function isFinished(entry: JobParameters): boolean {
  return (entry.nextRunAt === null || entry.nextRunAt === undefined) && !entry.lockedAt;
}

/** An Agenda job for the entry, due at `runAt` (default now), unique by its key when it has one. */
function entryOf<DATA>(agenda: Agenda, name: string, data: DATA, { jobKey, runAt }: EnqueueOptions): Job<QueueEntry<DATA>> {
  const job = agenda.create<QueueEntry<DATA>>(name, { jobKey: jobKey ?? null, payload: data });
  job.schedule(runAt ?? new Date());
  if (jobKey !== undefined) job.unique({ 'data.jobKey': jobKey }, { insertOnly: true });
  return job;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  return new AgendaJobQueue(options);
}

/** Agenda and its backend, once the backend's module is loaded. */
interface Connection {
  agenda: Agenda;
  backend: AgendaBackend;
}

class AgendaJobQueue implements JobQueue {
  /** Settles once the backend is loaded and Agenda built. */
  private readonly loaded: Promise<Connection>;
  /** Settles once the backend is connected. */
  private readonly ready: Promise<Agenda>;
  /** Set once loaded; definitions made before then wait in `definitions`. */
  private agenda: Agenda | null = null;
  private readonly definitions: Array<(agenda: Agenda) => void> = [];
  private connectError: unknown;
  private readonly logger: Logger;
  private readonly shutdown = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly leases = new Set<LeaseKeeper>();
  /** Enqueues of one key run one after another, as not every backend's unique save is atomic. */
  private readonly enqueuesByKey = new Map<string, Promise<void>>();
  private state: QueueState = 'created';

  constructor(private readonly options: JobQueueOptions) {
    this.logger = options.logger.child({ component: 'queue' });
    this.loaded = this.load();
    this.ready = this.loaded.then(({ agenda }) => this.connected(agenda));
    this.ready.catch(() => undefined);
  }

  private async load(): Promise<Connection> {
    const { options } = this;
    const backend = await createQueueBackend(options);
    const agenda = new Agenda({
      backend: withCaughtConnect(backend, (error) => (this.connectError = error)),
      name: options.workerName ?? `${hostname()}:${process.pid}`,
      processEvery: options.processEveryMs ?? 1000,
      maxConcurrency: options.concurrency,
      defaultConcurrency: options.concurrency,
      lockLimit: options.concurrency,
      defaultLockLimit: options.concurrency,
      defaultLockLifetime: options.lockLifetimeMs,
      ...(options.wakeSignal ? { notificationChannel: new WakeChannel(options.wakeSignal) } : {}),
    });
    agenda.on('error', (error: Error) => this.logger.error({ err: error }, 'queue error'));
    this.agenda = agenda;
    for (const apply of this.definitions.splice(0)) apply(agenda);
    return { agenda, backend };
  }

  private async connected(agenda: Agenda): Promise<Agenda> {
    await Promise.all([agenda.ready, this.options.wakeSignal?.open()]);
    if (this.connectError !== undefined) throw asError(this.connectError);
    return agenda;
  }

  private readonly backoff = (context: BackoffContext): number | null =>
    context.attempt >= this.options.maxAttempts ? null : this.options.retryBaseMs * 2 ** (context.attempt - 1);

  define<DATA>(name: string, handler: JobHandler<DATA>, definition: JobDefinitionOptions<DATA> = {}): void {
    const apply = (agenda: Agenda) =>
      agenda.define(name, (job: Job<QueueEntry<DATA>>) => this.track(this.runEntry(job, handler, definition)), {
        concurrency: this.options.concurrency,
        lockLimit: this.options.concurrency,
        lockLifetime: this.options.lockLifetimeMs,
        backoff: this.backoff,
        removeOnComplete: true,
      });
    if (this.agenda) apply(this.agenda);
    else this.definitions.push(apply);
  }

  private async track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async runEntry<DATA>(job: Job<QueueEntry<DATA>>, handler: JobHandler<DATA>, definition: JobDefinitionOptions<DATA>): Promise<void> {
    const { payload } = job.attrs.data;
    const attempt = (job.attrs.failCount ?? 0) + 1;
    const log = this.logger.child({ job: job.attrs.name, entryId: String(job.attrs._id), jobKey: job.attrs.data.jobKey, attempt });
    const lease = new LeaseKeeper(job as Job, Math.max(50, Math.floor(this.options.lockLifetimeMs / 3)), log);
    this.leases.add(lease);
    const context: JobContext = {
      attempt,
      maxAttempts: this.options.maxAttempts,
      touch: (progress) => lease.touch(progress),
      signal: this.shutdown.signal,
      // Agenda clears nextRunAt when a one-off entry starts; one set again survives its success and keeps the entry.
      deferUntil: (runAt) => {
        job.schedule(runAt);
      },
    };
    try {
      await handler(payload, context);
    } catch (caught) {
      const error = asError(caught);
      if (attempt < this.options.maxAttempts) {
        log.warn({ err: error }, 'job attempt failed; it will be retried');
        throw error;
      }
      log.error({ err: error }, 'job failed after its last attempt');
      await definition.onFinalFailure?.(payload, error);
    } finally {
      lease.stop();
      this.leases.delete(lease);
    }
  }

  async enqueue<DATA>(name: string, data: DATA, enqueueOptions: EnqueueOptions = {}): Promise<void> {
    const agenda = await this.ready;
    const { jobKey } = enqueueOptions;
    if (jobKey === undefined) return this.saveEntry(agenda, name, data, enqueueOptions);
    const previous = this.enqueuesByKey.get(jobKey) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(() => this.saveEntry(agenda, name, data, enqueueOptions));
    this.enqueuesByKey.set(jobKey, current);
    try {
      await current;
    } finally {
      if (this.enqueuesByKey.get(jobKey) === current) this.enqueuesByKey.delete(jobKey);
    }
  }

  async entryStatement<DATA>(name: string, data: DATA, enqueueOptions: EnqueueOptions = {}): Promise<SqlStatement | null> {
    const { backend } = await this.loaded;
    if (!(backend instanceof TypeormBackend)) return null;
    const agenda = await this.ready;
    return backend.repository.insertStatement(entryOf(agenda, name, data, enqueueOptions).toJson(true), agenda.attrs.name || undefined);
  }

  private async saveEntry<DATA>(agenda: Agenda, name: string, data: DATA, enqueueOptions: EnqueueOptions): Promise<void> {
    const jobKey = enqueueOptions.jobKey ?? null;
    const job = entryOf(agenda, name, data, enqueueOptions);
    await job.save();
    // save() gives back the entry's run time: one that is due to run is not finished, no need to read it.
    if (jobKey !== null && job.attrs._id && !job.attrs.nextRunAt) await this.rearmIfFinished(agenda, String(job.attrs._id), enqueueOptions.runAt);
  }

  /** An entry kept after its final failure would swallow a re-enqueue of its key: run it afresh. */
  private async rearmIfFinished(agenda: Agenda, entryId: string, runAt: Date | undefined): Promise<void> {
    const entry = await agenda.db.getJobById(entryId);
    if (!entry || !isFinished(entry)) return;
    await agenda.db.saveJobState(
      { ...entry, nextRunAt: runAt ?? new Date(), lockedAt: undefined, failCount: 0, failReason: undefined, failedAt: undefined },
      { lastModifiedBy: agenda.attrs.name },
    );
  }

  wake(name: string): void {
    this.options.wakeSignal?.wake({ jobName: name, runAt: null });
  }

  async hasPendingEntry(name: string, jobKey: string): Promise<boolean> {
    const agenda = await this.ready;
    const { jobs } = await agenda.queryJobs({ name, data: { jobKey } });
    return jobs.some((entry) => !isFinished(entry));
  }

  async probe(): Promise<void> {
    if (this.state === 'stopping' || this.state === 'stopped') throw new Error(`the queue is ${this.state}`);
    await this.ready;
    const { backend } = await this.loaded;
    await backend.repository.getQueueSize();
  }

  async every(name: string, interval: string | number): Promise<void> {
    const agenda = await this.ready;
    await agenda.every(interval, name, { jobKey: null, payload: null });
  }

  async start(): Promise<void> {
    if (this.state !== 'created') throw new Error(`the queue cannot start once ${this.state}`);
    const agenda = await this.ready;
    await agenda.start();
    this.state = 'started';
    const { backend } = await this.loaded;
    this.logger.info({ backend: backend.name, concurrency: this.options.concurrency }, 'queue workers started');
  }

  async stop(stopOptions: StopOptions = {}): Promise<void> {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    this.state = 'stopping';
    const connection = await this.loaded.catch(() => null);
    // Agenda's stop() unlocks jobs it holds but has not started; running jobs keep their leases.
    await connection?.agenda.stop(false);
    const finished = await this.waitForRunning(stopOptions);
    if (!finished) {
      this.logger.warn({ running: this.running.size }, 'stopped waiting for running jobs; their leases will lapse');
      this.shutdown.abort();
      for (const lease of this.leases) lease.stop();
    }
    if (connection && connection.backend.ownsConnection !== false) {
      await connection.backend.disconnect().catch((error: unknown) => this.logger.warn({ err: error }, 'could not close the queue connection'));
    }
    this.state = 'stopped';
  }

  private async waitForRunning({ timeoutMs, signal }: StopOptions): Promise<boolean> {
    if (this.running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const gaveUp = new Promise<false>((resolve) => {
      if (timeoutMs !== undefined) timer = setTimeout(() => resolve(false), timeoutMs);
      onAbort = () => resolve(false);
      if (signal?.aborted) resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([Promise.allSettled([...this.running]).then(() => true as const), gaveUp]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
}
