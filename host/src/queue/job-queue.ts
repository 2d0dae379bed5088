import { hostname } from 'node:os';
import { Agenda } from 'agenda';
import type { AgendaBackend, BackoffContext, Job, JobParameters, JobRepository } from 'agenda';
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

/** The reason of a job's abort signal when the stopping queue hands the job back (JobContext.signal). */
export class JobHandedBackError extends Error {
  override readonly name = 'JobHandedBackError';

  constructor() {
    super('the worker is stopping and hands this job back to the queue');
  }
}

/**
 * How long a handed-back job's handler may take to stop before its entry is released anyway. At most
 * a third of a lease: its last renewal was at most a third of a lease ago, so no other worker can
 * have taken the entry meanwhile.
 */
const HAND_BACK_SETTLE_MS = 2000;

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

/** The repository minus Agenda's state writes to entries this worker handed back: another worker may hold them by then. */
function withoutWritesTo(repository: JobRepository, handedBack: ReadonlySet<string>): JobRepository {
  return new Proxy(repository, {
    get(target, property) {
      if (property === 'saveJobState') {
        return async (...[job, options]: Parameters<JobRepository['saveJobState']>) => {
          if (job._id !== undefined && handedBack.has(String(job._id))) return;
          await target.saveJobState(job, options);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Agenda calls backend.connect() from its constructor with no catch; keep the error for start().
 * The backend's own notification channel (Redis, PostgreSQL) is hidden: the queue's wake signal replaces it.
 * Agenda's repository drops its writes to entries handed back (`withoutWritesTo`).
 */
function asAgendaBackend(backend: AgendaBackend, onError: (error: unknown) => void, handedBack: ReadonlySet<string>): AgendaBackend {
  const repository = withoutWritesTo(backend.repository, handedBack);
  return new Proxy(backend, {
    get(target, property) {
      if (property === 'connect') return () => connectWithRetry(target).catch(onError);
      if (property === 'notificationChannel') return undefined;
      if (property === 'repository') return repository;
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
  /** Per running entry: settles once Agenda has written its outcome (after the handler, which is not the end of a run). */
  private readonly running = new Map<string, { written: Promise<void>; resolve: () => void }>();
  /** The entries this worker runs, with the leases it renews for them. */
  private readonly held = new Map<Job, LeaseKeeper>();
  /** Ids of the entries this worker handed back while stopping. */
  private readonly handedBack = new Set<string>();
  /** Enqueues of one key run one after another, as not every backend's unique save is atomic. */
  private readonly enqueuesByKey = new Map<string, Promise<void>>();
  private state: QueueState = 'created';
  private stopping: Promise<void> | null = null;

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
      backend: asAgendaBackend(backend, (error) => (this.connectError = error), this.handedBack),
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
    agenda.on('complete', this.written);
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
      agenda.define(name, (job: Job<QueueEntry<DATA>>) => this.track(job, () => this.runEntry(job, handler, definition)), {
        concurrency: this.options.concurrency,
        lockLimit: this.options.concurrency,
        lockLifetime: this.options.lockLifetimeMs,
        backoff: this.backoff,
        removeOnComplete: true,
      });
    if (this.agenda) apply(this.agenda);
    else this.definitions.push(apply);
  }

  private track(job: Job, run: () => Promise<void>): Promise<void> {
    let resolve!: () => void;
    const written = new Promise<void>((settle) => (resolve = settle));
    this.running.set(String(job.attrs._id), { written, resolve });
    return run();
  }

  /** Agenda wrote the outcome of a run (its 'complete' event): a stop waiting for the run may go on. */
  private readonly written = (job: Job): void => {
    const id = String(job.attrs._id);
    this.running.get(id)?.resolve();
    this.running.delete(id);
  };

  private async runEntry<DATA>(job: Job<QueueEntry<DATA>>, handler: JobHandler<DATA>, definition: JobDefinitionOptions<DATA>): Promise<void> {
    const { payload } = job.attrs.data;
    const entryId = String(job.attrs._id);
    const attempt = (job.attrs.failCount ?? 0) + 1;
    const log = this.logger.child({ job: job.attrs.name, entryId, jobKey: job.attrs.data.jobKey, attempt });
    const lease = new LeaseKeeper(job as Job, Math.max(50, Math.floor(this.options.lockLifetimeMs / 3)), log);
    this.held.set(job as Job, lease);
    const context: JobContext = {
      attempt,
      maxAttempts: this.options.maxAttempts,
      touch: (progress) => lease.touch(progress),
      signal: this.shutdown.signal,
      handedBack: () => this.handedBack.has(entryId),
      // Agenda clears nextRunAt when a one-off entry starts; one set again survives its success and keeps the entry.
      deferUntil: (runAt) => {
        job.schedule(runAt);
      },
    };
    try {
      await handler(payload, context);
      if (this.handedBack.has(entryId)) this.leaveHandedBack(job, log);
    } catch (caught) {
      const error = asError(caught);
      if (this.handedBack.has(entryId)) {
        this.leaveHandedBack(job, log, error);
        return;
      }
      if (attempt < this.options.maxAttempts) {
        log.warn({ err: error }, 'job attempt failed; it will be retried');
        throw error;
      }
      log.error({ err: error }, 'job failed after its last attempt');
      await definition.onFinalFailure?.(payload, error);
    } finally {
      lease.stop();
      this.held.delete(job as Job);
    }
  }

  /** A handed-back entry's run ended: as a run that asks to go again, Agenda neither retries nor removes it (and its writes are dropped). */
  private leaveHandedBack(job: Job, log: Logger, error?: Error): void {
    job.schedule(new Date());
    log.debug({ err: error }, 'the handed-back job stopped');
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

  stop(stopOptions: StopOptions = {}): Promise<void> {
    this.stopping ??= this.stopOnce(stopOptions);
    return this.stopping;
  }

  private async stopOnce({ timeoutMs = this.options.stopGraceMs, signal, leftRunning = 'hand-back' }: StopOptions): Promise<void> {
    this.state = 'stopping';
    const connection = await this.loaded.catch(() => null);
    // Agenda's stop() unlocks jobs it holds but has not started; running jobs keep their leases.
    await connection?.agenda.stop(false);
    const finished = await this.waitForRunning({ timeoutMs, signal });
    if (!finished && leftRunning === 'hand-back' && connection) await this.handBack(connection);
    else if (!finished) {
      this.logger.warn({ running: this.running.size }, 'stopped waiting for running jobs; their leases will lapse');
      this.shutdown.abort();
      for (const lease of this.held.values()) lease.stop();
    }
    if (connection && connection.backend.ownsConnection !== false) {
      await connection.backend.disconnect().catch((error: unknown) => this.logger.warn({ err: error }, 'could not close the queue connection'));
    }
    this.state = 'stopped';
  }

  /**
   * Gives the entries still running back to the queue: their handlers are told to stop (and to undo
   * what their attempt started), then each entry is released as due now, its attempt not counted,
   * and idle workers are woken. From the first step on, nothing of this worker writes to them.
   */
  private async handBack({ agenda, backend }: Connection): Promise<void> {
    const entries = [...this.held].map(([job, lease]) => {
      lease.stop();
      this.handedBack.add(String(job.attrs._id));
      return { ...job.attrs };
    });
    this.shutdown.abort(new JobHandedBackError());
    await this.waitForRunning({ timeoutMs: Math.min(HAND_BACK_SETTLE_MS, Math.floor(this.options.lockLifetimeMs / 3)) });
    const now = new Date();
    const released = await Promise.all(
      entries.map((entry) =>
        backend.repository.saveJobState({ ...entry, lockedAt: undefined, nextRunAt: now }, { lastModifiedBy: agenda.attrs.name || undefined }).then(
          () => true,
          (error: unknown) => {
            this.logger.warn({ err: error, job: entry.name, entryId: String(entry._id) }, 'could not hand back a job; it runs again once its lease lapses');
            return false;
          },
        ),
      ),
    );
    for (const name of new Set(entries.map((entry) => entry.name))) this.wake(name);
    this.logger.info({ handedBack: released.filter(Boolean).length, stillRunning: this.running.size }, 'handed back the jobs still running');
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
      return await Promise.race([Promise.all([...this.running.values()].map((run) => run.written)).then(() => true as const), gaveUp]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
}
