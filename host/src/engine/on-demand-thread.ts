import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** What a thread's script answers for the request of that `id`. */
export interface ThreadReply {
  id: number;
}

/** A thread for one kind of slow call, so the API's event loop never runs it. */
export interface OnDemandThread<Request, Result> {
  call(request: Request): Promise<Result>;
  close(): Promise<void>;
}

interface Pending<Result> {
  resolve(result: Result): void;
  reject(error: Error): void;
}

/**
 * One worker thread running `entry`, started on the first call. Each request goes with an `id` the
 * reply carries back, and `settle` turns the reply into the call's result or error. A thread that
 * dies fails the calls it held and is replaced on the next one. `name` says what the thread does,
 * in logs and errors.
 */
export function onDemandThread<Request extends object, Reply extends ThreadReply, Result>(options: {
  entry: URL;
  name: string;
  logger: Logger;
  settle(reply: Reply): { result: Result } | { error: Error };
}): OnDemandThread<Request, Result> {
  const { entry, name, logger, settle } = options;
  const pending = new Map<number, Pending<Result>>();
  let worker: Worker | null = null;
  let nextId = 1;

  const start = (): Worker => {
    const started = new Worker(entry);
    started.unref();
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      const outcome = settle(reply);
      if ('error' in outcome) waiting.reject(outcome.error);
      else waiting.resolve(outcome.result);
    });
    started.on('error', (error) => logger.error({ err: error }, `the ${name} thread failed`));
    started.on('exit', () => {
      if (worker === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error(`the ${name} thread stopped`));
      pending.clear();
    });
    return started;
  };

  return {
    call(request) {
      worker ??= start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ ...request, id });
      });
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
